import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import { DatabaseUnavailableError } from "./errors.js";
import { type PgliteWorker, StatementStoppedError } from "./pglite-worker-client.js";
import { isRead } from "./read-priority.js";

type Command = PostgresQueryResult<unknown>["command"];
const COMMANDS = new Set<Command>(["INSERT", "UPDATE", "DELETE", "MERGE"]);

/**
 * PGlite is one PostgreSQL backend, in a thread of this process: a transaction must own it
 * alone. This adapter gives Kysely's PostgreSQL dialect a pool of exactly one connection,
 * handed out in turn, with the same acquisition timeout a pg pool has, so a stuck transaction
 * or a slow statement answers 503 instead of queueing every request behind it forever (the
 * timer fires here while PGlite works in its thread).
 *
 * With `readBudgetMs`, a data-service read's statement (read-priority.ts) that runs longer is
 * stopped with its thread (pglite-worker-client.ts): on one connection it would hold every
 * other call. What the connection's holder sends after that, but its rollback, is refused: the
 * transaction it belonged to ended with the thread.
 */
export function pglitePool(
  pg: Pick<PgliteWorker, "query" | "close">,
  acquireTimeoutMs: number,
  readBudgetMs?: number,
): PostgresPool {
  let busy = false;
  let closed = false;
  let stoppedInLease = false;
  const waiters: Array<{ grant: () => void; timer: NodeJS.Timeout; read: boolean }> = [];

  // The next turn goes to the first waiter that is not a data-service read, if any (read-priority.ts).
  const release = () => {
    stoppedInLease = false;
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
      const verb = text.trimStart().slice(0, 8).toUpperCase();
      if (stoppedInLease) {
        if (verb === "ROLLBACK") return { command: "SELECT", rowCount: 0, rows: [] };
        throw new DatabaseUnavailableError("the transaction ended when its statement was stopped");
      }
      let result: Awaited<ReturnType<typeof pg.query>>;
      try {
        result = await pg.query(text, parameters as unknown[], isRead() ? readBudgetMs : undefined);
      } catch (error) {
        if (error instanceof StatementStoppedError) stoppedInLease = true;
        throw error;
      }
      const command = verb.slice(0, 6) as Command;
      return {
        command: COMMANDS.has(command) ? command : "SELECT",
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
