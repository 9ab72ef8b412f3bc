/** Callers remembered beyond those waiting; past it, those with no time to their name are forgotten. */
const REMEMBERED = 1_000;
/** A turn costs at least this: turns that take no measurable time are then shared in turn. */
const LEAST_CHARGE_MS = 1;

/**
 * Waiters for a turn, grouped by caller (caller.ts), served by start-time fair queuing: the next
 * turn goes to the waiting caller that has held turns for the least time, each caller's own
 * waiters in the order they came. Time is what a caller is charged, not turns: a caller whose
 * statements run long gets fewer of them while others wait, and a caller that comes back after a
 * pause starts at the clock (the time of the turn last given), so time not used is not saved up.
 *
 * So a quiet user asking while others flood waits for the turn in progress and no more, however
 * many connections the flood holds: they are one caller. Used for PGlite's one connection
 * (pglite-pool.ts) and for the data service's read turns (data/read-gate.ts).
 */
export class FairQueue<W> {
  readonly #queues = new Map<string, W[]>();
  readonly #used = new Map<string, number>();
  #clock = 0;
  #size = 0;

  /** Waiters in the queue. */
  get size(): number {
    return this.#size;
  }

  push(key: string, waiter: W): void {
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = [];
      this.#queues.set(key, queue);
      this.#used.set(key, this.#usedOf(key));
    }
    queue.push(waiter);
    this.#size++;
  }

  /** Takes a waiter out that leaves without its turn (it timed out, or was refused). */
  remove(key: string, waiter: W): void {
    const queue = this.#queues.get(key);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at === -1) return;
    queue.splice(at, 1);
    this.#size--;
    if (queue.length === 0) this.#queues.delete(key);
  }

  /** The waiters of one caller, first come first. */
  waitersOf(key: string): readonly W[] {
    return this.#queues.get(key) ?? [];
  }

  /**
   * Takes the next waiter: the first of the caller with the least time held, among the callers
   * whose first waiter `admits` lets through (a caller at its own limit waits on).
   */
  take(admits: (key: string, waiter: W) => boolean = () => true): W | undefined {
    let best: string | undefined;
    let bestUsed = Number.POSITIVE_INFINITY;
    for (const [key, queue] of this.#queues) {
      const used = this.#used.get(key) ?? 0;
      if (used < bestUsed && admits(key, queue[0] as W)) {
        best = key;
        bestUsed = used;
      }
    }
    if (best === undefined) return undefined;
    const queue = this.#queues.get(best) as W[];
    const waiter = queue.shift() as W;
    this.#size--;
    if (queue.length === 0) this.#queues.delete(best);
    this.#clock = Math.max(this.#clock, bestUsed);
    return waiter;
  }

  /** Takes the first waiter that `matches`, wherever it waits: the one exception to the order. */
  takeMatching(matches: (waiter: W) => boolean): W | undefined {
    for (const [key, queue] of this.#queues) {
      const waiter = queue.find(matches);
      if (waiter === undefined) continue;
      this.remove(key, waiter);
      return waiter;
    }
    return undefined;
  }

  /** Counts `ms` of a turn to its caller. */
  charge(key: string, ms: number): void {
    const used = this.#usedOf(key) + Math.max(LEAST_CHARGE_MS, ms);
    // Set anew, so the map's order is the order of last use (#forget drops the oldest).
    this.#used.delete(key);
    this.#used.set(key, used);
    if (this.#used.size > REMEMBERED + this.#queues.size) this.#forget();
  }

  /** The time a caller has held, from the clock if it has been away. */
  #usedOf(key: string): number {
    return Math.max(this.#used.get(key) ?? 0, this.#clock);
  }

  // A caller that is not waiting and has held no time past the clock would start at the clock
  // anyway: forgetting it changes nothing. The oldest go first if that is not enough.
  #forget(): void {
    for (const [key, used] of this.#used) {
      if (!this.#queues.has(key) && used <= this.#clock) this.#used.delete(key);
    }
    for (const key of this.#used.keys()) {
      if (this.#used.size <= REMEMBERED + this.#queues.size) break;
      if (!this.#queues.has(key)) this.#used.delete(key);
    }
  }
}
