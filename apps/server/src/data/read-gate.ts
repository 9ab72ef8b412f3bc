import { asRead } from "../db/read-priority.js";
import { AppError } from "../http/app-error.js";

/** Reads one employee may have running at once, and waiting beyond those (docs/security.md). */
export const READS_RUNNING_PER_EMPLOYEE = 2;
export const READS_WAITING_PER_EMPLOYEE = 16;

export interface ReadGateOptions {
  /** Reads running at once in this process: fewer than the pool's connections, so sign-ins and writes find one. */
  running: number;
  /** Longest wait for a turn; then 503, as for a connection. */
  waitMs: number;
}

interface Waiter {
  key: number;
  grant: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Takes turns for the data service's reads (Query, Totals), whose cost grows with the tables.
 * At most `running` run at once, so the pool always keeps connections for the light calls
 * (the session check, sign-in, writes); an employee runs at most a few and queues a few more,
 * past which the call answers 429 with Retry-After. The next turn goes to the waiting employee
 * with the fewest reads running, and among those to the one whose last turn is the oldest, so
 * one user's burst cannot make the others wait behind it: on PGlite, with one turn, a light
 * read waits for the read running and no more.
 */
export function createReadGate({ running, waitMs }: ReadGateOptions) {
  let active = 0;
  let turns = 0;
  const byEmployee = new Map<number, { running: number; waiting: number; lastTurn: number }>();
  const waiters: Waiter[] = [];

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
            timer: setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              count.waiting--;
              forget(key);
              reject(AppError.shed());
            }, waitMs),
          };
          waiters.push(waiter);
        });
      }
      try {
        return await asRead(read);
      } finally {
        release(key);
      }
    },
    /** Reads running and waiting now (tests, health). */
    load: () => ({ running: active, waiting: waiters.length }),
  };
}

export type ReadGate = ReturnType<typeof createReadGate>;

/** The turns a process gives reads: on PostgreSQL all but two of the pool's connections; PGlite runs one statement at a time anyway, so one. */
export function readGateFor(engine: "pglite" | "postgres", poolSize: number, waitMs: number): ReadGate {
  return createReadGate({ running: engine === "pglite" ? 1 : Math.max(1, poolSize - 2), waitMs });
}
