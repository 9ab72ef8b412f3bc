/** Callers remembered beyond those waiting; past it, those with no time to their name are forgotten. */
const REMEMBERED = 10_000;
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
  readonly #newcomerMs: number;
  readonly #agingMs: number;
  /** When each waiter came (ms): one that has waited agingMs goes first. */
  readonly #since = new Map<W, number>();
  /** Callers waiting whose time is a newcomer's: the clock moves to their start without it. */
  readonly #newcomers = new Set<string>();
  #clock = 0;
  #size = 0;
  /** When each caller last had a turn (a count): of two that held as long, the one served longer ago goes first. */
  readonly #served = new Map<string, number>();
  #turns = 0;

  /**
   * @param newcomerMs what a caller not seen before is counted to have held already: where one
   *   turn may take seconds (a read), a crowd of new accounts then comes after the colleagues who
   *   have held little, not before them, each newcomer waiting that much of others' time at most.
   * @param agingMs how long a waiter may wait before it goes first, the oldest first, whatever
   *   its caller's time: where turns may be long, no waiter is passed over twice by callers that
   *   came after it.
   */
  constructor({ newcomerMs = 0, agingMs = Number.POSITIVE_INFINITY }: { newcomerMs?: number; agingMs?: number } = {}) {
    this.#newcomerMs = newcomerMs;
    this.#agingMs = agingMs;
  }

  /** Waiters in the queue. */
  get size(): number {
    return this.#size;
  }

  push(key: string, waiter: W): void {
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = [];
      this.#queues.set(key, queue);
      // A caller never seen waits as if it had held newcomerMs already (refunded at its turn).
      if (!this.#used.has(key)) {
        this.#newcomers.add(key);
        this.#used.set(key, this.#clock + this.#newcomerMs);
      } else this.#used.set(key, this.#usedOf(key));
    }
    queue.push(waiter);
    this.#since.set(waiter, performance.now());
    this.#size++;
  }

  /** Takes a waiter out that leaves without its turn (it timed out, or was refused). */
  remove(key: string, waiter: W): void {
    const queue = this.#queues.get(key);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at === -1) return;
    queue.splice(at, 1);
    this.#since.delete(waiter);
    this.#size--;
    if (queue.length > 0) return;
    this.#queues.delete(key);
    // A newcomer that leaves without a turn is as if never seen.
    if (this.#newcomers.delete(key)) this.#forgetCaller(key);
  }

  /** The waiters of one caller, first come first. */
  waitersOf(key: string): readonly W[] {
    return this.#queues.get(key) ?? [];
  }

  /**
   * Takes the next waiter: the first of the caller with the least time held, among the callers
   * whose first waiter `admits` lets through (a caller at its own limit waits on); of that
   * caller's waiters, the first that `prefer` picks if any, before those that came earlier.
   */
  take(admits: (key: string, waiter: W) => boolean = () => true, prefer?: (waiter: W) => boolean): W | undefined {
    let best = this.#aged(admits);
    const aged = best !== undefined;
    let bestUsed = best === undefined ? Number.POSITIVE_INFINITY : (this.#used.get(best) ?? 0);
    let bestServed = Number.POSITIVE_INFINITY;
    for (const [key, queue] of aged ? [] : this.#queues) {
      const used = this.#used.get(key) ?? 0;
      const served = this.#served.get(key) ?? 0;
      if ((used < bestUsed || (used === bestUsed && served < bestServed)) && admits(key, queue[0] as W)) {
        best = key;
        bestUsed = used;
        bestServed = served;
      }
    }
    if (best === undefined) return undefined;
    const queue = this.#queues.get(best) as W[];
    const at = prefer && !aged ? Math.max(0, queue.findIndex(prefer)) : 0;
    const [waiter] = queue.splice(at, 1) as [W];
    this.#since.delete(waiter);
    this.#size--;
    if (queue.length === 0) this.#queues.delete(best);
    // A newcomer served is a caller like any other: from its real start, not counting the fee
    // that held it back; nor does the clock jump by it, or everyone idle would start level with
    // the newcomers still waiting.
    if (this.#newcomers.delete(best)) {
      bestUsed -= this.#newcomerMs;
      this.#used.set(best, bestUsed);
    }
    this.#clock = Math.max(this.#clock, bestUsed);
    this.#served.set(best, ++this.#turns);
    return waiter;
  }

  /** The caller whose first waiter has waited agingMs, the longest of those, if `admits` lets it through. */
  #aged(admits: (key: string, waiter: W) => boolean): string | undefined {
    if (!Number.isFinite(this.#agingMs)) return undefined;
    const limit = performance.now() - this.#agingMs;
    let oldest: string | undefined;
    let oldestSince = limit;
    for (const [key, queue] of this.#queues) {
      const since = this.#since.get(queue[0] as W) ?? limit;
      if (since <= oldestSince && admits(key, queue[0] as W)) {
        oldest = key;
        oldestSince = since;
      }
    }
    return oldest;
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

  #forgetCaller(key: string): void {
    this.#used.delete(key);
    this.#served.delete(key);
  }

  // A caller that is not waiting and has held no time past the clock would start at the clock
  // anyway: forgetting it changes nothing. The oldest go first if that is not enough.
  #forget(): void {
    for (const [key, used] of this.#used) {
      if (!this.#queues.has(key) && used <= this.#clock) this.#forgetCaller(key);
    }
    for (const key of this.#used.keys()) {
      if (this.#used.size <= REMEMBERED + this.#queues.size) break;
      if (!this.#queues.has(key)) this.#forgetCaller(key);
    }
  }
}
