import { insertSchema, MAX_ROWS_PER_WRITE, RESOURCES, type Resource, updateSchema } from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { validate } from "../http/validate.js";
import { type Actor, actorEmpID, requireAccess, requireReach } from "./actor.js";
import { audit } from "./audit.js";
import { withConstraintMessages } from "./constraint-messages.js";
import { parseResourceWhere } from "./query.js";
import { checkWrittenValues } from "./references.js";
import { updateScope, writableRows } from "./row-scope.js";

/** How long an Idempotency-Key is remembered: a retry later than this inserts again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

type Row = Record<string, unknown>;

function writableTable(def: Resource): void {
  if (def.kind !== "table") throw new AppError(403, `${def.name} is read-only.`);
  if (def.writtenBy) throw new AppError(403, `${def.name} is written by ${def.writtenBy}.`);
}

/**
 * Replaces what the server owns with the server's values: on insert the signed-in employee
 * and the time of the write; on update neither changes (a note keeps its author and time).
 */
function serverValues(def: Resource, values: Row, actor: Actor, mode: "insert" | "update"): Record<string, unknown> {
  const result: Record<string, unknown> = { ...values };
  for (const [name, column] of Object.entries(def.columns)) {
    if (!column.serverOwned) continue;
    if (mode === "update") delete result[name];
    else result[name] = column.serverOwned === "now" ? sql`now()` : actorEmpID(actor);
  }
  return result;
}

function setClause(values: Record<string, unknown>): RawBuilder<unknown> {
  return sql.join(Object.entries(values).map(([name, value]) => sql`${sql.ref(name)} = ${value}`));
}

/** The values an insert writes: the fields checked against the rules, and the server's own. */
export function insertValues(def: Resource, fields: unknown, actor: Actor): Record<string, unknown> {
  writableTable(def);
  return serverValues(def, validate(insertSchema(def), fields, "fields"), actor, "insert");
}

/** Inserts one row of `insertValues` in the caller's transaction: its references checked, the insert audited. */
export async function insertRow(tx: Kysely<DB>, def: Resource, values: Row, actor: Actor): Promise<Row> {
  const [row] = await insertRows(tx, def, [values], actor);
  return row as Row;
}

/**
 * Inserts rows of `insertValues` with the same fields in one statement, as `insertRow` inserts
 * one: the references of all checked together, each row audited (and its owner told) in one
 * write of the trail. A write of many rows costs a few statements, not a few per row.
 */
export async function insertRows(
  tx: Kysely<DB>,
  def: Resource,
  rows: ReadonlyArray<Row>,
  actor: Actor,
): Promise<Row[]> {
  const [first] = rows;
  if (!first) return [];
  await checkWrittenValues(tx, def, rows);
  const columns = Object.keys(first);
  const { rows: written } = await withConstraintMessages(
    def.name,
    sql<Row>`insert into ${sql.table(def.name)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values ${sql.join(rows.map((values) => sql`(${sql.join(columns.map((c) => values[c]))})`))}
      returning *`.execute(tx),
  );
  await audit(
    tx,
    actor,
    "insert",
    def,
    written.map((after) => ({ after })),
  );
  return written;
}

/** POST /API/Insert/: one row; answers its key. With an idempotency key, a retry answers the same. */
export async function insertRecord(
  db: Kysely<DB>,
  def: Resource,
  fields: unknown,
  actor: Actor,
  idempotencyKey?: string,
): Promise<{ id: number }> {
  requireAccess(actor, def.access.add, "add", def.name);
  const values = insertValues(def, fields, actor);
  if (idempotencyKey) {
    // The writers of keys forget the old ones (an index range, usually empty). Not in the
    // insert's transaction: two inserts deleting the same old keys would wait for each other's commit.
    await db
      .deleteFrom("idempotencyKey")
      .where("createdTS", "<", sql<Date>`now() - ${sql.lit(`${IDEMPOTENCY_KEY_HOURS} hours`)}::interval`)
      .execute();
  }
  return db.transaction().execute(async (tx) => {
    const empID = actorEmpID(actor);
    if (idempotencyKey && empID !== null) {
      const claimed = await tx
        .insertInto("idempotencyKey")
        .values({ empID, key: idempotencyKey, tableName: def.name, response: null })
        .onConflict((oc) => oc.columns(["empID", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst();
      if (!claimed) {
        // A retry: the first attempt committed (a concurrent one waited on the key's row).
        const first = await tx
          .selectFrom("idempotencyKey")
          .select(["tableName", "response"])
          .where("empID", "=", empID)
          .where("key", "=", idempotencyKey)
          .executeTakeFirstOrThrow();
        if (first.tableName !== def.name || !first.response) {
          throw new AppError(409, "This Idempotency-Key was used for another request.");
        }
        return first.response as { id: number };
      }
    }
    const row = await insertRow(tx, def, values, actor);
    const response = { id: Number(row[def.key]) };
    if (idempotencyKey && empID !== null) {
      await tx
        .updateTable("idempotencyKey")
        .set({ response: sql`${JSON.stringify(response)}::jsonb` })
        .where("empID", "=", empID)
        .where("key", "=", idempotencyKey)
        .execute();
    }
    return response;
  });
}

/** Locks and reads the rows a write's where matches, refusing none and too many. */
async function matchedRows(tx: Kysely<DB>, def: Resource, where: RawBuilder<unknown>): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(def.name)} where ${where}
    order by ${sql.ref(def.key)} limit ${MAX_ROWS_PER_WRITE + 1} for update`.execute(tx);
  if (rows.length === 0) throw new AppError(404, "No record matches the where.");
  if (rows.length > MAX_ROWS_PER_WRITE) {
    throw AppError.badRequest(`The where matches more than ${MAX_ROWS_PER_WRITE} records.`);
  }
  return rows;
}

function requireWhere(text: unknown): string {
  if (typeof text !== "string" || text.trim() === "")
    throw AppError.badRequest("A where is required.", { where: "is required" });
  return text;
}

/** The names of the fields a body sends, before they are checked. */
function fieldNames(fields: unknown): string[] {
  return typeof fields === "object" && fields !== null && !Array.isArray(fields) ? Object.keys(fields) : [];
}

/**
 * PUT or POST /API/Update/. With the change permission, any rows the where matches; without
 * it, an employee may still change the resource's self-service fields of their own row.
 */
export async function updateRecords(
  db: Kysely<DB>,
  def: Resource,
  input: { where: unknown; fields: unknown },
  actor: Actor,
): Promise<{ status: "success"; count: number }> {
  const names = fieldNames(input.fields);
  const reach = updateScope(def, names, actor);
  writableTable(def);
  const where = parseResourceWhere(def, requireWhere(input.where), reach.isColumn);
  const fields = validate(updateSchema(def), input.fields, "fields");
  const scope = reach.rows(where);
  let values = serverValues(def, fields, actor, "update");
  if (Object.keys(values).length === 0) throw AppError.badRequest("No fields to update.", { fields: "is required" });
  const self = def.selfService;
  // A self-service change is stamped with the server's clock whoever makes it: an
  // administrator's own availability (or anyone's) carries no time a client chose.
  if (self && names.some((name) => self.fields.includes(name))) {
    values = { ...values, ...Object.fromEntries((self.stamp ?? []).map((c) => [c, sql`now()`])) };
  }
  return db.transaction().execute(async (tx) => {
    const before = await matchedRows(tx, def, scope);
    await checkWrittenValues(tx, def, values, before);
    const after = await updateLocked(tx, def, before, setClause(values), actor);
    return { status: "success" as const, count: after.length };
  });
}

/** Updates rows already locked and read (`before`) by their keys; audits each, before and after. */
async function updateLocked(
  tx: Kysely<DB>,
  def: Resource,
  before: readonly Row[],
  set: RawBuilder<unknown>,
  actor: Actor,
): Promise<Row[]> {
  const keys = before.map((row) => row[def.key]);
  const { rows: after } = await withConstraintMessages(
    def.name,
    sql<Row>`update ${sql.table(def.name)} set ${set} where ${sql.ref(def.key)} in (${sql.join(keys)}) returning *`.execute(
      tx,
    ),
  );
  const byKey = new Map(after.map((row) => [row[def.key], row]));
  await audit(
    tx,
    actor,
    "update",
    def,
    before.map((row) => ({ before: row, after: byKey.get(row[def.key]) as Row })),
  );
  return after;
}

/** POST /API/Delete/: the rows the where matches, each kept in the audit trail for restore. */
export async function deleteRecords(
  db: Kysely<DB>,
  def: Resource,
  input: { where: unknown },
  actor: Actor,
): Promise<{ id: number; keys: unknown[] }> {
  const reach = requireReach(actor, def, "del");
  writableTable(def);
  const scope = writableRows(def, parseResourceWhere(def, requireWhere(input.where)), actor, reach);
  return db.transaction().execute(async (tx) => {
    const before = await matchedRows(tx, def, scope);
    const keys = before.map((row) => row[def.key]);
    // What goes with the rows by cascade is kept in the trail too, each row as its own delete,
    // and what the database would unlink from them, each row as its own update.
    for (const cascade of def.cascades ?? []) {
      // A declared cascade names a table of the registry (core's tests hold it to that).
      const child = RESOURCES.get(cascade.table) as Resource;
      const referring = sql`${sql.ref(cascade.column)} in (${sql.join(keys)})`;
      if (cascade.setNull) {
        const { rows: linked } = await sql<Row>`select * from ${sql.table(child.name)} where ${referring}
          order by ${sql.ref(child.key)} for update`.execute(tx);
        if (linked.length > 0) await updateLocked(tx, child, linked, sql`${sql.ref(cascade.column)} = null`, actor);
        continue;
      }
      const { rows: children } = await withConstraintMessages(
        child.name,
        sql<Row>`delete from ${sql.table(child.name)} where ${referring} returning *`.execute(tx),
      );
      await audit(
        tx,
        actor,
        "delete",
        child,
        children.map((row) => ({ before: row })),
      );
    }
    await withConstraintMessages(
      def.name,
      sql`delete from ${sql.table(def.name)} where ${sql.ref(def.key)} in (${sql.join(keys)})`.execute(tx),
    );
    await audit(
      tx,
      actor,
      "delete",
      def,
      before.map((row) => ({ before: row })),
    );
    return { id: keys.length, keys };
  });
}
