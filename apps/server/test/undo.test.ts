import { OPERATIONS, UNDO_MINUTES } from "@office/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import type { DataClient } from "./support/data.js";
import { ENGINES } from "./support/engines.js";
import { keptStatus, newProject } from "./support/projects.js";

/*
 * Undo of a delete: what its author deleted a moment ago comes back as it was, with its own
 * key, and with what went with it; nobody else's delete, nothing older than the minutes, and
 * nothing twice.
 */
describe.each(ENGINES)("undoing a delete on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm } = t;
  const undo = (client: DataClient, table: string, keys: unknown[]) =>
    client.operation(OPERATIONS.undoDelete, { table, keys });
  const note = async (client: DataClient, desc: string) => {
    const response = await client.insert("tblProjectNotes", {
      projectID: 1,
      ProjectNotesMinutes: 45,
      projectNoteCategory: 105,
      ProjectNotesDesc: desc,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id as number;
  };
  const noteRow = (id: number) =>
    t.db.selectFrom("tblProjectNotes").selectAll().where("projectNotesID", "=", id).executeTakeFirst();

  it("puts its author's note back, key, time and every field as they were, once", async () => {
    const id = await note(staff, "to be undone");
    const before = await noteRow(id);
    const deleted = await staff.remove("tblProjectNotes", `projectNotesID = ${id}`);
    expect(deleted.json()).toMatchObject({ id: 1, keys: [id] });
    expect(await noteRow(id)).toBeUndefined();

    // A colleague cannot undo it, even one who may delete everyone's notes.
    expect((await undo(admin, "tblProjectNotes", [id])).statusCode).toBe(404);
    const undone = await undo(staff, "tblProjectNotes", [id]);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ count: 1 });
    expect(await noteRow(id)).toEqual(before);
    const again = await undo(staff, "tblProjectNotes", [id]);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      `Nothing to undo: these records were not deleted by you in the last ${UNDO_MINUTES} minutes, or are back already.`,
    );
    const trail = await t.db
      .selectFrom("auditLog")
      .select(["action", "empID"])
      .where("tableName", "=", "tblProjectNotes")
      .where("recordKey", "=", String(id))
      .orderBy("auditID")
      .execute();
    expect(trail).toEqual([
      { action: "insert", empID: 2 },
      { action: "delete", empID: 2 },
      { action: "restore", empID: 2 },
    ]);
  });

  it("lists a table's records deleted and not back, newest first with who deleted them, to administrators", async () => {
    const [kept, gone, back] = [await note(staff, "kept"), await note(staff, "gone"), await note(staff, "back")];
    expect((await staff.remove("tblProjectNotes", `projectNotesID in (${gone}, ${back})`)).statusCode).toBe(200);
    expect((await undo(staff, "tblProjectNotes", [back])).statusCode).toBe(200);
    const deleted = await admin.operation(OPERATIONS.deletedRecords, { table: "tblProjectNotes" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows: Array<{ recordKey: string; byName: string; before: { ProjectNotesDesc: string }; auditID: number }> =
      deleted.json().data;
    const keys = rows.map((row) => Number(row.recordKey));
    expect(keys).toContain(gone);
    expect(keys).not.toContain(back);
    expect(keys).not.toContain(kept);
    expect(rows.find((row) => Number(row.recordKey) === gone)).toMatchObject({
      byName: "Sam Taylor",
      before: { ProjectNotesDesc: "gone" },
    });
    expect(rows.map((row) => row.auditID)).toEqual([...rows.map((row) => row.auditID)].sort((a, b) => b - a));
    // Restored from the list, it leaves it.
    const entry = rows.find((row) => Number(row.recordKey) === gone);
    expect((await admin.restore(entry?.auditID ?? 0)).statusCode).toBe(200);
    const after = (await admin.operation(OPERATIONS.deletedRecords, { table: "tblProjectNotes" })).json().data;
    expect(after.map((row: { recordKey: string }) => Number(row.recordKey))).not.toContain(gone);
    // The trail is the administrators'.
    expect((await staff.operation(OPERATIONS.deletedRecords, { table: "tblProjectNotes" })).statusCode).toBe(403);
  });

  it("brings back only what was asked, and nothing deleted longer ago than the minutes", async () => {
    const [kept, old] = [await note(staff, "kept"), await note(staff, "old")];
    expect((await staff.remove("tblProjectNotes", `projectNotesID IN (${kept}, ${old})`)).statusCode).toBe(200);
    await sql`update "auditLog" set "createdTS" = now() - ${sql.lit(`${UNDO_MINUTES + 1} minutes`)}::interval
      where "tableName" = 'tblProjectNotes' and "recordKey" = ${String(old)} and "action" = 'delete'`.execute(t.db);
    const undone = await undo(staff, "tblProjectNotes", [kept, old, 999_999]);
    expect(undone.json()).toEqual({ count: 1 });
    expect(await noteRow(kept)).toBeDefined();
    expect(await noteRow(old)).toBeUndefined();
  });

  it("is refused to whoever may not delete there, before anything is read", async () => {
    expect((await undo(noperm, "tblProjectNotes", [1])).statusCode).toBe(403);
    expect((await undo(staff, "tblClient", [1])).statusCode).toBe(403);
  });

  it("gives back a right taken away at the next call, as its delete took it", async () => {
    const rows = () => staff.query({ table: "vwEmployeeDirectory", fields: "empID", rowLimit: 1 });
    expect((await rows()).statusCode).toBe(200);
    const deleted = await admin.remove("tblPermission", "empID = 2 AND permissionPageID = 22");
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await rows()).statusCode).toBe(403);
    const undone = await undo(admin, "tblPermission", deleted.json().keys);
    expect(undone.json()).toEqual({ count: 1 });
    expect((await rows()).statusCode).toBe(200);
  });

  it("puts a project back with its status history and the portal order it had unlinked", async () => {
    const projectID = await newProject(admin, "Undo Test");
    for (const code of [60, 61]) {
      expect((await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: code })).statusCode).toBe(200);
    }
    const order = await admin.insert("tblPortalOrder", {
      portalOrderNumber: "UNDO-1",
      portalOrderTitle: "Undo",
      clientID: 1,
      portalOrderStatus: 1,
    });
    const portalOrderID = order.json().id as number;
    await t.db.updateTable("tblPortalOrder").set({ projectID }).where("portalOrderID", "=", portalOrderID).execute();
    const statuses = () =>
      t.db
        .selectFrom("tblProjectStatus")
        .select(["projectStatusID", "projectStatusCodeID"])
        .where("projectID", "=", projectID)
        .orderBy("projectStatusID")
        .execute();
    const history = await statuses();

    expect((await admin.remove("tblProject", `projectID = ${projectID}`)).statusCode).toBe(200);
    expect(await statuses()).toEqual([]);
    const undone = await undo(admin, "tblProject", [projectID]);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await statuses()).toEqual(history);
    expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(61);
    const linked = await t.db
      .selectFrom("tblPortalOrder")
      .select("projectID")
      .where("portalOrderID", "=", portalOrderID)
      .executeTakeFirstOrThrow();
    expect(linked.projectID).toBe(projectID);
  });
});
