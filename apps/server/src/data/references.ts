import { labelOf, type Resource } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";

/**
 * Checks what a write puts into a table beyond each value's own rule: a reference names a
 * row that exists (a list's value, of that list), and one that is active where the reference
 * offers only active rows (an owner); a table that lets only some of its rows be written is
 * given only those. The message lands on the field, like a rule's. An update passes the rows
 * it changes (`current`): a value each of them already holds is not being chosen, so it may
 * stay though its row has since become inactive (a project's owner who left).
 */
export async function checkWrittenValues(
  tx: Kysely<DB>,
  def: Resource,
  written: Record<string, unknown> | ReadonlyArray<Record<string, unknown>>,
  current?: ReadonlyArray<Record<string, unknown>>,
) {
  // Several rows of one write (a status set on many projects) are checked together: one read
  // per referenced table, not one per row.
  const rows: ReadonlyArray<Record<string, unknown>> = Array.isArray(written) ? written : [written];
  const errors: Record<string, string> = {};
  const label = (name: string) => {
    const column = def.columns[name];
    return column ? labelOf(column, name) : name;
  };
  const writable = def.writableRows;
  if (
    writable &&
    rows.some((row) => writable.column in row && !writable.values.includes(String(row[writable.column])))
  ) {
    errors[writable.column] = `${label(writable.column)} is not a list that may be edited`;
  }
  for (const [name, column] of Object.entries(def.columns)) {
    const field = column.field;
    const asked = rows.filter((row) => typeof row[name] === "number");
    if (field?.kind !== "reference" || asked.length === 0) continue;
    const { table, value: key, group, within, activeColumn } = field.reference;
    // A row within another of the write (a contact of the order's client); written alone,
    // the database's key of the pair holds it.
    const scopeOf = (row: Record<string, unknown>) =>
      within !== undefined && typeof row[within] === "number" ? row[within] : undefined;
    const { rows: found } = await sql<{ key: unknown; scope: unknown; active: unknown }>`select
      ${sql.ref(key)} as key,
      ${within === undefined ? sql`null` : sql.ref(within)} as scope,
      ${activeColumn === undefined ? sql`1` : sql.ref(activeColumn)} as active
      from ${sql.table(table)} where ${sql.ref(key)} in (${sql.join([...new Set(asked.map((row) => row[name]))])})
      ${group === undefined ? sql`` : sql`and "appLookupParentID" = ${group}`}`.execute(tx);
    for (const row of asked) {
      const value = row[name];
      const scope = scopeOf(row);
      const match = found.find(
        (candidate) => Number(candidate.key) === value && (scope === undefined || Number(candidate.scope) === scope),
      );
      const chosen = current === undefined || current.some((before) => before[name] !== value);
      if (!match) errors[name] = `${label(name)} is not one of the choices`;
      else if (chosen && Number(match.active) !== 1) errors[name] = `${label(name)} is not active`;
      if (errors[name]) break;
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.badRequest("Some values are not valid.", errors);
}
