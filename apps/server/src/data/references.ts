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
  values: Record<string, unknown>,
  current?: ReadonlyArray<Record<string, unknown>>,
) {
  const errors: Record<string, string> = {};
  const label = (name: string) => {
    const column = def.columns[name];
    return column ? labelOf(column, name) : name;
  };
  const rows = def.writableRows;
  if (rows && rows.column in values && !rows.values.includes(String(values[rows.column]))) {
    errors[rows.column] = `${label(rows.column)} is not a list that may be edited`;
  }
  for (const [name, value] of Object.entries(values)) {
    const field = def.columns[name]?.field;
    if (field?.kind !== "reference" || typeof value !== "number") continue;
    const { table, value: key, group, within, activeColumn } = field.reference;
    // A row within another of the write (a contact of the order's client); written alone,
    // the database's key of the pair holds it.
    const scope = within !== undefined && typeof values[within] === "number" ? values[within] : undefined;
    const { rows: found } = await sql<{ active: unknown }>`select
      ${activeColumn === undefined ? sql`1` : sql.ref(activeColumn)} as active
      from ${sql.table(table)} where ${sql.ref(key)} = ${value}
      ${group === undefined ? sql`` : sql`and "appLookupParentID" = ${group}`}
      ${scope === undefined ? sql`` : sql`and ${sql.ref(within as string)} = ${scope}`} limit 1`.execute(tx);
    const chosen = current === undefined || current.some((row) => row[name] !== value);
    if (found.length === 0) errors[name] = `${label(name)} is not one of the choices`;
    else if (chosen && Number(found[0]?.active) !== 1) errors[name] = `${label(name)} is not active`;
  }
  if (Object.keys(errors).length > 0) throw AppError.badRequest("Some values are not valid.", errors);
}
