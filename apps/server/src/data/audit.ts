import { RESOURCES, type Resource, UNDO_MINUTES } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { tellOwners } from "../notifications/notify.js";
import { type Actor, actorEmpID } from "./actor.js";
import { withConstraintMessages } from "./constraint-messages.js";

export type AuditAction = "insert" | "update" | "delete" | "restore";

/** What was changed: a resource, or another table of the server's (its name and key). */
export type AuditTarget = Pick<Resource, "name" | "key"> &
  Partial<Pick<Resource, "columns" | "toldOfChanges" | "toldAs">>;

/** The files attached to records (uploads.ts): their records, the bytes under UPLOAD_DIR. */
export const UPLOAD_TABLE: AuditTarget = { name: "upload", key: "uploadID" };

/** The server's own tables whose deleted rows an administrator may put back: a removed file's record (its bytes stay). */
const RESTORABLE_SERVER_TABLES: Readonly<Record<string, AuditTarget>> = { upload: UPLOAD_TABLE };

/**
 * One audit record per changed row, written in the transaction of the change: one statement
 * whatever the rows, their keys and images sent as one JSON document, so a write of thousands
 * of rows (a statement import) audits them at once. Six parameters a row met PostgreSQL's
 * 65,535 at 10,923 rows, and an array of JSON texts took PGlite four times as long to read.
 */
export async function audit(
  tx: Kysely<DB>,
  actor: Actor,
  action: AuditAction,
  target: AuditTarget,
  changes: ReadonlyArray<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>,
): Promise<void> {
  if (changes.length === 0) return;
  // Secrets stay out of the trail: it is read back by administrators.
  const visible = (row: Record<string, unknown> | undefined) =>
    row ? Object.fromEntries(Object.entries(row).filter(([name]) => !target.columns?.[name]?.hidden)) : null;
  const records = JSON.stringify(
    changes.map(({ before, after }) => ({
      key: String((after ?? before)?.[target.key]),
      before: visible(before),
      after: visible(after),
    })),
  );
  await sql`insert into "auditLog" ("empID", "action", "tableName", "recordKey", "before", "after")
    select ${actorEmpID(actor)}::integer, ${action}, ${target.name}, change.key, change.before, change.after
    from json_to_recordset(${records}::json) as change (key text, before jsonb, after jsonb)`.execute(tx);
  // The rows' owners hear of it, as they were before (a project given to a new owner tells the old one).
  const told = target.toldOfChanges;
  if (told && (action === "update" || action === "delete")) {
    const rows = changes.flatMap(({ before }) => (before ? [before] : []));
    await tellOwners(tx, actorEmpID(actor), target.name, told, action === "delete", rows);
  }
  if (target.toldAs && action === "insert") await tellOwnersOfWhole(tx, actor, target.toldAs, changes);
}

/** The owners of the records that rows just added belong to (`toldAs`): each is told of a change of theirs. */
async function tellOwnersOfWhole(
  tx: Kysely<DB>,
  actor: Actor,
  whole: { table: string; key: string },
  changes: ReadonlyArray<{ after?: Record<string, unknown> }>,
) {
  const def = RESOURCES.get(whole.table);
  const told = def?.toldOfChanges;
  const keys = [...new Set(changes.map(({ after }) => after?.[whole.key]).filter((key) => key != null))];
  if (!def || !told || keys.length === 0) return;
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(def.name)}
    where ${sql.ref(def.key)} in (${sql.join(keys)})`.execute(tx);
  await tellOwners(tx, actorEmpID(actor), def.name, told, false, rows);
}

/** Inserts a row as an audit image has it (its own key), and audits the restore. */
async function putBack(tx: Kysely<DB>, def: AuditTarget, row: Record<string, unknown>, actor: Actor) {
  // A server table's image is its whole row, as the server wrote it.
  const columns = Object.keys(row).filter((column) => !def.columns || Object.hasOwn(def.columns, column));
  const { rows } = await withConstraintMessages(
    def.name,
    sql<Record<string, unknown>>`insert into ${sql.table(def.name)}
      (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => row[c]))})
      returning *`.execute(tx),
  );
  const restored = rows[0] as Record<string, unknown>;
  await audit(tx, actor, "restore", def, [{ after: restored }]);
  return restored;
}

/**
 * Puts a deleted row back from its audit record, with its own key, and records the restore.
 * Only deletes are restored; a key taken again since answers 409.
 */
export async function restoreDeleted(db: Kysely<DB>, auditID: number, actor: Actor): Promise<{ id: number | string }> {
  return db.transaction().execute(async (tx) => {
    const record = await tx.selectFrom("auditLog").selectAll().where("auditID", "=", auditID).executeTakeFirst();
    if (!record) throw new AppError(404, "No such audit record.");
    const resource = RESOURCES.get(record.tableName);
    const def = resource?.kind === "table" ? resource : RESTORABLE_SERVER_TABLES[record.tableName];
    if (record.action !== "delete" || !record.before || !def) {
      throw AppError.badRequest("Only a deleted record can be restored.");
    }
    const key = (await putBack(tx, def, record.before as Record<string, unknown>, actor))[def.key];
    return { id: typeof key === "string" ? key : Number(key) };
  });
}

interface Trail {
  auditID: string;
  recordKey: string;
  before: Record<string, unknown>;
}

/**
 * Undo of a delete (POST /API/Undo/): the records of `keys` whose last change is the caller's
 * own delete of the last UNDO_MINUTES minutes come back as they were, first, then what went with
 * them in the same transaction (a cascade's rows deleted, or unlinked: their column set again
 * where it is still empty). Each is audited as a restore. Records deleted by someone else, long
 * ago, or already back are not touched; none of those asked answers 404.
 */
export async function undoDelete(
  db: Kysely<DB>,
  def: Resource,
  keys: readonly number[],
  actor: Actor,
): Promise<{ count: number }> {
  const empID = actorEmpID(actor);
  const asked = keys.map(String);
  return db.transaction().execute(async (tx) => {
    const { rows: deleted } = await sql<Trail>`select "auditID", "recordKey", "before" from "auditLog" a
      where a."tableName" = ${def.name} and a."recordKey" = any(${asked}::text[]) and a."action" = 'delete'
        and a."empID" = ${empID} and a."createdTS" > now() - ${sql.lit(`${UNDO_MINUTES} minutes`)}::interval
        and not exists (select 1 from "auditLog" later where later."tableName" = a."tableName"
          and later."recordKey" = a."recordKey" and later."auditID" > a."auditID")
      order by a."auditID"`.execute(tx);
    if (deleted.length === 0) {
      throw new AppError(
        404,
        `Nothing to undo: these records were not deleted by you in the last ${UNDO_MINUTES} minutes, or are back already.`,
      );
    }
    for (const record of deleted) await putBack(tx, def, record.before, actor);
    const parents = deleted.map((record) => record.recordKey);
    // The same transaction's: its rows share the delete's now() (to the microsecond, which a Date is not).
    const moments = sql`select "createdTS" from "auditLog" where "auditID" = any(${deleted.map((r) => r.auditID)}::bigint[])`;
    for (const cascade of def.cascades ?? []) {
      const child = RESOURCES.get(cascade.table) as Resource;
      const { rows: trail } = await sql<Trail>`select "auditID", "recordKey", "before" from "auditLog"
        where "tableName" = ${child.name} and "action" = ${cascade.setNull ? "update" : "delete"}
          and "empID" = ${empID} and "createdTS" in (${moments})
          and "before" ->> ${cascade.column} = any(${parents}::text[])
        order by "auditID"`.execute(tx);
      if (!cascade.setNull) {
        for (const record of trail) await putBack(tx, child, record.before, actor);
        continue;
      }
      for (const record of trail) {
        const { rows } = await sql<Record<string, unknown>>`update ${sql.table(child.name)}
          set ${sql.ref(cascade.column)} = ${record.before[cascade.column]}
          where ${sql.ref(child.key)} = ${record.before[child.key]} and ${sql.ref(cascade.column)} is null
          returning *`.execute(tx);
        if (rows[0]) await audit(tx, actor, "update", child, [{ before: record.before, after: rows[0] }]);
      }
    }
    return { count: deleted.length };
  });
}
