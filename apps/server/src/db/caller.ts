import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who a piece of work is for: an account (`emp:12`), a client address for a call without one
 * (`ip:203.0.113.9`), or the server itself (`system`: the live hub, start-up). The database's
 * turns are shared fairly between callers (fair-queue.ts), so that no caller, and no crowd of
 * connections of one caller, keeps the others waiting.
 */
export interface Caller {
  key: string;
  /**
   * Whether the work is one of the data service's reads, whose statements grow with the tables
   * and the caller's where: on PGlite such a statement runs within a budget (pglite-pool.ts).
   */
  read?: boolean;
  /**
   * The tables a transaction of this work writes, when it lends its connection between its
   * statements to others' reads of anything else (pglite-pool.ts): a long write, such as a
   * statement import, then holds PGlite's one connection for a statement at a time.
   */
  lends?: readonly string[];
  /** A read in a heavy turn (data/read-gate.ts): one that may run to its budget. */
  heavy?: boolean;
}

export const SYSTEM = "system";

const callers = new AsyncLocalStorage<Caller>();

/** Runs work for a caller; everything it starts, awaited or not, is that caller's. */
export function asCaller<T>(caller: Caller, work: () => T): T {
  return callers.run(caller, work);
}

/** The caller of the work running now; the server's own outside any request. */
export function currentCaller(): Caller {
  return callers.getStore() ?? { key: SYSTEM };
}

export const employeeCaller = (empID: number) => `emp:${empID}`;
export const addressCaller = (address: string) => `ip:${address}`;

/** Runs work as one of the data service's reads of the current caller, `heavy` if its turn is. */
export function asRead<T>(work: () => Promise<T>, heavy = false): Promise<T> {
  return callers.run({ ...currentCaller(), read: true, heavy }, work);
}

/** Runs work whose transactions lend the connection between their statements (Caller.lends). */
export function lendingBetween<T>(writes: readonly string[], work: () => Promise<T>): Promise<T> {
  return callers.run({ ...currentCaller(), lends: writes }, work);
}

export function isRead(): boolean {
  return callers.getStore()?.read === true;
}
