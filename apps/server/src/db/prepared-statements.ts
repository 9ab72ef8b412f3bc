import type pg from "pg";

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Names the statements each of the pool's connections runs, so that PostgreSQL parses and
 * plans a text once per connection rather than at every call: on the cheap calls, which run
 * the session check and one small statement, that is a third of their cost (bench/RESULTS.md).
 * Only statements with parameters are named (one without goes by the simple protocol, which a
 * migration's several commands need). A connection keeps its `perConnection` most recently
 * used texts and deallocates the one it drops, so a caller who sends ever new wheres costs
 * each connection no more than that; `perConnection` 0 names nothing.
 */
export function prepareStatements(pool: pg.Pool, perConnection: number): void {
  if (perConnection <= 0) return;
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    // pg's own record of the statements this connection has sent and parsed, by name.
    type Statements = Record<string, string> | undefined;
    const { connection } = client as unknown as { connection: Record<string, Statements> };
    const sent = connection.submittedNamedStatements;
    const parsed = connection.parsedStatements;
    const names = new Map<string, string>(); // text → name, least recently used first
    let next = 0;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values, ...callback] = args; // Kysely: (text, values); pool.query adds a callback
      if (typeof text !== "string" || !Array.isArray(values) || values.length === 0) return query(...args);
      let name = names.get(text);
      if (name !== undefined) names.delete(text);
      else {
        // A name is never used twice on a connection: a deallocation that failed (in a
        // transaction already aborted) leaves one statement behind, never a clash.
        name = `office_${next++}`;
        if (names.size >= perConnection) {
          const [oldest, dropped] = names.entries().next().value as [string, string];
          names.delete(oldest);
          if (parsed?.[dropped] !== undefined || sent?.[dropped] !== undefined) {
            if (parsed) delete parsed[dropped];
            // Queued before the statement that follows; its failure concerns no caller.
            query(`deallocate ${dropped}`).catch(() => {});
          }
        }
      }
      names.set(text, name);
      return query({ name, text, values }, ...callback);
    };
  });
}
