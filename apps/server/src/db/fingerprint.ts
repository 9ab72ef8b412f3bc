import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/*
 * The company's tables as either engine holds them, and what tells two copies equal: each
 * table's rows counted and checksummed (the move compares both sides with it, a backup keeps it
 * in its manifest to compare a restore with).
 */

/**
 * The tables each database keeps to itself: the migrations' own, and which transactions
 * changed which table (migration 0025: its transaction ids mean nothing elsewhere).
 */
const OWN = /^(kysely_|tableChange$)/;

/** Asks a database: PGlite, or a PostgreSQL client. */
export interface Side {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export const pgliteSide = (db: PGlite): Side => ({
  rows: async <T>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows,
});
export const postgresSide = (client: pg.ClientBase): Side => ({
  rows: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
});

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The company's tables of a side, by name. */
export async function tablesOf(side: Side): Promise<string[]> {
  const rows = await side.rows<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((row) => row.name).filter((name) => !OWN.test(name));
}

/** A table's columns that hold values (not computed ones), in order. */
export async function columnsOf(side: Side, table: string): Promise<string[]> {
  const rows = await side.rows<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [quoted(table)],
  );
  return rows.map((row) => row.name);
}

/** The order rows are read in, chunk by chunk: the primary key's, else every column's. */
export async function orderOf(side: Side, table: string, columns: string[]): Promise<string> {
  const key = await side.rows<{ name: string }>(
    `select a.attname as name from pg_index i
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
    [quoted(table)],
  );
  return (key.length > 0 ? key.map((row) => row.name) : columns).map(quoted).join(", ");
}

/**
 * A table's rows counted, and checksummed whatever their order: the sum of each row's hash
 * (its text in UTC, as both sides print it). Equal on both sides: the same rows went across.
 */
export async function checksumOf(side: Side, table: string, columns: string[]) {
  const row = columns.map((column) => `t.${quoted(column)}`).join(", ");
  const [answer] = await side.rows<{ rows: string | number; checksum: string }>(
    `select count(*)::int as rows,
       coalesce(sum(('x' || left(md5(row(${row})::text), 15))::bit(60)::bigint), 0)::text as checksum
     from ${quoted(table)} t`,
  );
  return { rows: Number(answer?.rows ?? 0), checksum: String(answer?.checksum ?? "0") };
}

/** A table's rows counted and checksummed. */
export interface TableSum {
  table: string;
  rows: number;
  checksum: string;
}

/** Every table of the company counted and checksummed, by name; times printed in UTC for it. */
export async function fingerprintOf(side: Side): Promise<TableSum[]> {
  await side.rows("set TimeZone = 'UTC'");
  const sums: TableSum[] = [];
  for (const table of await tablesOf(side)) {
    sums.push({ table, ...(await checksumOf(side, table, await columnsOf(side, table))) });
  }
  return sums;
}
