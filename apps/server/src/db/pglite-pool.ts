import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import { currentCaller, isRead } from "./caller.js";
import { DatabaseUnavailableError } from "./errors.js";
import { FairQueue } from "./fair-queue.js";
import { type PgliteWorker, StatementStoppedError } from "./pglite-worker-client.js";

type Command = PostgresQueryResult<unknown>["command"];
/** What a caller never seen counts as having held the connection: a few statements' time. */
const NEWCOMER_MS = 25;
/**
 * How long a statement may wait before it goes first, the oldest first: a colleague's statement
 * that waited through a read stopped at its budget is not passed over by the next read.
 */
const AGING_MS = 1_000;
const COMMANDS = new Set<Command>(["INSERT", "UPDATE", "DELETE", "MERGE"]);

/**
 * PGlite is one PostgreSQL backend, in a thread of this process: a transaction must own it
 * alone. This adapter gives Kysely's PostgreSQL dialect a pool of exactly one connection,
 * handed out in turn, with the same acquisition timeout a pg pool has, so a stuck transaction
 * or a slow statement answers 503 instead of queueing every request behind it forever (the
 * timer fires here while PGlite works in its thread). The connection goes to callers in fair
 * turns (fair-queue.ts): whoever floods it, with sign-ins, session checks, writes or reads, is
 * one caller among the others, and a quiet caller waits for the statement in progress only.
 * Of a caller's own statements, its data-service read's goes first: it holds the read gate's
 * one turn (data/read-gate.ts), and everyone waiting for that turn would otherwise wait behind
 * the caller's session checks. A read's time is counted by the gate, not here; a caller never
 * seen counts NEWCOMER_MS, so a crowd of new accounts' first statements (their session checks)
 * comes after the colleagues just served; and a statement that has waited AGING_MS goes first.
 *
 * With `readBudgetMs`, a data-service read's statement (caller.ts) that runs longer is
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
  // Who holds the connection, and since when: the time is charged to them when they let it go
  // (a read's by the read gate instead).
  let holder = { key: "", read: false, since: 0 };
  const waiters = new FairQueue<{ key: string; read: boolean; grant: () => void; timer: NodeJS.Timeout }>({
    newcomerMs: NEWCOMER_MS,
    agingMs: AGING_MS,
  });

  const lend = (key: string, read: boolean) => {
    busy = true;
    holder = { key, read, since: performance.now() };
    return client;
  };
  const release = () => {
    stoppedInLease = false;
    if (!holder.read) waiters.charge(holder.key, performance.now() - holder.since);
    // Of the chosen caller's statements, its read's goes first: it holds the read gate's one
    // turn, and whoever waits for that turn would otherwise wait behind the caller's own queue.
    const next = waiters.take(undefined, (waiter) => waiter.read);
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
      const { key } = currentCaller();
      const read = isRead();
      if (!busy) return Promise.resolve(lend(key, read));
      return new Promise((resolve, reject) => {
        const waiter = {
          key,
          read,
          grant: () => resolve(lend(key, read)),
          timer: setTimeout(() => {
            waiters.remove(key, waiter);
            reject(new DatabaseUnavailableError("timeout exceeded when trying to connect"));
          }, acquireTimeoutMs),
        };
        waiters.push(key, waiter);
      });
    },
    async end() {
      closed = true;
      for (let waiter = waiters.take(); waiter; waiter = waiters.take()) clearTimeout(waiter.timer);
      await pg.close();
    },
  };
}
