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
/** How long, between two statements of a lending transaction, its connection serves others' reads. */
const LEND_MS = 50;
/** Callers let into one gap at most: those it cannot serve wait for the connection, first in line. */
const GUESTS_PER_GAP = 8;
const COMMANDS = new Set<Command>(["INSERT", "UPDATE", "DELETE", "MERGE"]);
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|end|rollback)\s*(;|$)/i;
const SELECT = /^\s*select\b/i;
// What a select may do besides reading: none of it may happen inside someone else's transaction.
const NOT_ONLY_READS = /\b(pg_notify|nextval|setval|set_config|pg_advisory\w*|for\s+(update|share|no\s+key|key))\b/i;
/** The savepoint a lent read runs under: its error must not end the lender's transaction. */
const LENT = "office_lent";

interface Waiter {
  key: string;
  read: boolean;
  /** A read in a heavy turn: it may run to its budget, whose stop would end a lender's transaction. */
  heavy: boolean;
  grant: (gap?: Gap) => void;
  timer: NodeJS.Timeout;
}

/** A lending transaction's moment between two statements, and the relations its reads may not name. */
interface Gap {
  fence: RegExp;
  /** The guest is done with the gap (served, or sent to wait for the connection). */
  done: () => void;
}

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
 * A transaction whose work lends (caller.ts: a statement import) holds the connection for a
 * statement at a time: between two of its statements, for up to LEND_MS, waiting callers' plain
 * selects run inside it, each under a savepoint, if they name none of the relations it writes
 * nor a view over them. They see nothing it has written, and it keeps its all or nothing; a
 * caller whose statement is anything else waits for the transaction's end, first in line, and
 * so does a read in a heavy turn (its stop at the budget would end the transaction too).
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
  // Who holds the connection, and since when: the time, but what it lent, is charged to them
  // when they let it go (a read's by the read gate instead).
  let holder = { key: "", read: false, since: 0, lentMs: 0 };
  const waiters = new FairQueue<Waiter>({ newcomerMs: NEWCOMER_MS, agingMs: AGING_MS });
  // Callers taken in a lending transaction's gap whose statement it could not serve: the
  // connection goes to them first, in the order they were taken, when it is let go.
  const deferred: Array<{ resume: () => void; timer: NodeJS.Timeout }> = [];
  const fences = new Map<string, Promise<RegExp>>();

  const lend = (key: string, read: boolean) => {
    busy = true;
    holder = { key, read, since: performance.now(), lentMs: 0 };
  };
  const letGo = () => {
    stoppedInLease = false;
    if (!holder.read) waiters.charge(holder.key, performance.now() - holder.since - holder.lentMs);
    const first = deferred.shift();
    if (first) {
      clearTimeout(first.timer);
      return first.resume();
    }
    // Of the chosen caller's statements, its read's goes first: it holds the read gate's one
    // turn, and whoever waits for that turn would otherwise wait behind the caller's own queue.
    const next = waiters.take(undefined, (waiter) => waiter.read);
    if (next) {
      clearTimeout(next.timer);
      next.grant();
    } else busy = false;
  };
  const timeout = () => new DatabaseUnavailableError("timeout exceeded when trying to connect");

  const execute = async (text: string, parameters: ReadonlyArray<unknown>) => {
    const result = await pg.query(text, parameters as unknown[], isRead() ? readBudgetMs : undefined);
    const command = text.trimStart().slice(0, 6).toUpperCase() as Command;
    return {
      command: COMMANDS.has(command) ? command : "SELECT",
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows,
    };
  };

  /** Runs a statement inside the lending transaction: its error rolls back to the savepoint, not the transaction. */
  const underSavepoint = async <T>(run: () => Promise<T>): Promise<T> => {
    await pg.query(`savepoint ${LENT}`, []);
    try {
      const result = await run();
      await pg.query(`release savepoint ${LENT}`, []);
      return result;
    } catch (error) {
      if (error instanceof StatementStoppedError) stoppedInLease = true;
      else await pg.query(`rollback to savepoint ${LENT}`, []);
      throw error;
    }
  };

  /** The relations a lending transaction's guests may not name: what it writes, and every view over it. */
  const fenceOf = (writes: readonly string[]) => {
    const key = writes.join(",");
    let fence = fences.get(key);
    if (!fence) {
      fence = underSavepoint(() =>
        pg.query(
          `with recursive fenced(oid) as (
            select c.oid from pg_class c where c.relname = any($1::text[])
            union
            select r.ev_class from pg_depend d join pg_rewrite r on r.oid = d.objid
              join fenced f on d.refobjid = f.oid
            where d.classid = 'pg_rewrite'::regclass and r.ev_class <> f.oid)
          select relname from pg_class where oid in (select oid from fenced)`,
          [writes],
        ),
      ).then(({ rows }) => {
        const names = (rows as Array<{ relname: string }>).map((row) => row.relname.replace(/\W/g, ""));
        const all = new Set([...writes.map((name) => name.replace(/\W/g, "")), ...names]);
        return new RegExp(`\\b(${[...all].join("|")})\\b`, "i");
      });
      fence.catch(() => fences.delete(key));
      fences.set(key, fence);
    }
    return fence;
  };

  /** Serves waiting callers' reads inside a lending transaction, between two of its statements. */
  const lendGap = async (writes: readonly string[]) => {
    const fence = await fenceOf(writes);
    const started = performance.now();
    for (
      let guests = 0;
      guests < GUESTS_PER_GAP && performance.now() - started < LEND_MS && !stoppedInLease;
      guests++
    ) {
      const guest = waiters.take(
        (_, waiter) => !waiter.heavy,
        (waiter) => waiter.read && !waiter.heavy,
      );
      if (!guest) return;
      clearTimeout(guest.timer);
      await new Promise<void>((done) => guest.grant({ fence, done }));
    }
  };

  /** A lease of the connection itself: every statement in turn, a transaction's too. */
  const ownClient = (lends: readonly string[] | undefined): PostgresPoolClient => {
    let inTransaction = false;
    // The gap after the last statement: the next waits for the guests in it.
    let gap: Promise<void> | undefined;
    return {
      // biome-ignore lint/suspicious/noExplicitAny: overloads of the dialect's interface
      query: (async (text: string, parameters: ReadonlyArray<unknown>): Promise<any> => {
        // Sent at once when no gap is open (what was asked before a close is stopped with it).
        if (gap) await gap;
        if (stoppedInLease) {
          if (/^\s*rollback\b/i.test(text)) return { command: "SELECT", rowCount: 0, rows: [] };
          throw new DatabaseUnavailableError("the transaction ended when its statement was stopped");
        }
        let result: Awaited<ReturnType<typeof execute>>;
        try {
          result = await execute(text, parameters);
        } catch (error) {
          if (error instanceof StatementStoppedError) stoppedInLease = true;
          // A failed statement ends what the transaction may do but roll back: nothing to lend.
          inTransaction = false;
          throw error;
        }
        if (BEGINS.test(text)) inTransaction = true;
        else if (ENDS.test(text)) inTransaction = false;
        if (lends && inTransaction) gap = lendGap(lends).catch(() => undefined);
        return result;
      }) as PostgresPoolClient["query"],
      release: () => (gap ? void gap.then(letGo) : letGo()),
    };
  };

  /**
   * A caller let into a lending transaction's gap: a plain select that names none of what the
   * transaction writes runs inside it, under a savepoint; any other statement gives the gap
   * back and waits for the connection, first when the transaction lets it go.
   */
  const guestClient = (
    { key, read, lends }: { key: string; read: boolean; lends: readonly string[] | undefined },
    { fence, done }: Gap,
  ): PostgresPoolClient => {
    let own: PostgresPoolClient | undefined;
    let inGap = true;
    const leave = () => {
      if (inGap) done();
      inGap = false;
    };
    return {
      // biome-ignore lint/suspicious/noExplicitAny: overloads of the dialect's interface
      query: (async (text: string, parameters: ReadonlyArray<unknown>): Promise<any> => {
        if (!own && inGap && SELECT.test(text) && !NOT_ONLY_READS.test(text) && !fence.test(text)) {
          const started = performance.now();
          try {
            return await underSavepoint(() => execute(text, parameters));
          } finally {
            const ms = performance.now() - started;
            holder.lentMs += ms;
            if (!read) waiters.charge(key, ms);
          }
        }
        if (!own) {
          leave();
          await new Promise<void>((resume, reject) => {
            const entry = {
              resume,
              timer: setTimeout(() => {
                deferred.splice(deferred.indexOf(entry), 1);
                reject(timeout());
              }, acquireTimeoutMs),
            };
            deferred.push(entry);
          });
          lend(key, read);
          own = ownClient(lends);
        }
        return own.query(text, parameters);
      }) as PostgresPoolClient["query"],
      release: () => (own ? own.release() : leave()),
    };
  };

  return {
    connect() {
      if (closed) return Promise.reject(new DatabaseUnavailableError("database is closed"));
      const { key, lends, heavy = false } = currentCaller();
      const read = isRead();
      if (!busy) {
        lend(key, read);
        return Promise.resolve(ownClient(lends));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          key,
          read,
          heavy,
          grant: (gap) => {
            if (gap) return resolve(guestClient({ key, read, lends }, gap));
            lend(key, read);
            resolve(ownClient(lends));
          },
          timer: setTimeout(() => {
            waiters.remove(key, waiter);
            reject(timeout());
          }, acquireTimeoutMs),
        };
        waiters.push(key, waiter);
      });
    },
    async end() {
      closed = true;
      for (let waiter = waiters.take(); waiter; waiter = waiters.take()) clearTimeout(waiter.timer);
      for (const entry of deferred.splice(0)) clearTimeout(entry.timer);
      await pg.close();
    },
  };
}
