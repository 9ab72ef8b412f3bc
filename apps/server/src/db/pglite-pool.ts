import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import { DatabaseUnavailableError } from "./errors.js";
import type { PgliteWorker } from "./pglite-worker-client.js";
import { isRead } from "./read-priority.js";

type Command = PostgresQueryResult<unknown>["command"];
const COMMANDS = new Set<Command>(["INSERT", "UPDATE", "DELETE", "MERGE"]);

/**
 * PGlite is one PostgreSQL backend, in a thread of this process: a transaction must own it
 * alone. This adapter gives Kysely's PostgreSQL dialect a pool of exactly one connection,
 * handed out in turn, with the same acquisition timeout a pg pool has, so a stuck transaction
 * or a slow statement answers 503 instead of queueing every request behind it forever (the
 * timer fires here while PGlite works in its thread).
 */
export function pglitePool(pg: Pick<PgliteWorker, "query" | "close">, acquireTimeoutMs: number): PostgresPool {
  let busy = false;
  let closed = false;
  const waiters: Array<{ grant: () => void; timer: NodeJS.Timeout; read: boolean }> = [];

  // The next turn goes to the first waiter that is not a data-service read, if any (read-priority.ts).
  const release = () => {
    const at = waiters.findIndex((waiter) => !waiter.read);
    const [next] = waiters.splice(at === -1 ? 0 : at, 1);
    if (next) {
      clearTimeout(next.timer);
      next.grant();
    } else busy = false;
  };

  const client: PostgresPoolClient = {
    // biome-ignore lint/suspicious/noExplicitAny: overloads of the dialect's interface
    query: (async (text: string, parameters: ReadonlyArray<unknown>): Promise<any> => {
      const result = await pg.query(text, parameters as unknown[]);
      const verb = text.trimStart().slice(0, 6).toUpperCase() as Command;
      return {
        command: COMMANDS.has(verb) ? verb : "SELECT",
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    }) as PostgresPoolClient["query"],
    release,
  };

  return {
    connect() {
      if (closed) return Promise.reject(new DatabaseUnavailableError("database is closed"));
      if (!busy) {
        busy = true;
        return Promise.resolve(client);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          read: isRead(),
          grant: () => resolve(client),
          timer: setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1);
            reject(new DatabaseUnavailableError("timeout exceeded when trying to connect"));
          }, acquireTimeoutMs),
        };
        waiters.push(waiter);
      });
    },
    async end() {
      closed = true;
      for (const waiter of waiters.splice(0)) clearTimeout(waiter.timer);
      await pg.close();
    },
  };
}
