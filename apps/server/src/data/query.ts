import {
  DROPDOWN_KEEP_ROWS,
  isReadableColumn,
  parseFields,
  parseOrder,
  parseWhere,
  type QueryResponse,
  type Resource,
  readableColumns,
  resourceName,
  TABLE_CONFIRM_THRESHOLD,
  type Where,
  WhereSyntaxError,
} from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { z } from "zod";
import { asRead } from "../db/caller.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { type Actor, requireAccess } from "./actor.js";
import { languageText, readable } from "./inputs.js";
import { KEYS_KEPT_UP_TO, type KnownSearches, searchKey, tablesOf, unchangedSince } from "./known-searches.js";
import { readableRows } from "./row-scope.js";

// Our columns (the window count, the row number, the snapshot, whether a known search still
// holds): names no declared column can have (not identifiers).
const TOTAL = "office:total";
const ROW = "office:row";
const SNAPSHOT = "office:snapshot";
const UNCHANGED = "office:unchanged";

/** Rows a query answers at most; past the confirm threshold only with `continue`. */
export const MAX_ROW_LIMIT = 100_000;
/**
 * A rowLimit up to this (the dropdown's first 100, a table's page of 50) asks for a page, not
 * the table: the confirm threshold (docs/product-rules.md#widgets: a table's full load) never
 * refuses it.
 */
export const BOUNDED_ROW_LIMIT = DROPDOWN_KEEP_ROWS;
/** Rows read in one statement: a load of more is read a batch at a time as it is written. */
export const LOAD_BATCH_ROWS = 1_000;

export const queryInput = z.strictObject({
  table: resourceName(readable),
  fields: languageText("fields", { maxLength: 5_000 }).default("*"),
  where: languageText("where").default(""),
  order: languageText("order", { maxLength: 1_000 }).default(""),
  rowLimit: z.coerce.number().int().min(1).max(MAX_ROW_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  continue: z
    .enum(["0", "1", "true", "false"])
    .transform((v) => v === "1" || v === "true")
    .default(false),
  // The product's calls may send it (Update sends 0: docs/product-rules.md#calls); it changes nothing.
  debug: z.string().max(5).optional(),
  // The error page's Debug button re-sends a failed call with DEBUG=1: the server logs it.
  DEBUG: z.enum(["0", "1"]).optional(),
});
export type QueryInput = z.output<typeof queryInput>;

/** A Query's answer: its rows, or for a load (`batches`) the rows to read as the answer is written. */
export type QueryResult = QueryResponse & { batches?: AsyncIterable<Record<string, unknown>[]> };

/** Runs one of a load's later batches in its turn (the read gate's, for the caller). */
export type BatchTurn = <T>(read: () => Promise<T>) => Promise<T>;

/**
 * Parses a where of the resource; the message names the position and the token. `isColumn`
 * narrows the columns it may name (the readable ones by default).
 */
export function parseResourceWhere(
  def: Resource,
  text: string,
  isColumn: (name: string) => boolean = (name) => isReadableColumn(def, name),
): Where | null {
  return parseOrBadRequest(() => parseWhere(text, { isColumn }), "where");
}

export function parseOrBadRequest<T>(parse: () => T, part: string): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof WhereSyntaxError) throw AppError.badRequest(`Bad ${part}: ${error.message}`);
    throw error;
  }
}

/**
 * GET /API/Query/: rows of a resource with the total. A search whose total passes the confirm
 * threshold answers the total alone unless the caller asked to `continue` or
 * only for a page (a rowLimit up to BOUNDED_ROW_LIMIT).
 */
export async function runQuery(
  db: Kysely<DB>,
  def: Resource,
  input: QueryInput,
  actor: Actor,
  batchTurn: BatchTurn = asRead,
  known?: KnownSearches,
): Promise<QueryResult> {
  requireAccess(actor, def.access.view, "view", def.name);
  const isColumn = (name: string) => isReadableColumn(def, name);
  const fields = parseOrBadRequest(() => parseFields(input.fields, { isColumn }), "fields") ?? readableColumns(def);
  const order = parseOrBadRequest(() => parseOrder(input.order, { isColumn }), "order");
  const where = readableRows(def, parseResourceWhere(def, input.where), actor);
  const table = sql.table(def.name);

  if (!input.continue && (input.rowLimit ?? 0) > TABLE_CONFIRM_THRESHOLD) {
    throw AppError.badRequest(
      `rowLimit over ${TABLE_CONFIRM_THRESHOLD} needs continue=1: a load that large is the user's confirmed choice.`,
    );
  }
  const limit = input.rowLimit ?? (input.continue ? MAX_ROW_LIMIT : TABLE_CONFIRM_THRESHOLD);
  // A bounded call (a type-ahead, a table's first page) costs its page whatever the total:
  // it is never refused for the total (docs/decisions.md, issue 17).
  const bounded = limit <= BOUNDED_ROW_LIMIT;
  // The key last makes the order total, so pages never repeat or skip a row.
  const orderBy = [...order, ...(def.order ?? []).map((column) => ({ column, direction: "ASC" as const }))];
  if (!orderBy.some((item) => item.column === def.key)) orderBy.push({ column: def.key, direction: "ASC" });
  const seen = new Set<string>();
  const unique = orderBy.filter((item) => !seen.has(item.column) && seen.add(item.column));
  const orderBySql = (of?: RawBuilder<unknown>) =>
    sql.join(
      unique.map(
        (item) => sql`${of ? sql`${of}.${sql.ref(item.column)}` : sql.ref(item.column)} ${sql.raw(item.direction)}`,
      ),
    );
  // A page's rows and total in one statement: the page's keys and the total are found first,
  // then its rows joined back by key. The fence (offset 0) keeps the planner from walking an index in the page's order and testing
  // the where on every row, which the count over all matches makes the slowest plan
  // (PostgreSQL before 17 costs it as if the limit stopped early; bench/RESULTS.md, issue 8).
  // The rows are numbered after the limit, over the page alone: numbering every match would
  // sort them all, where the limit needs only a top-N sort (bench/RESULTS.md, issue 17).
  // The key is unique among the rows a where matches, for every resource.
  const totalRef = sql.ref(TOTAL);
  const rowRef = sql.ref(ROW);
  const snapshotRef = sql.ref(SNAPSHOT);
  const unchangedRef = sql.ref(UNCHANGED);
  // A search this process may know (known-searches.ts): counted, it is kept with its snapshot.
  const load = limit > LOAD_BATCH_ROWS;
  const search = !load && known?.enabled ? searchKey(db, def, where) : undefined;
  const keysOf = (
    count: number,
    counting: boolean,
  ) => sql`select ${sql.ref(def.key)}${counting ? sql`, count(*) over () as ${totalRef}` : sql``}
    from (select * from ${table} where ${where} offset 0) as ${table}
    order by ${orderBySql()} limit ${count} offset ${input.offset}`;
  const page = (count: number, counting = true) => sql`select ${sql.join(fields.map((field) => sql.ref(field)))},
      ${counting ? sql`${totalRef}, ${search ? sql`pg_current_snapshot()::text as ${snapshotRef},` : sql``}` : sql``}
      row_number() over (order by ${orderBySql(table)}) as ${rowRef}
    from (${keysOf(count, counting)}) as page_keys join ${table} using (${sql.ref(def.key)})
    where ${where} order by ${rowRef}`;
  // Without `continue`, a search past the confirm threshold answers its total alone: the
  // database then sends one row (for the total) instead of the page. The two branches never
  // both give rows; the row number keeps the asked order through the union.
  const statement = (count: number) =>
    input.continue || bounded
      ? page(count)
      : sql`with page as (${page(count)})
      select * from page where ${totalRef} <= ${TABLE_CONFIRM_THRESHOLD}
      union all
      select * from (select * from page where ${totalRef} > ${TABLE_CONFIRM_THRESHOLD} limit 1) over_threshold
      order by ${rowRef}`;
  // The keys the where matches in the page's order (within `range`), as one array: as 50,000
  // rows they took PGlite ten times as long (issue 17); with the snapshot they were read in.
  const sortedBy = [...new Set([def.key, ...unique.map((item) => item.column)])];
  const keysInOrder = (range: RawBuilder<unknown>) => sql<{ keys: unknown[] | null; snapshot: string }>`
    select array_agg(${sql.ref(def.key)} order by ${orderBySql(sql.table("k"))}) as keys,
      pg_current_snapshot()::text as snapshot
    from (select ${sql.join(sortedBy.map((column) => sql.ref(column)))} from ${table} where ${where} ${range}) as k`;
  const confirming = (total: number) => total > TABLE_CONFIRM_THRESHOLD && !input.continue && !bounded;
  const answer = (rows: Record<string, unknown>[], total: number): QueryResult =>
    confirming(total)
      ? { data: [], meta: { TotalRecords: total, confirmRequired: true } }
      : { data: rows.map(withoutOurs), meta: { TotalRecords: total } };

  if (search && known) {
    const tables = tablesOf(def);
    // The order the keys were found in: a further page in another order finds its own.
    const order = unique.map((item) => `${item.column} ${item.direction}`).join();
    // A statement that also says whether the search still holds (one snapshot for both).
    const holding = async (rows: RawBuilder<unknown>, snapshot: string, by: RawBuilder<unknown>) =>
      (
        await sql<
          Record<string, unknown>
        >`select f.${unchangedRef}, r.* from (select ${unchangedSince(snapshot, tables)} as ${unchangedRef}) f
          left join (${rows}) r on true order by ${by}`.execute(db)
      ).rows;
    let found = known.get(search);
    if (found && !found.keys && input.offset > 0 && found.total <= KEYS_KEPT_UP_TO) {
      // A further page of a short search: its keys in order, found once (with the total,
      // in one snapshot); this page and the next are then read by key.
      // One past the most kept tells a search grown too long, which is counted afresh below.
      const { rows } = await keysInOrder(sql`limit ${KEYS_KEPT_UP_TO + 1}`).execute(db);
      const list = rows[0]?.keys ?? [];
      found = undefined;
      if (list.length <= KEYS_KEPT_UP_TO) {
        found = { total: list.length, snapshot: rows[0]?.snapshot ?? "", keys: { order, list }, at: 0 };
        known.set(search, found);
      }
    }
    if (found?.keys?.order === order) {
      const batch = found.keys.list.slice(input.offset, input.offset + limit);
      const { select, inOrder } = byKeys(def, fields, where, batch);
      const rows = await holding(select, found.snapshot, sql`1`);
      if (rows[0]?.[UNCHANGED] === true) {
        known.used++;
        return answer(inOrder(rows.filter((row) => row[def.key] != null)), found.total);
      }
      known.forget(search);
    } else if (found) {
      const rows = await holding(page(confirming(found.total) ? 0 : limit, false), found.snapshot, sql`r.${rowRef}`);
      if (rows[0]?.[UNCHANGED] === true) {
        known.used++;
        return answer(
          rows.filter((row) => row[ROW] != null),
          found.total,
        );
      }
      known.forget(search);
    }
  }

  // A load (more rows than a batch) counts its matches first, in a statement of its own: a
  // count is one pass, where the page's count over all matches also sorts them all for the
  // first batch, the longest statement of a load (0.4 s for 700,000 notes on PGlite, whose
  // one connection waits for it: bench/RESULTS.md, issue 32). One that fits in a batch is then
  // read as a page; a longer one finds all its keys and reads its rows a batch at a time, as
  // the answer is written (json-stream.ts).
  const counted = load ? await countOf(db, table, where) : undefined;
  if (counted !== undefined && counted > TABLE_CONFIRM_THRESHOLD && !input.continue) {
    return { data: [], meta: { TotalRecords: counted, confirmRequired: true } };
  }
  if (counted !== undefined && counted > input.offset + LOAD_BATCH_ROWS) {
    const { rows: keyRows } = await keysInOrder(
      sql`order by ${orderBySql()} limit ${limit} offset ${input.offset}`,
    ).execute(db);
    const found = keyRows[0]?.keys ?? [];
    return { data: [], meta: { TotalRecords: counted }, batches: rowsByKey(db, def, fields, where, found, batchTurn) };
  }
  const { rows } = await sql<Record<string, unknown>>`${statement(load ? LOAD_BATCH_ROWS : limit)}`.execute(db);
  // The page's window count is the total; only a page past the end (no rows) needs a count of its own.
  const total =
    counted ??
    (rows.length === 0 && input.offset > 0 ? await countOf(db, table, where) : Number(rows[0]?.[TOTAL] ?? 0));
  const snapshot = rows[0]?.[SNAPSHOT];
  if (search && typeof snapshot === "string") known?.set(search, { total, snapshot });
  return answer(rows, total);
}

/** How many rows of the table the where matches. */
async function countOf(db: Kysely<DB>, table: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*)::int as total from ${table} where ${where}`.execute(db);
  return rows[0]?.total ?? 0;
}

// New objects rather than deleting the two columns: a delete turns each row into a slow
// dictionary object, which doubled the time to serialize 100,000 rows (issue 17).
const withoutOurs = ({
  [TOTAL]: _total,
  [ROW]: _row,
  [SNAPSHOT]: _snapshot,
  [UNCHANGED]: _unchanged,
  ...row
}: Record<string, unknown>) => row;

/**
 * The statement reading the rows of some keys, and what puts its rows in the keys' order: the
 * key goes with each row for it, and is dropped again where not asked for. A key whose row no
 * longer matches the where has none.
 */
function byKeys(def: Resource, fields: readonly string[], where: RawBuilder<unknown>, keys: readonly unknown[]) {
  const array = def.columns[def.key]?.type === "integer" ? sql`integer[]` : sql`text[]`;
  const wanted = fields.includes(def.key) ? fields : [...fields, def.key];
  // `= any(…)` is the plan both engines run fastest (PGlite took 3.4 times as long to join an
  // unnest with ordinality).
  const select = sql<Record<string, unknown>>`select ${sql.join(wanted.map((field) => sql.ref(field)))}
    from ${sql.table(def.name)} where ${sql.ref(def.key)} = any(${keys}::${array}) and ${where}`;
  const inOrder = (rows: Record<string, unknown>[]) => {
    const byKey = new Map(rows.map((row) => [row[def.key], row]));
    const ordered: Record<string, unknown>[] = [];
    for (const key of keys) {
      const row = byKey.get(key);
      if (!row) continue;
      if (wanted === fields) ordered.push(row);
      else {
        const { [def.key]: _key, ...asked } = row;
        ordered.push(asked);
      }
    }
    return ordered;
  };
  return { select, inOrder };
}

/**
 * The rows of the keys a load found, in their order, a batch per statement, each in a turn of
 * its own (`turn`): between two batches the connection and the read turns serve other calls
 * (PGlite has one), and no more than a batch of rows is held at once. A row changed meanwhile
 * so that the where no longer matches it is left out.
 */
async function* rowsByKey(
  db: Kysely<DB>,
  def: Resource,
  fields: readonly string[],
  where: RawBuilder<unknown>,
  keys: unknown[],
  turn: BatchTurn,
): AsyncGenerator<Record<string, unknown>[]> {
  for (let at = 0; at < keys.length; at += LOAD_BATCH_ROWS) {
    const { select, inOrder } = byKeys(def, fields, where, keys.slice(at, at + LOAD_BATCH_ROWS));
    const { rows } = await turn(() => select.execute(db));
    yield inOrder(rows);
  }
}
