import { RESOURCES, type Resource } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { type Actor, actorEmpID } from "./actor.js";
import { withConstraintMessages } from "./constraint-messages.js";

export type AuditAction = "insert" | "update" | "delete" | "restore";

/** What was changed: a resource, or another table of the server's (its name and key). */
export type AuditTarget = Pick<Resource, "name" | "key"> & Partial<Pick<Resource, "columns">>;

/** One audit record per changed row, written in the transaction of the change. */
export async function audit(
  tx: Kysely<DB>,
  actor: Actor,
  action: AuditAction,
  target: AuditTarget,
  changes: ReadonlyArray<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>,
): Promise<void> {
  if (changes.length === 0) return;
  const empID = actorEmpID(actor);
  // Secrets stay out of the trail: it is read back by administrators.
  const visible = (row: Record<string, unknown> | undefined) =>
    row && Object.fromEntries(Object.entries(row).filter(([name]) => !target.columns?.[name]?.hidden));
  await tx
    .insertInto("auditLog")
    .values(
      changes.map(({ before, after }) => ({
        empID,
        action,
        tableName: target.name,
        recordKey: String((after ?? before)?.[target.key]),
        before: before ? sql`${JSON.stringify(visible(before))}::jsonb` : null,
        after: after ? sql`${JSON.stringify(visible(after))}::jsonb` : null,
      })),
    )
    .execute();
}

/**
 * Puts a deleted row back from its audit record, with its own key, and records the restore.
 * Only deletes are restored; a key taken again since answers 409.
 */
export async function restoreDeleted(db: Kysely<DB>, auditID: number, actor: Actor): Promise<{ id: number }> {
  return db.transaction().execute(async (tx) => {
    const record = await tx.selectFrom("auditLog").selectAll().where("auditID", "=", auditID).executeTakeFirst();
    if (!record) throw new AppError(404, "No such audit record.");
    const def = RESOURCES.get(record.tableName);
    if (record.action !== "delete" || !record.before || !def || def.kind !== "table") {
      throw AppError.badRequest("Only a deleted record can be restored.");
    }
    const row = record.before as Record<string, unknown>;
    const columns = Object.keys(row).filter((column) => Object.hasOwn(def.columns, column));
    const { rows } = await withConstraintMessages(
      def.name,
      sql<Record<string, unknown>>`insert into ${sql.table(def.name)}
        (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => row[c]))})
        returning *`.execute(tx),
    );
    const restored = rows[0] as Record<string, unknown>;
    await audit(tx, actor, "restore", def, [{ after: restored }]);
    return { id: Number(restored[def.key]) };
  });
}
