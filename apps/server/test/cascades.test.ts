import { RESOURCES } from "@office/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { auditSince, lastAuditID } from "./support/db.js";
import { ONE_ENGINE } from "./support/engines.js";
import { expectLatestStatusesKept, keptStatus, newProject } from "./support/projects.js";

/*
 * A delete takes with it the rows the database removes by cascade: each is audited as a
 * delete of its own, so the trail keeps (and restores) everything that went. The rows the
 * database would unlink (on delete set null) are unlinked first, each audited as an update.
 */
describe.each(ONE_ENGINE)("deletes that cascade on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin } = t;

  it("are declared on every table whose rows a cascade removes or unlinks", async () => {
    const { rows } = await sql<{ parent: string; child: string; column: string; action: "c" | "n" }>`
      select p.relname as parent, c.relname as child, a.attname as column, k.confdeltype as action
      from pg_constraint k
      join pg_class p on p.oid = k.confrelid
      join pg_class c on c.oid = k.conrelid
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.contype = 'f' and k.confdeltype in ('c', 'n')`.execute(t.db);
    const between = rows.filter((r) => RESOURCES.get(r.parent)?.kind === "table" && RESOURCES.has(r.child));
    expect(between.filter((r) => r.action === "c").length).toBeGreaterThanOrEqual(3);
    expect(between.filter((r) => r.action === "n").length).toBeGreaterThanOrEqual(1);
    for (const { parent, child, column, action } of between) {
      const declared = action === "n" ? { table: child, column, setNull: true } : { table: child, column };
      expect(RESOURCES.get(parent)?.cascades, `${parent} → ${child}`).toContainEqual(declared);
    }
  });

  it("audit a project's status history with the project, and a status comes back by restore", async () => {
    const projectID = await newProject(admin, "Cascade Test");
    const statuses: number[] = [];
    for (const code of [60, 61]) {
      const response = await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: code });
      expect(response.statusCode, response.body).toBe(200);
      statuses.push(response.json().id as number);
    }
    expect((await admin.remove("tblProject", `projectID = ${projectID}`)).statusCode).toBe(200);

    const trail = await t.db
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

    // The project first: without its history, it has no status (though its old row had one).
    expect(trail[2]?.before).toMatchObject({ projectLatestStatusCodeID: 61 });
    const restore = async (auditID: number) => {
      const response = await admin.restore(auditID);
      expect(response.statusCode, response.body).toBe(200);
    };
    const kept = () => keptStatus(t.db, projectID);
    await restore(trail[2]?.auditID as number);
    expect(await kept()).toEqual({ projectLatestStatusCodeID: null, projectLatestStatusTS: null });
    // Then its statuses: the history and the kept status are back.
    await restore(trail[0]?.auditID as number);
    expect((await kept()).projectLatestStatusCodeID).toBe(60);
    await restore(trail[1]?.auditID as number);
    expect((await kept()).projectLatestStatusCodeID).toBe(61);
    await expectLatestStatusesKept(t.db);
  });

  it("audit the portal order a deleted project unlinks, as an update of the order", async () => {
    const order = await admin.insert("tblPortalOrder", {
      portalOrderNumber: "CASCADE-2",
      portalOrderTitle: "Became a Project",
      clientID: 1,
      portalOrderStatus: 1,
    });
    expect(order.statusCode, order.body).toBe(200);
    const portalOrderID = order.json().id as number;
    const made = await admin.projectFromOrder(portalOrderID);
    expect(made.statusCode, made.body).toBe(200);
    const projectID = made.json().id as number;
    const since = await lastAuditID(t.db);

    expect((await admin.remove("tblProject", `projectID = ${projectID}`)).statusCode).toBe(200);
    const trail = await auditSince(t.db, since);
    expect(trail.map((r) => [r.action, r.tableName, r.recordKey])).toEqual([
      ["delete", "tblProjectStatus", expect.any(String)],
      ["update", "tblPortalOrder", String(portalOrderID)],
      ["delete", "tblProject", String(projectID)],
    ]);
    expect(trail[1]?.before).toMatchObject({ portalOrderID, projectID, portalOrderStatus: 1 });
    expect(trail[1]?.after).toMatchObject({ portalOrderID, projectID: null, portalOrderStatus: 1 });
    const unlinked = await t.db
      .selectFrom("tblPortalOrder")
      .select(["projectID", "portalOrderStatus"])
      .where("portalOrderID", "=", portalOrderID)
      .executeTakeFirstOrThrow();
    expect(unlinked).toEqual({ projectID: null, portalOrderStatus: 1 });

    // Approved and without a project, the order may become a project again.
    const again = await admin.projectFromOrder(portalOrderID);
    expect(again.statusCode, again.body).toBe(200);
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
    const audited = await t.db
      .selectFrom("auditLog")
      .select("recordKey")
      .where("action", "=", "delete")
      .where("tableName", "=", "tblPortalOrderItem")
      .execute();
    expect(audited.map((r) => r.recordKey)).toEqual([String(item.json().id)]);
  });
});
