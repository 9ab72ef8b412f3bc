import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import {
  columnsOf,
  fingerprintOf,
  orderOf,
  pgliteSide,
  postgresSide,
  quoted,
  type Side,
  type TableSum,
  tablesOf,
} from "../fingerprint.js";

/*
 * The embedded company moved into PostgreSQL (`npm run move-to-postgres -- <DATABASE_URL>`):
 * the target's schema is made by our own migrations (so a PostgreSQL older than PGlite's 18
 * takes it: a dump of 18 would not load into 15), every table's rows go across with COPY in
 * CSV, in one transaction on the target, each sequence is set past its column's largest
 * value, and each table is then compared on both sides: its rows counted and checksummed.
 */

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

  return compared(await fingerprintOf(from), await fingerprintOf(to));
}

/** Each table of one copy against the other's: its counts and checksums on both. */
export function compared(source: readonly TableSum[], target: readonly TableSum[]): TableMoved[] {
  return source.map(({ table, rows, checksum }) => {
    const other = target.find((sum) => sum.table === table) ?? { rows: 0, checksum: "missing" };
    return {
      table,
      rows,
      same: rows === other.rows && checksum === other.checksum,
      source: { rows, checksum },
      target: { rows: other.rows, checksum: other.checksum },
    };
  });
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
