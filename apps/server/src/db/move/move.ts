import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/*
 * The embedded company moved into PostgreSQL (`npm run move-to-postgres -- <DATABASE_URL>`):
 * the target's schema is made by our own migrations (so a PostgreSQL older than PGlite's 18
 * takes it: a dump of 18 would not load into 15), every table's rows go across with COPY in
 * CSV, in one transaction on the target, each sequence is set past its column's largest
 * value, and each table is then compared on both sides: its rows counted and checksummed.
 */

/** The tables our migrations keep to themselves: the target has its own. */
const OWN = /^kysely_/;
/** Rows read from PGlite and written to PostgreSQL at a time: a table of millions never sits whole in memory. */
export const MOVE_CHUNK_ROWS = 100_000;

export interface TableMoved {
  table: string;
  rows: number;
  /** Both sides' checksums equal (and their counts). */
  same: boolean;
  source: { rows: number; checksum: string };
  target: { rows: number; checksum: string };
}

/** Asks either side: PGlite, or a PostgreSQL client. */
interface Side {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
}

const pgliteSide = (db: PGlite): Side => ({
  rows: async <T>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows,
});
const postgresSide = (client: pg.ClientBase): Side => ({
  rows: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
});

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The company's tables of a side, by name. */
async function tablesOf(side: Side): Promise<string[]> {
  const rows = await side.rows<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((row) => row.name).filter((name) => !OWN.test(name));
}

/** A table's columns that hold values (not computed ones), in order. */
async function columnsOf(side: Side, table: string): Promise<string[]> {
  const rows = await side.rows<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [quoted(table)],
  );
  return rows.map((row) => row.name);
}

/** The order rows are read in, chunk by chunk: the primary key's, else every column's. */
async function orderOf(side: Side, table: string, columns: string[]): Promise<string> {
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
async function checksumOf(side: Side, table: string, columns: string[]) {
  const row = columns.map((column) => `t.${quoted(column)}`).join(", ");
  const [answer] = await side.rows<{ rows: string | number; checksum: string }>(
    `select count(*)::int as rows,
       coalesce(sum(('x' || left(md5(row(${row})::text), 15))::bit(60)::bigint), 0)::text as checksum
     from ${quoted(table)} t`,
  );
  return { rows: Number(answer?.rows ?? 0), checksum: String(answer?.checksum ?? "0") };
}

/** Whether the target already holds a company: moving into it would mix two. */
export async function holdsCompany(target: pg.ClientBase): Promise<boolean> {
  const side = postgresSide(target);
  const [found] = await side.rows<{ table: string | null }>(
    `select to_regclass('public."tblEmployee"')::text as table`,
  );
  if (!found?.table) return false;
  const [any] = await side.rows<{ rows: boolean }>(`select exists (select 1 from "tblEmployee") as rows`);
  return any?.rows === true;
}

/**
 * Copies every table of `source` into `target`, whose schema our migrations have just made:
 * what those put in their tables is emptied first, triggers and foreign keys wait (the
 * session's replication role), and it all lands in one transaction or not at all. Then sets
 * each sequence and compares both sides table by table.
 */
export async function copyCompany(
  source: PGlite,
  target: pg.ClientBase,
  log: (line: string) => void = () => {},
): Promise<TableMoved[]> {
  const from = pgliteSide(source);
  const to = postgresSide(target);
  // Both sides print times in one zone, so a row's text (its checksum) is the same.
  await source.query("set TimeZone = 'UTC'");
  await target.query("set TimeZone = 'UTC'");
  const tables = await tablesOf(from);
  const there = new Set(await tablesOf(to));
  const absent = tables.filter((table) => !there.has(table));
  if (absent.length > 0) throw new Error(`The target lacks ${absent.join(", ")}: both must be at the same migration.`);

  await target.query("begin");
  try {
    await target.query("set local session_replication_role = replica");
    await target.query(`truncate ${tables.map(quoted).join(", ")}`);
    for (const table of tables) {
      const columns = await columnsOf(from, table);
      const list = columns.map(quoted).join(", ");
      const order = await orderOf(from, table, columns);
      const [counted] = await from.rows<{ n: number }>(`select count(*)::int as n from ${quoted(table)}`);
      const rows = Number(counted?.n ?? 0);
      for (let offset = 0; offset < rows; offset += MOVE_CHUNK_ROWS) {
        const out = await source.query(
          `copy (select ${list} from ${quoted(table)} order by ${order} limit ${MOVE_CHUNK_ROWS} offset ${offset}) to '/dev/blob' with (format csv)`,
        );
        const csv = Buffer.from(await (out.blob as Blob).arrayBuffer());
        await pipeline(
          Readable.from([csv]),
          target.query(copyFrom(`copy ${quoted(table)} (${list}) from stdin with (format csv)`)),
        );
      }
      log(`copied ${table}: ${rows.toLocaleString("en-US")} rows`);
    }
    await setSequences(to);
    await target.query("commit");
  } catch (error) {
    await target.query("rollback");
    throw error;
  }

  const moved: TableMoved[] = [];
  for (const table of tables) {
    const columns = await columnsOf(from, table);
    const [source, target] = [await checksumOf(from, table, columns), await checksumOf(to, table, columns)];
    moved.push({
      table,
      rows: source.rows,
      same: source.rows === target.rows && source.checksum === target.checksum,
      source,
      target,
    });
  }
  return moved;
}

/** Every sequence owned by a column set past that column's largest value, so new rows get new keys. */
async function setSequences(to: Side): Promise<void> {
  const owned = await to.rows<{ table: string; column: string; sequence: string }>(
    `select t.relname as table, a.attname as column, s.oid::regclass::text as sequence
     from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
     join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     join pg_namespace n on n.oid = t.relnamespace
     where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { table, column, sequence } of owned) {
    await to.rows(
      `select setval($1::regclass, coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`,
      [sequence],
    );
  }
}
