import { EDITABLE_GROUPS, type ListOrderBody, tblAppLookup } from "@office/core";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { type Actor, requireAccess } from "./actor.js";
import { audit } from "./audit.js";

/**
 * Puts a list's values in a new order (their appLookupSort 0, 1, 2, …), in one transaction
 * and audited. The ids must be exactly the list's: one added or removed meanwhile by someone
 * else makes it a 409, so an order is never applied to a list it was not made for.
 */
export async function reorderList(
  db: Kysely<DB>,
  { group, ids }: ListOrderBody,
  actor: Actor,
): Promise<{ status: "success"; count: number }> {
  requireAccess(actor, tblAppLookup.access.change, "change", tblAppLookup.name);
  if (!EDITABLE_GROUPS.has(group)) throw AppError.badRequest("This list cannot be edited.", { group: "is not a list" });
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom("tblAppLookup")
      .selectAll()
      .where("appLookupParentID", "=", group)
      .orderBy("appLookupID")
      .forUpdate()
      .execute();
    const held = new Set(rows.map((row) => row.appLookupID));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => held.has(id))) {
      throw new AppError(409, "The list has changed since it was read: read it again.");
    }
    let count = 0;
    for (const [sort, id] of ids.entries()) {
      const before = rows.find((row) => row.appLookupID === id);
      if (!before || before.appLookupSort === sort) continue;
      const after = await tx
        .updateTable("tblAppLookup")
        .set({ appLookupSort: sort })
        .where("appLookupID", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(tx, actor, "update", tblAppLookup, [{ before, after }]);
      count++;
    }
    return { status: "success" as const, count };
  });
}
