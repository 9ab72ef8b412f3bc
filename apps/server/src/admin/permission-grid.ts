import { GRID_FLAGS, type PermissionGridBody, type PermissionRow, tblPermission } from "@office/core";
import type { Kysely } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { requireEmployee } from "./employee.js";

const FLAG_COLUMNS = GRID_FLAGS.map((f) => f.column);
const granted = (row: PermissionRow) => FLAG_COLUMNS.some((column) => row[column] === 1);
const same = (a: PermissionRow, b: PermissionRow) => FLAG_COLUMNS.every((column) => a[column] === b[column]);

/** An employee's permission rows (administrators: the route's grant). */
export async function readPermissionGrid(db: Kysely<DB>, empID: number): Promise<PermissionRow[]> {
  await requireEmployee(db, empID, false);
  return db
    .selectFrom("tblPermission")
    .select(["permissionPageID", ...FLAG_COLUMNS])
    .where("empID", "=", empID)
    .orderBy("permissionPageID")
    .execute();
}

/**
 * Makes an employee's permissions the grid's, in one transaction: a page with every flag off
 * loses its row, a changed page is updated, a new one inserted, each change audited. All of
 * it or none lands: a grid that would leave no administrator is refused at commit (409).
 */
export async function savePermissionGrid(
  db: Kysely<DB>,
  empID: number,
  grid: PermissionGridBody,
  actor: Actor,
): Promise<{ status: "success"; count: number }> {
  return db.transaction().execute(async (tx) => {
    await requireEmployee(tx, empID, true);
    const before = await tx
      .selectFrom("tblPermission")
      .selectAll()
      .where("empID", "=", empID)
      .forNoKeyUpdate()
      .execute();
    const wanted = new Map(grid.rows.filter(granted).map((row) => [row.permissionPageID as number, row]));
    const held = new Map(before.map((row) => [row.permissionPageID, row]));
    const gone = before.filter((row) => !wanted.has(row.permissionPageID));
    const changed = before.filter((row) => {
      const next = wanted.get(row.permissionPageID);
      return next !== undefined && !same(row, next);
    });
    const added = [...wanted.values()].filter((row) => !held.has(row.permissionPageID));

    if (gone.length > 0) {
      await tx
        .deleteFrom("tblPermission")
        .where(
          "permissionID",
          "in",
          gone.map((row) => row.permissionID),
        )
        .execute();
      await audit(
        tx,
        actor,
        "delete",
        tblPermission,
        gone.map((row) => ({ before: row })),
      );
    }
    for (const row of changed) {
      const next = wanted.get(row.permissionPageID) as PermissionRow;
      const after = await tx
        .updateTable("tblPermission")
        .set(Object.fromEntries(FLAG_COLUMNS.map((column) => [column, next[column]])))
        .where("permissionID", "=", row.permissionID)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(tx, actor, "update", tblPermission, [{ before: row, after }]);
    }
    if (added.length > 0) {
      const inserted = await tx
        .insertInto("tblPermission")
        .values(added.map((row) => ({ ...row, empID })))
        .returningAll()
        .execute();
      await audit(
        tx,
        actor,
        "insert",
        tblPermission,
        inserted.map((after) => ({ after })),
      );
    }
    return { status: "success" as const, count: gone.length + changed.length + added.length };
  });
}
