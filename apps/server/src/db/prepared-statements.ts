import { randomBytes } from "node:crypto";
import type pg from "pg";

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * A LIKE's best plan depends on its pattern: a trigram index for a long fragment, a scan for
 * two letters, which no trigram narrows. Named, such a text gets one generic plan for every
 * pattern after its fifth run, and reads the whole index for two letters: the type-ahead
 * took 90 ms at scale 20 instead of 20 ms planned for its pattern (bench/RESULTS.md, issue 38).
 * Unnamed, it is planned for its values at every run.
 */
const PLANNED_PER_VALUE = /\bi?like\b/i;

/** PostgreSQL's codes of a prepared statement gone stale (a column added or retyped since) or gone. */
const STALE = new Set(["0A000", "26000"]);

/**
 * Names the statements each of the pool's connections runs, so that PostgreSQL parses and
 * plans a text once per connection rather than at every call: on the cheap calls, which run
 * the session check and one small statement, that is a third of their cost (bench/RESULTS.md).
 * Only Kysely's calls with parameters are named (`query(text, values)`); anything else runs as
 * sent, and a text without parameters goes by the simple protocol, which a migration's several
 * commands need; a text with a LIKE is planned for its pattern at every run. A text is named at its second run on a connection (the first goes unnamed, as
 * JDBC's and Npgsql's thresholds do), so a caller who sends ever new wheres prepares nothing and
 * pushes out nobody's statements. A connection keeps its `perConnection` most recently used
 * texts; the one it drops is deallocated at its next call outside a transaction, where a failed
 * deallocation can abort nobody's work. `perConnection` 0 names nothing.
 */
export function prepareStatements(pool: pg.Pool, perConnection: number): void {
  if (perConnection <= 0) return;
  // A name means one text on every connection of every process (a random prefix per pool), so
  // that even a pooler that hands connections around could not run another text by its name.
  const prefix = `office_${randomBytes(4).toString("hex")}_`;
  let next = 0;
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    // pg's own record of the statements this connection has parsed, by name.
    const parsed = (client as unknown as { connection: { parsedStatements?: Record<string, string> } }).connection
      .parsedStatements;
    const names = new Map<string, string>(); // text → name, least recently used first
    const seen = new Map<string, true>(); // texts run once, unnamed, least recently first
    const dropped: string[] = [];
    const drop = (text: string) => {
      const name = names.get(text);
      if (name === undefined) return;
      names.delete(text);
      dropped.push(name);
    };
    const deallocateDropped = () => {
      if (dropped.length === 0 || client.getTransactionStatus() !== "I") return;
      for (const name of dropped.splice(0)) {
        if (parsed?.[name] === undefined) continue; // never prepared
        const forget = () => {
          delete parsed?.[name];
        };
        // Queued before the statement that follows; its failure concerns no caller.
        query(`deallocate ${name}`).then(forget, forget);
      }
    };
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== "string" || !Array.isArray(values) || values.length === 0) {
        return query(...args);
      }
      const idle = client.getTransactionStatus() === "I";
      deallocateDropped();
      let name = names.get(text);
      if (name !== undefined) names.delete(text);
      // Looked for only in a text not named (a named one has no LIKE): not at every call.
      else if (PLANNED_PER_VALUE.test(text)) return query(text, values);
      else if (!seen.delete(text)) {
        // A text's first run goes unnamed: a where sent once (a caller sending ever new ones)
        // then costs what it did before, and pushes no prepared statement of the others out.
        seen.set(text, true);
        if (seen.size > perConnection) seen.delete(seen.keys().next().value as string);
        return query(text, values);
      } else {
        name = `${prefix}${next++}`;
        if (names.size >= perConnection) drop(names.keys().next().value as string);
      }
      names.set(text, name);
      return query({ name, text, values }).catch((error: unknown) => {
        // A text that failed is prepared afresh at its next call. A statement gone stale under a
        // schema change (a server of the last version during a deploy's migration) runs again
        // at once, unnamed, where no transaction holds the failure.
        drop(text);
        const code = (error as { code?: unknown }).code;
        if (idle && typeof code === "string" && STALE.has(code)) return query(text, values);
        throw error;
      });
    };
  });
}
