import { RESOURCES } from "@office/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens, type TestApp, testApp, withToken } from "./support/app.js";
import { dataClient } from "./support/data.js";
import { ENGINES } from "./support/engines.js";

/*
 * A delete takes with it the rows the database removes by cascade: each is audited as a
 * delete of its own, so the trail keeps (and restores) everything that went.
 */
describe.each(ENGINES)("deletes that cascade on $name", (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof dataClient>;
  let adminToken: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await testApp(engine);
    ({ admin: adminToken } = await demoTokens(t.app));
    admin = dataClient(t.app, adminToken);
  });
  afterAll(() => t?.close());

  it("are declared on every table whose rows a cascade removes", async () => {
    const { rows } = await sql<{ parent: string; child: string; column: string }>`
      select p.relname as parent, c.relname as child, a.attname as column
      from pg_constraint k
      join pg_class p on p.oid = k.confrelid
      join pg_class c on c.oid = k.conrelid
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.contype = 'f' and k.confdeltype = 'c'`.execute(db());
    const between = rows.filter((r) => RESOURCES.get(r.parent)?.kind === "table" && RESOURCES.has(r.child));
    expect(between.length).toBeGreaterThanOrEqual(3);
    for (const { parent, child, column } of between) {
      expect(RESOURCES.get(parent)?.cascades, `${parent} → ${child}`).toContainEqual({ table: child, column });
    }
  });

  it("audit a project's status history with the project, and a status comes back by restore", async () => {
    const projectID = (await admin.insert("tblProject", { projectName: "Cascade Test" })).json().id as number;
    const statuses: number[] = [];
    for (const code of [60, 61]) {
      const response = await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: code });
      expect(response.statusCode, response.body).toBe(200);
      statuses.push(response.json().id as number);
    }
    expect((await admin.remove("tblProject", `projectID = ${projectID}`)).statusCode).toBe(200);

    const trail = await db()
      .selectFrom("auditLog")
      .select(["auditID", "tableName", "recordKey", "before"])
      .where("action", "=", "delete")
      .where((eb) =>
        eb.or([
          eb.and([eb("tableName", "=", "tblProject"), eb("recordKey", "=", String(projectID))]),
          eb.and([eb("tableName", "=", "tblProjectStatus"), eb("recordKey", "in", statuses.map(String))]),
        ]),
      )
      .orderBy("auditID")
      .execute();
    expect(trail.map((r) => [r.tableName, r.recordKey])).toEqual([
      ["tblProjectStatus", String(statuses[0])],
      ["tblProjectStatus", String(statuses[1])],
      ["tblProject", String(projectID)],
    ]);
    expect(trail[1]?.before).toMatchObject({ projectID, projectStatusCodeID: 61 });

    // The project first, then its statuses: the history and the kept status are back.
    const restore = (auditID: number) =>
      t.app.inject(withToken(adminToken, { method: "POST", url: "/API/Restore/", payload: { auditID } }));
    for (const record of [trail[2], trail[0], trail[1]]) {
      const response = await restore(record?.auditID as number);
      expect(response.statusCode, response.body).toBe(200);
    }
    const project = await db()
      .selectFrom("tblProject")
      .select("projectLatestStatusCodeID")
      .where("projectID", "=", projectID)
      .executeTakeFirstOrThrow();
    expect(project.projectLatestStatusCodeID).toBe(61);
  });

  it("audit a portal order's items with the order", async () => {
    const order = await admin.insert("tblPortalOrder", {
      portalOrderNumber: "CASCADE-1",
      portalOrderTitle: "Cascade",
      clientID: 1,
    });
    expect(order.statusCode, order.body).toBe(200);
    const portalOrderID = order.json().id as number;
    const item = await admin.insert("tblPortalOrderItem", { portalOrderID, itemDescription: "Sign", itemQuantity: 3 });
    expect((await admin.remove("tblPortalOrder", `portalOrderID = ${portalOrderID}`)).statusCode).toBe(200);
    const audited = await db()
      .selectFrom("auditLog")
      .select("recordKey")
      .where("action", "=", "delete")
      .where("tableName", "=", "tblPortalOrderItem")
      .execute();
    expect(audited.map((r) => r.recordKey)).toEqual([String(item.json().id)]);
  });
});
