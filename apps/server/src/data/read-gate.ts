import { asRead } from "../db/caller.js";
import { sqlState } from "../db/errors.js";
import { FairQueue } from "../db/fair-queue.js";
import { AppError } from "../http/app-error.js";

/** Reads one employee may have running at once, and waiting beyond those (docs/security.md). */
export const READS_RUNNING_PER_EMPLOYEE = 2;
export const READS_WAITING_PER_EMPLOYEE = 16;
/** How long an employee's reads pause after one of them was stopped for running too long. */
export const PAUSE_AFTER_STOPPED_READ_MS = 30_000;
/** A read running longer than this is heavy. */
export const HEAVY_READ_MS = 250;
/**
 * A read that ran this long is an employee's way of reading, not a slow moment of a busy
 * machine: their reads take heavy turns for HEAVY_MEMORY_MS after it.
 */
export const LONG_READ_MS = 5_000;
/**
 * What an employee never seen counts as having held turns before their first read, as long as
 * a read may be before it is heavy (a second, on either engine): a crowd of new accounts' first
 * reads comes after colleagues who have read little lately.
 */
export const NEWCOMER_MS = 1_000;
/** How long after a read past LONG_READ_MS its employee's reads take heavy turns. */
export const HEAVY_MEMORY_MS = 30_000;
/**
 * How long a read that ran under HEAVY_READ_MS makes its employee known: until then, and
 * again after, their reads are on probation (the reads of every employee not known together
 * take at most half the turns).
 */
export const KNOWN_FOR_MS = 60 * 60_000;
/** Employees whose last read is remembered; past it the least recent are forgotten. */
const REMEMBERED = 10_000;

export interface ReadGateOptions {
  /** Reads running at once in this process: fewer than the pool's connections, so sign-ins and writes find one. */
  running: number;
  /** Heavy reads running at once, whoever's: a quarter of the turns (at least one) unless said. */
  heavyTurns?: number;
  /** Longest wait for a turn; then 503, as for a connection. */
  waitMs: number;
  /** PAUSE_AFTER_STOPPED_READ_MS unless a test says otherwise. */
  pauseMs?: number;
  /**
   * What an employee never seen counts as having held turns (NEWCOMER_MS unless said): on PGlite,
   * the most a read may cost, its budget.
   */
  newcomerMs?: number;
  /**
   * Whether the pool interleaves others' statements with work made of bounded statements, and
   * serves others' reads between a lending transaction's (db/pglite-pool.ts, PGlite's): such
   * work then takes no turn here, where it would keep them out for all its length.
   */
  interleaves?: boolean;
  /**
   * With fewer turns than a quarter can be made of (PGlite's one), heavy reads share the time
   * instead: after a read past HEAVY_READ_MS with more of its employee's reads waiting, the
   * employees whose reads were heavy so in the last HEAVY_MEMORY_MS rest this many times as long
   * (HEAVY_REST_FACTOR unless said; 0 never rests).
   */
  restFactor?: number;
}

/** A heavy read's rest on a gate of fewer than four turns: three times its length, a quarter of the time. */
export const HEAVY_REST_FACTOR = 3;

export interface ReadOptions {
  /** Heavy whatever its employee's past: a load's batches after the first. */
  heavy?: boolean;
  /** Longer than the gate's wait: an answer already being written is not cut for a queue. */
  waitMs?: number;
  /**
   * Work made of statements each bounded whatever its input (an import's steps), whose
   * transaction lends its connection between them (caller.ts, lendingBetween).
   */
  bounded?: boolean;
}

interface Waiter {
  key: number;
  heavy: boolean;
  grant: () => void;
  refuse: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

/** A read in its turn. */
interface Running {
  since: number;
  /** Heavy when it started (a load's batch, or its employee's reads were heavy then). */
  heavy: boolean;
  /** Of an employee not known (no light read lately): on probation. */
  probation: boolean;
}

interface Account {
  running: Set<Running>;
  waiting: number;
}

const inSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Takes turns for the data service's reads (Query, Totals, and Update and Delete, which find
 * their rows by the caller's where), whose cost grows with the tables and the where.
 *
 * - At most `running` run at once, so the pool keeps connections for the light calls (the
 *   session check, sign-in, writes); an employee runs at most two and queues sixteen more, past
 *   which the call answers 429 with Retry-After. An employee's second read runs only while a
 *   quarter of the turns stay free for employees with none. An employee is known once a read of
 *   theirs ran under HEAVY_READ_MS (for KNOWN_FOR_MS); the reads of employees not known, on
 *   probation, hold at most half the turns together: a crowd of fresh accounts cannot take the
 *   turns from the colleagues before any of their reads is seen to be heavy.
 * - The next turn goes to the waiting employee that has held turns the least time (fair-queue.ts),
 *   an employee never seen counted as having held `newcomerMs` (on PGlite, a read's budget): a
 *   colleague's burst, or a crowd of new accounts, costs a quiet user the read in progress.
 * - A read is heavy once it runs longer than HEAVY_READ_MS; a load's later batches and a
 *   statement import's steps are heavy from the start, and so is a read of an employee who has a
 *   heavy one running or whose last read ran past LONG_READ_MS. Heavy reads of every employee
 *   together hold at most `heavyTurns`, shared fairly, so several accounts cannot fill the turns
 *   with reads that take seconds (an account's first such read cannot be told from a light one
 *   before it runs: it takes one of the turns the reserve leaves). A search that ran a few
 *   hundred milliseconds on a busy machine counts in its employee's time and holds them back no
 *   further.
 * - A read stopped for running too long (a statement timeout; on PGlite, its read budget) answers
 *   503 with Retry-After, and its employee's reads pause: the waiting ones and the next ones answer
 *   429 until the pause ends. On PGlite one such statement holds the database for everyone while
 *   it runs, so the pause bounds how often one account can do it (docs/security.md).
 */
export function createReadGate({
  running,
  heavyTurns = Math.max(1, Math.floor(running / 4)),
  waitMs,
  pauseMs = PAUSE_AFTER_STOPPED_READ_MS,
  newcomerMs = NEWCOMER_MS,
  interleaves = false,
  restFactor = running < 4 ? HEAVY_REST_FACTOR : 0,
}: ReadGateOptions) {
  const reserve = Math.ceil(running / 4);
  const inTurn = new Set<Running>();
  const accounts = new Map<number, Account>();
  const probationTurns = Math.max(1, Math.floor(running / 2));
  /** Until when each employee's reads take heavy turns, after a read past LONG_READ_MS. */
  const longUntil = new Map<number, number>();
  /** Until when each employee is known, after a light read. */
  const knownUntil = new Map<number, number>();
  const waiters = new FairQueue<Waiter>({ newcomerMs });
  const pausedUntil = new Map<number, number>();
  /** Until when each employee counts as sending heavy reads (a gate of few turns, restFactor). */
  const heavyLately = new Map<number, number>();
  /** Until when those employees' reads rest, after the last heavy read. */
  let restUntil = 0;
  let wake: NodeJS.Timeout | undefined;

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
    for (const waiter of [...waiters.waitersOf(String(key))]) waiter.refuse(pausedError(pauseMs));
  };
  const stopped = () =>
    AppError.shed(
      `This search ran too long and was stopped. Narrow it, then try again in ${inSeconds(pauseMs)} seconds.`,
      { retryAfterSeconds: inSeconds(pauseMs) },
    );

  const accountOf = (key: number) => {
    let account = accounts.get(key);
    if (!account) {
      account = { running: new Set(), waiting: 0 };
      accounts.set(key, account);
    }
    return account;
  };
  const forget = (key: number) => {
    const account = accounts.get(key);
    if (account && account.running.size === 0 && account.waiting === 0) accounts.delete(key);
  };
  // A read that has run past HEAVY_READ_MS is heavy, however it started.
  const heavyNow = (read: Running, now: number) => read.heavy || now - read.since > HEAVY_READ_MS;
  const isHeavy = (account: Account, now = Date.now()) => [...account.running].some((read) => heavyNow(read, now));
  /** Sets or clears an employee's mark in a bounded map (the least recent go first). */
  const mark = (marks: Map<number, number>, key: number, until: number | undefined) => {
    marks.delete(key);
    if (until === undefined) return;
    marks.set(key, until);
    if (marks.size > REMEMBERED) marks.delete(marks.keys().next().value as number);
  };
  const remember = (key: number, ms: number) => {
    const now = Date.now();
    mark(longUntil, key, ms > LONG_READ_MS ? now + HEAVY_MEMORY_MS : undefined);
    // A read slow on a busy machine keeps a colleague known; only a long one ends it.
    if (ms <= HEAVY_READ_MS) mark(knownUntil, key, now + KNOWN_FOR_MS);
    else if (ms > LONG_READ_MS) mark(knownUntil, key, undefined);
  };
  const known = (key: number, now = Date.now()) => (knownUntil.get(key) ?? 0) > now;
  /**
   * A heavy read's rest, when its account has more reads waiting: the accounts whose reads were
   * heavy lately while more of theirs waited (this one among them) wait
   * restFactor times its length before their next, so that on one turn heavy reads, however
   * many accounts send them, hold about a share of the time, and a colleague's call mostly finds
   * it free (its worst wait is still the statement in progress). The system's own reads never rest.
   */
  const rest = (key: number, ms: number) => {
    // Only an account sending reads back to back: a colleague's one slow search (which waited
    // out a database being reopened, say) is no flood, and resting them would make it one.
    if (restFactor === 0 || key === 0 || ms <= HEAVY_READ_MS || accountOf(key).waiting === 0) return;
    const now = Date.now();
    mark(heavyLately, key, now + HEAVY_MEMORY_MS);
    restUntil = Math.max(restUntil, now + ms * restFactor);
    // Their waiters get the turn when the rest ends, if no read's end comes first.
    if (wake) clearTimeout(wake);
    wake = setTimeout(dispatch, restUntil - now + 1);
    wake.unref();
  };
  const resting = (key: number, now: number) => now < restUntil && (heavyLately.get(key) ?? 0) > now;
  /** Whether a read of the employee takes a heavy turn: one of theirs is heavy now, or their last was long. */
  const takesHeavyTurn = (key: number, account: Account, now = Date.now()) =>
    isHeavy(account, now) || (longUntil.get(key) ?? 0) > now;

  /** Whether a read of `key` may start now. */
  const admits = (key: number, asHeavy: boolean) => {
    const account = accountOf(key);
    const mine = account.running.size;
    const active = inTurn.size;
    if (active >= running || mine >= READS_RUNNING_PER_EMPLOYEE) return false;
    if (mine > 0 && running - active - 1 < reserve) return false;
    const now = Date.now();
    if (resting(key, now)) return false;
    if (!known(key, now) && [...inTurn].filter((read) => read.probation).length >= probationTurns) return false;
    if (!asHeavy && !takesHeavyTurn(key, account, now)) return true;
    let heavy = 0;
    for (const read of inTurn) if (heavyNow(read, now)) heavy++;
    return heavy < heavyTurns;
  };

  /** Gives every turn free to the waiters they fit, in fair order. */
  const dispatch = () => {
    for (;;) {
      const waiter = waiters.take((_, w) => admits(w.key, w.heavy));
      if (!waiter) return;
      clearTimeout(waiter.timer);
      waiter.grant();
    }
  };

  return {
    /** Runs a read in its turn; `key` is the employee (0 for the system). */
    async run<T>(key: number, read: () => Promise<T>, options: ReadOptions = {}): Promise<T> {
      const left = pauseLeft(key);
      if (left > 0) throw pausedError(left);
      if (options.bounded && interleaves) return read();
      const account = accountOf(key);
      if (account.waiting >= READS_WAITING_PER_EMPLOYEE) {
        throw new AppError(429, "Too many searches at once for this account; try again in a moment.", {
          retryAfterSeconds: 1,
        });
      }
      // Granted in dispatch (at once, if a turn is free for it), or refused.
      const mine = await new Promise<Running>((resolve, reject) => {
        account.waiting++;
        const waiter: Waiter = {
          key,
          heavy: options.heavy === true,
          grant: () => {
            account.waiting--;
            const now = Date.now();
            const read = {
              since: now,
              heavy: waiter.heavy || takesHeavyTurn(key, account, now),
              probation: !known(key, now),
            };
            inTurn.add(read);
            account.running.add(read);
            resolve(read);
          },
          refuse: (error) => {
            clearTimeout(waiter.timer);
            waiters.remove(String(key), waiter);
            account.waiting--;
            forget(key);
            reject(error);
          },
          timer: setTimeout(() => waiter.refuse(AppError.shed()), options.waitMs ?? waitMs),
        };
        waiters.push(String(key), waiter);
        dispatch();
      });
      try {
        return await asRead(read, mine.heavy);
      } catch (error) {
        if (sqlState(error) !== "57014" || key === 0) throw error;
        pause(key);
        throw Object.assign(stopped(), { cause: error });
      } finally {
        const ms = Date.now() - mine.since;
        inTurn.delete(mine);
        account.running.delete(mine);
        remember(key, ms);
        rest(key, ms);
        waiters.charge(String(key), ms);
        forget(key);
        dispatch();
      }
    },
    /** Pauses an employee's reads (tests; the gate pauses a stopped read's employee itself). */
    pause,
    /** Reads running, heavy among them, and waiting now (tests, health). */
    load: () => {
      const now = Date.now();
      const heavy = [...inTurn].filter((read) => heavyNow(read, now)).length;
      return { running: inTurn.size, heavy, waiting: waiters.size };
    },
  };
}

export type ReadGate = ReturnType<typeof createReadGate>;

/**
 * The turns a process gives reads: on PostgreSQL all but two of the pool's connections; PGlite
 * runs one statement at a time anyway, so one, and a newcomer there counts its read budget (what
 * its first read may cost everyone).
 */
export function readGateFor(
  engine: "pglite" | "postgres",
  poolSize: number,
  waitMs: number,
  readBudgetMs?: number,
): ReadGate {
  const running = engine === "pglite" ? 1 : Math.max(1, poolSize - 2);
  const newcomerMs = engine === "pglite" && readBudgetMs ? readBudgetMs : NEWCOMER_MS;
  return createReadGate({ running, waitMs, newcomerMs, interleaves: engine === "pglite" });
}
