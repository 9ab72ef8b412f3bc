import { changedByWriteTo } from "@office/core";
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Every read's key says first what it reads, so that a change finds it by table: the data
 * service's reads are keyed by their table or view (`[table, …]`); any other read (an
 * operation's, a named query's) by `readKey`: `[{ reads }, …]`.
 */
export const readKey = (reads: readonly string[], ...rest: unknown[]): QueryKey => [{ reads }, ...rest];

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
