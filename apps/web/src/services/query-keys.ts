import { changedByWriteTo, NAMED_QUERIES, type NamedQueryName } from "@office/core";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { QueryParams } from "../api/client";

/*
 * Every read's key is built here and says first what it reads, so that a change finds it by
 * table: the data service's reads by their table or view (`[table, …]`, below), any other read
 * (an operation's, a named query's) by `readKey`: `[{ reads }, …]`. No page builds a key by
 * hand, and no write names another feature's key: it names the tables it changed.
 */

/** The key of a read that is not the data service's: the tables and views it reads, then what tells it apart. */
export const readKey = (reads: readonly string[], ...rest: unknown[]): QueryKey => [{ reads }, ...rest];

/** The key of a named query's read: what it reads as core declares it, then its name and what tells it apart. */
export const namedKey = (name: NamedQueryName, ...rest: unknown[]): QueryKey =>
  readKey(NAMED_QUERIES[name].reads, name, ...rest);

const asked = ({ table: _table, ...rest }: QueryParams) => rest;

/**
 * The keys of the data service's reads: the table or view, what the cache holds of the answer,
 * then the request itself, so that two reads that ask the same and keep the same share one
 * cache entry, and two that differ in either never do.
 */
export const tableKey = {
  /** The rows of a GET /API/Query/, as asked. */
  rows: (params: QueryParams): QueryKey => [params.table, "rows", asked(params)],
  /** The whole answer of a GET /API/Query/ (its rows and meta: the total, a confirm asked for). */
  answer: (params: QueryParams): QueryKey => [params.table, "answer", asked(params)],
  /** The first row of a GET /API/Query/, or null. */
  first: (params: QueryParams): QueryKey => [params.table, "first", asked(params)],
  /** One record by its key, with the columns asked: a page's record, which is Not Found when missing. */
  record: (table: string, id: number, fields: string): QueryKey => [table, "record", id, fields],
  /** Every cached read of one record of a table: a record deleted is read by none of them again. */
  records: (table: string): QueryKey => [table, "record"],
  /** A list's totals (GET /API/Totals/), as asked. */
  totals: (table: string, params: object): QueryKey => [table, "totals", params],
};

/** The tables and views a cached read reads, by its key. */
function readsOf(key: QueryKey): readonly string[] {
  const [first] = key;
  if (typeof first === "string") return [first];
  if (first && typeof first === "object" && "reads" in first) return (first as { reads: readonly string[] }).reads;
  return [];
}

/**
 * After a change to tables, every cached read of them is stale: of the tables, of the views
 * over them, and of the tables the database changes with them (changedByWriteTo). "*" is any
 * table (a restore of whatever was deleted).
 */
export function invalidateTables(client: QueryClient, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return Promise.resolve();
  if (tables.includes("*")) return client.invalidateQueries();
  const changed = new Set(tables.flatMap(changedByWriteTo));
  return client.invalidateQueries({ predicate: (query) => readsOf(query.queryKey).some((read) => changed.has(read)) });
}
