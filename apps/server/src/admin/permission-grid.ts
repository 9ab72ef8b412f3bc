import {
  GRID_FLAGS,
  type PermissionChange,
  type PermissionGridBody,
  type PermissionRow,
  permissionChanges,
  tblPermission,
} from "@office/core";
import type { Kysely, Selectable } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB, TblPermission } from "../db/schema.js";
import { requireEmployee } from "./employee.js";

const FLAG_COLUMNS = GRID_FLAGS.map((f) => f.column);

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
    const changes = permissionChanges(before, grid.rows);
    await writePermissionChanges(tx, empID, before, changes, actor);
    return { status: "success" as const, count: changes.length };
  });
}

/**
 * Writes an employee's permission changes within the caller's transaction, `before` being their
 * rows as locked: the pages taken away deleted, the changed updated, the new inserted, each audited.
 */
export async function writePermissionChanges(
  tx: Kysely<DB>,
  empID: number,
  before: readonly Selectable<TblPermission>[],
  changes: readonly PermissionChange[],
  actor: Actor,
): Promise<void> {
  const rowOf = new Map(before.map((row) => [row.permissionPageID, row]));
  const gone = changes
    .filter((change) => !change.after)
    .map((change) => rowOf.get(change.permissionPageID))
    .filter((row) => row !== undefined);
  const changed = changes.filter((change) => change.before && change.after);
  const added = changes.flatMap((change) => (change.before || !change.after ? [] : [change.after]));

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
  for (const change of changed) {
    const row = rowOf.get(change.permissionPageID) as Selectable<TblPermission>;
    const next = change.after as PermissionRow;
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
}
