import { sqlState } from "../db/errors.js";
import { asRead } from "../db/read-priority.js";
import { AppError } from "../http/app-error.js";

/** Reads one employee may have running at once, and waiting beyond those (docs/security.md). */
export const READS_RUNNING_PER_EMPLOYEE = 2;
export const READS_WAITING_PER_EMPLOYEE = 16;
/** How long an employee's reads pause after one of them was stopped for running too long. */
export const PAUSE_AFTER_STOPPED_READ_MS = 30_000;

export interface ReadGateOptions {
  /** Reads running at once in this process: fewer than the pool's connections, so sign-ins and writes find one. */
  running: number;
  /** Longest wait for a turn; then 503, as for a connection. */
  waitMs: number;
  /** PAUSE_AFTER_STOPPED_READ_MS unless a test says otherwise. */
  pauseMs?: number;
}

interface Waiter {
  key: number;
  grant: () => void;
  refuse: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

const inSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Takes turns for the data service's reads (Query, Totals, and Update and Delete, which find
 * their rows by the caller's where), whose cost grows with the tables.
 * At most `running` run at once, so the pool always keeps connections for the light calls
 * (the session check, sign-in, writes); an employee runs at most a few and queues a few more,
 * past which the call answers 429 with Retry-After. The next turn goes to the waiting employee
 * with the fewest reads running, and among those to the one whose last turn is the oldest, so
 * one user's burst cannot make the others wait behind it: on PGlite, with one turn, a light
 * read waits for the read running and no more.
 *
 * A read stopped for running too long (a statement timeout; on PGlite, its read budget) answers
 * 503 with Retry-After, and its employee's reads pause: the waiting ones and the next ones answer
 * 429 until the pause ends. On PGlite one such statement holds the database for everyone while it
 * runs, so the pause bounds how often one account can do it (docs/security.md).
 */
export function createReadGate({ running, waitMs, pauseMs = PAUSE_AFTER_STOPPED_READ_MS }: ReadGateOptions) {
  let active = 0;
  let turns = 0;
  const byEmployee = new Map<number, { running: number; waiting: number; lastTurn: number }>();
  const waiters: Waiter[] = [];
  const pausedUntil = new Map<number, number>();

  const pauseLeft = (key: number) => {
    const left = (pausedUntil.get(key) ?? 0) - Date.now();
    if (left > 0) return left;
    pausedUntil.delete(key);
    return 0;
  };
  const pausedError = (left: number) =>
    new AppError(
      429,
      `This account's last search ran too long and was stopped; searches resume in ${inSeconds(left)} seconds.`,
      { retryAfterSeconds: inSeconds(left) },
    );
  // The system's own reads (key 0) are ours to keep cheap: they never pause.
  const pause = (key: number) => {
    if (key === 0) return;
    pausedUntil.set(key, Date.now() + pauseMs);
    for (const waiter of waiters.filter((w) => w.key === key)) waiter.refuse(pausedError(pauseMs));
  };
  const stopped = () =>
    AppError.shed(
      `This search ran too long and was stopped. Narrow it, then try again in ${inSeconds(pauseMs)} seconds.`,
      { retryAfterSeconds: inSeconds(pauseMs) },
    );

  const countOf = (key: number) => {
    let count = byEmployee.get(key);
    if (!count) {
      count = { running: 0, waiting: 0, lastTurn: 0 };
      byEmployee.set(key, count);
    }
    return count;
  };
  const forget = (key: number) => {
    const count = byEmployee.get(key);
    if (count && count.running === 0 && count.waiting === 0) byEmployee.delete(key);
  };

  const next = () => {
    let best: Waiter | undefined;
    for (const waiter of waiters) {
      const count = countOf(waiter.key);
      if (count.running >= READS_RUNNING_PER_EMPLOYEE) continue;
      const bestCount = best && countOf(best.key);
      if (
        !bestCount ||
        count.running < bestCount.running ||
        (count.running === bestCount.running && count.lastTurn < bestCount.lastTurn)
      )
        best = waiter;
    }
    return best;
  };

  const release = (key: number) => {
    countOf(key).running--;
    active--;
    forget(key);
    const waiter = next();
    if (!waiter) return;
    waiters.splice(waiters.indexOf(waiter), 1);
    clearTimeout(waiter.timer);
    waiter.grant();
  };

  const start = (key: number) => {
    const count = countOf(key);
    count.running++;
    count.lastTurn = ++turns;
    active++;
  };

  return {
    /** Runs a read in its turn; `key` is the employee (0 for the system). */
    async run<T>(key: number, read: () => Promise<T>): Promise<T> {
      const left = pauseLeft(key);
      if (left > 0) throw pausedError(left);
      const count = countOf(key);
      if (count.running < READS_RUNNING_PER_EMPLOYEE && active < running) {
        start(key);
      } else {
        if (count.waiting >= READS_WAITING_PER_EMPLOYEE) {
          throw new AppError(429, "Too many searches at once for this account; try again in a moment.", {
            retryAfterSeconds: 1,
          });
        }
        count.waiting++;
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            key,
            grant: () => {
              count.waiting--;
              start(key);
              resolve();
            },
            refuse: (error) => {
              clearTimeout(waiter.timer);
              waiters.splice(waiters.indexOf(waiter), 1);
              count.waiting--;
              forget(key);
              reject(error);
            },
            timer: setTimeout(() => waiter.refuse(AppError.shed()), waitMs),
          };
          waiters.push(waiter);
        });
      }
      try {
        return await asRead(read);
      } catch (error) {
        if (sqlState(error) !== "57014" || key === 0) throw error;
        pause(key);
        throw Object.assign(stopped(), { cause: error });
      } finally {
        release(key);
      }
    },
    /** Pauses an employee's reads for a read stopped after its answer began (a load's batch). */
    pause,
    /** Reads running and waiting now (tests, health). */
    load: () => ({ running: active, waiting: waiters.length }),
  };
}

export type ReadGate = ReturnType<typeof createReadGate>;

/** The turns a process gives reads: on PostgreSQL all but two of the pool's connections; PGlite runs one statement at a time anyway, so one. */
export function readGateFor(engine: "pglite" | "postgres", poolSize: number, waitMs: number): ReadGate {
  return createReadGate({ running: engine === "pglite" ? 1 : Math.max(1, poolSize - 2), waitMs });
}
