import type { Resource } from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { asCaller, SYSTEM } from "../db/caller.js";
import type { DB } from "../db/schema.js";

/*
 * What this process knows of searches it has counted (issue 38): a search's total (per
 * resource, where and row scope: the where as compiled holds the scope) and, for one short
 * enough, its keys in order, so that a further page is read by key instead of counting and
 * sorting every match again. Each is kept with the snapshot it was read in and is used only
 * when no transaction that committed since wrote a table the search reads (migration 0025's
 * `tableChange`): the check is made in the page's own statement, so a write in any process,
 * acknowledged before the page was asked for, is never missed.
 */

/** A search's keys are kept for further pages when it matches at most this many rows. */
export const KEYS_KEPT_UP_TO = 10_000;
/** A known search is used for a minute at most: views that read the clock (a month's spending, today's hours) move with it. */
export const KNOWN_FOR_MS = 60_000;
/**
 * What the process keeps at most: searches, keys over all of them (about 8 MB of numbers), and
 * characters of the searches' own keys (8 MB: a caller sending long wheres, each up to 16,000
 * characters, pushes out the oldest rather than growing the process).
 */
const MAX_SEARCHES = 5_000;
const MAX_KEYS = 1_000_000;
const MAX_CHARS = 4_000_000;
/** Rows of `tableChange` first seen committed this long ago are removed: far past KNOWN_FOR_MS. */
const CHANGES_KEPT = "10 minutes";
const PRUNE_EVERY_MS = 60_000;

export interface KnownSearch {
  total: number;
  /** `pg_current_snapshot()` of the statement that counted it. */
  snapshot: string;
  /** The matching keys in the search's order (`order` names it), when there are few enough. */
  keys?: { order: string; list: readonly unknown[] };
  at: number;
}

/** The tables whose writes change a resource's rows: itself, or what the view reads. */
export const tablesOf = (def: Resource): readonly string[] => (def.kind === "table" ? [def.name] : (def.reads ?? []));

/**
 * True in the statement that holds it when no transaction that committed since `snapshot`
 * changed any of `tables`: a transaction listed there was running or not begun then.
 */
export const unchangedSince = (snapshot: string, tables: readonly string[]): RawBuilder<boolean> =>
  sql<boolean>`not exists (select 1 from "tableChange" c
    where c."xid" >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and c."table" = any(${tables}::text[])
      and not pg_visible_in_snapshot(c."xid", ${snapshot}::pg_snapshot))`;

/** The searches one process has counted, least recently used first out. */
export class KnownSearches {
  readonly #searches = new Map<string, KnownSearch>();
  /** Keys held over every search, and characters of the searches' own keys (a where may be long). */
  #keys = 0;
  #chars = 0;
  readonly #maxSearches: number;
  readonly #maxChars: number;
  readonly #now: () => number;
  /** Pages answered with what was known, not counted again (tests and benches see the reuse). */
  used = 0;

  constructor(options: { maxSearches?: number; maxChars?: number; now?: () => number } = {}) {
    this.#maxSearches = options.maxSearches ?? MAX_SEARCHES;
    this.#maxChars = options.maxChars ?? MAX_CHARS;
    this.#now = options.now ?? Date.now;
  }

  /** Off (KNOWN_SEARCHES=0): every page counts its search afresh. */
  get enabled(): boolean {
    return this.#maxSearches > 0;
  }

  get size(): number {
    return this.#searches.size;
  }

  get(key: string): KnownSearch | undefined {
    const known = this.#searches.get(key);
    if (!known) return undefined;
    this.forget(key);
    if (this.#now() - known.at > KNOWN_FOR_MS) return undefined;
    this.#add(key, known);
    return known;
  }

  set(key: string, known: Omit<KnownSearch, "at">): void {
    if (!this.enabled) return;
    this.forget(key);
    this.#add(key, { ...known, at: this.#now() });
    for (const [oldest] of this.#searches) {
      if (this.#searches.size <= this.#maxSearches && this.#keys <= MAX_KEYS && this.#chars <= this.#maxChars) break;
      this.forget(oldest);
    }
  }

  /** Everything forgotten: the database may have lost `tableChange` (a crash empties it). */
  clear(): void {
    this.#searches.clear();
    this.#keys = 0;
    this.#chars = 0;
  }

  forget(key: string): void {
    const known = this.#searches.get(key);
    if (!known) return;
    this.#searches.delete(key);
    this.#keys -= known.keys?.list.length ?? 0;
    this.#chars -= key.length;
  }

  #add(key: string, known: KnownSearch): void {
    this.#searches.set(key, known);
    this.#keys += known.keys?.list.length ?? 0;
    this.#chars += key.length;
  }
}

/** A search's key among the known ones: the resource and its where as compiled (scope included). */
export function searchKey(db: Kysely<DB>, def: Resource, where: RawBuilder<unknown>): string {
  const compiled = where.compile(db);
  return `${def.name}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

/**
 * Every minute, rows of `tableChange` committed long enough ago go (any process may: a second
 * one finds nothing to do). Returns the stop.
 */
export function pruneTableChanges(db: Kysely<DB>, everyMs = PRUNE_EVERY_MS): () => void {
  const prune = () =>
    asCaller({ key: SYSTEM }, async () => {
      await sql`delete from "tableChange" where "seen" < now() - ${CHANGES_KEPT}::interval`.execute(db);
      await sql`update "tableChange" set "seen" = now() where "seen" is null`.execute(db);
    });
  const timer = setInterval(
    () =>
      void prune().catch(() => {
        // The database is away: pruned at the next tick.
      }),
    everyMs,
  );
  timer.unref();
  return () => clearInterval(timer);
}
