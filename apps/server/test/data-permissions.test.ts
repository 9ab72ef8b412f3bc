import {
  type Column,
  type Grant,
  grantedFlag,
  PERMISSION_FLAGS,
  type PermissionFlag,
  RESOURCES,
  type ResourceDef,
  tableFor,
  valueSchema,
} from "@office/core";
import { describe, expect, it } from "vitest";
import { readable, updatable } from "../src/data/inputs.js";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";

const NOPERM = 3;
/** The tables and views each call serves (data/inputs.ts: its schema's enumeration). */
const SERVES: Record<PermissionFlag, (def: ResourceDef) => boolean> = {
  view: readable,
  add: tableFor("add"),
  change: updatable,
  del: tableFor("del"),
};
const OTHER_PAGE = 25; // a page no resource is governed by

/** A value the column accepts, to make a request that passes validation. */
function sampleValue(column: Column): unknown {
  const candidates = [1, 0, "In", "x", "2026-01-01 00:00:00"];
  return candidates.find((value) => valueSchema(column).safeParse(value).success);
}

/** A plain column to update: not generated, not owned by the server, not self-service. */
function updatableColumn(def: ResourceDef): string {
  const self = def.selfService?.fields ?? [];
  const name = Object.entries(def.columns).find(([n, c]) => !c.generated && !c.serverOwned && !self.includes(n))?.[0];
  // A table whose "change" is only a file attached to it (a card charge's receipt) takes no
  // column: its key is sent, which the access check answers before the body's check refuses it.
  return name ?? def.key;
}

type FlagSet = { name: string; rows: Array<{ page: number; flags: PermissionFlag[] }> };

describe.each(ONE_ENGINE)("the permission matrix on $name", (engine) => {
  const t = useTestApp(engine);
  const client = t.noperm;

  async function grant(rows: FlagSet["rows"]) {
    await t.db.deleteFrom("tblPermission").where("empID", "=", NOPERM).execute();
    for (const { page, flags } of rows) {
      await t.db
        .insertInto("tblPermission")
        .values({
          empID: NOPERM,
          permissionPageID: page,
          permissionView: Number(flags.includes("view")),
          permissionAdd: Number(flags.includes("add")),
          permissionChange: Number(flags.includes("change")),
          permissionDel: Number(flags.includes("del")),
        })
        .execute();
    }
  }

  function call(def: ResourceDef, flag: PermissionFlag) {
    const none = `${def.key} = -1`;
    switch (flag) {
      case "view":
        return client.query({ table: def.name, fields: def.key, where: none });
      case "add":
        return client.insert(def.name, {});
      case "change": {
        const column = updatableColumn(def);
        return client.update(def.name, none, { [column]: sampleValue(def.columns[column] as Column) });
      }
      case "del":
        return client.remove(def.name, none);
    }
  }

  for (const def of RESOURCES.values()) {
    for (const flag of PERMISSION_FLAGS) {
      // A call that never serves the table (a view's writes, an action granted to nobody) refuses
      // it by its schema, before the rights, whoever asks: the API document lists what it serves.
      if (!SERVES[flag](def)) {
        it(`${def.name} ${flag}: not a table the call serves → 400`, async () => {
          await grant([{ page: OTHER_PAGE, flags: [...PERMISSION_FLAGS] }]);
          const response = await call(def, flag);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().fieldErrors, response.body).toHaveProperty("table");
        });
        continue;
      }
      const needed: Grant = def.access[flag];
      // The page and flag the action needs (setting a status: change on page 3).
      const granted = grantedFlag(needed, flag);
      const page = granted?.page ?? OTHER_PAGE;
      const own = granted?.flag ?? flag;
      const others = PERMISSION_FLAGS.filter((f) => f !== own);
      const reachesEveryones = (on: number) =>
        (flag === "change" || flag === "del") && (def.authorWrites?.everyonesOn ?? []).some((p) => p === on);
      const sets: Array<FlagSet & { allowed: boolean }> = [
        { name: "no permission rows at all", rows: [], allowed: false },
        {
          name: "every flag on another page",
          rows: [{ page: OTHER_PAGE, flags: [...PERMISSION_FLAGS] }],
          allowed: needed === "anyone",
        },
        {
          name: "every other flag on its page",
          rows: [{ page, flags: others }],
          // A page whose own flag for the action reaches every author's rows (a notes page) grants it too.
          allowed: needed === "anyone" || (reachesEveryones(page) && others.includes(flag)),
        },
        { name: "the flag on its page", rows: [{ page, flags: [own] }], allowed: needed !== null },
        // Change or delete on a page that reaches everyone's rows, without the resource's own grant.
        ...(def.authorWrites?.everyonesOn ?? [])
          .filter((other) => other !== page && (flag === "change" || flag === "del"))
          .map((other) => ({
            name: `the flag on page ${other}, everyone's rows`,
            rows: [{ page: other, flags: [flag] }],
            allowed: true,
          })),
      ];
      for (const set of sets) {
        it(`${def.name} ${flag}: ${set.name} → ${set.allowed ? "allowed" : "403"}`, async () => {
          await grant(set.rows);
          const response = await call(def, flag);
          if (set.allowed) {
            expect(response.statusCode, response.body).not.toBe(403);
            expect(response.statusCode, response.body).toBeLessThan(500);
          } else {
            expect(response.statusCode, response.body).toBe(403);
            if (set.rows.length === 0) expect(response.json().message).toBe("Access Denied!");
          }
        });
      }
    }
  }
});
