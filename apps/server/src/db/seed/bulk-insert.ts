import { type Kysely, sql } from "kysely";
import type { DB } from "../schema.js";

const CHUNK_ROWS = 25_000;

/**
 * Inserts many rows with one parameter per column (`select * from unnest($1::int[], …)`):
 * a million rows cost forty statements, not a million, on PostgreSQL and PGlite alike. The
 * array types come from the table itself. Rows that bring their own identity values leave
 * the identity continuing above the largest (and at least at 1000, clear of seeded ids).
 */
export async function bulkInsert(db: Kysely<DB>, table: keyof DB, rows: ReadonlyArray<object>): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const { rows: catalog } = await sql<{ name: string; type: string; identity: boolean }>`
    select attname as name, format_type(atttypid, atttypmod) as type, attidentity <> '' as identity
    from pg_attribute where attrelid = ${`"${table}"`}::regclass and attnum > 0 and not attisdropped`.execute(db);
  const columns = Object.keys(first);
  const types = new Map(catalog.map((column) => [column.name, column.type]));
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS) as Array<Record<string, unknown>>;
    const arrays = columns.map((column) => {
      const type = types.get(column);
      if (!type) throw new Error(`${table} has no column ${column}`);
      return sql`${chunk.map((row) => row[column] ?? null)}::${sql.raw(`${type}[]`)}`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
      select * from unnest(${sql.join(arrays)})`.execute(db);
  }
  const identity = catalog.find((column) => column.identity && columns.includes(column.name));
  if (identity) {
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${identity.name}),
      greatest((select max(${sql.id(identity.name)}) from ${sql.table(table)}), 1000))`.execute(db);
  }
}
