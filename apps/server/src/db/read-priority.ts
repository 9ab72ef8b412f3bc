import { AsyncLocalStorage } from "node:async_hooks";

const reading = new AsyncLocalStorage<true>();

/**
 * Runs work as one of the data service's reads, whose statements grow with the tables and the
 * caller's where. PGlite has one connection: its pool serves the statements of every other call
 * first, so a light call waits for the statement running, not for a queue of reads, and stops a
 * read's statement that runs past its budget (pglite-pool.ts).
 */
export function asRead<T>(work: () => Promise<T>): Promise<T> {
  return reading.run(true, work);
}

export function isRead(): boolean {
  return reading.getStore() === true;
}
