import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.js";

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** Failures of one username from one address: a person mistyping, or one guesser at one account. */
export const PAIR_LIMIT = 5;
/**
 * Failures from one address, whatever the usernames: one guesser spraying many accounts. Higher
 * than the pair's, as an office behind one address shares it.
 */
export const ADDRESS_LIMIT = 20;
/** Failures of one username from every address, past which only addresses that have not failed at it get a try. */
export const USERNAME_LIMIT = 5;
/** Refusals remembered (an address or a username and address over a limit, until when). */
const REFUSALS_KEPT = 10_000;
/** How long this process's own failures are counted from memory too: longer than a count takes. */
const FAILURES_HELD_MS = 10_000;

/** A sign-in attempt the throttle let through (its row), or the seconds to wait before another. */
export type Admission = { admitted: true; attemptID: number } | { admitted: false; retryAfterSeconds: number };

type Limit = "pair" | "address" | "username";

interface Counted {
  key: Limit;
  failureID: number;
  createdTS: Date;
  now: Date;
}

/** An attempt of this process whose password is being checked. */
interface Checking {
  username: string;
  address: string;
  settled: Promise<void>;
  settle: () => void;
}

const pairKey = (username: string, address: string) => `${username}\n${address}`;

/**
 * Sign-in attempts are counted in the database, so that every server process sees them. An
 * attempt is recorded before its password is checked and then counted with every other attempt
 * of the window, its own excepted; if it is one too many it is refused (before any password is
 * checked, so a refusal tells nothing of the password) and its row removed. Counting after
 * recording makes the count race-free: the k-th attempt to commit its row sees at least k - 1
 * others, so however many arrive at once, no more are checked than the limits allow.
 *
 * The limits are those of the guesser, never of the account alone (OWASP: throttling, not a
 * lockout anyone can trigger): PAIR_LIMIT per username and address, ADDRESS_LIMIT per address;
 * and against guessing one account from many addresses, once a username has USERNAME_LIMIT
 * failures in the window, an address that has failed at it itself gets no further try, while
 * an address that has not (its owner, elsewhere) still signs in.
 *
 * Two things are kept in memory (issue 32). An address, or a username from an address, found
 * over a limit is refused from memory until its wait ends: a flood of attempts past a limit
 * costs no statement. And this process's own attempts still deciding or being checked count as
 * what they are, not as failures: an attempt that would be one too many only because of them
 * waits until they end, so a burst of correct sign-ins (an office arriving behind one address)
 * all get in, while a burst of guesses still has no more passwords checked than the limits
 * allow (they end as failures). Another process's attempts in progress count as failures.
 */
export function createThrottle(db: Kysely<DB>) {
  const window = sql.lit(`${THROTTLE_WINDOW_SECONDS} seconds`);
  /** Attempt rows of this process not yet ended (deciding or being checked). */
  const alive = new Set<number>();
  const checking = new Map<number, Checking>();
  /** This process's recent failures: a count read before one ended may not hold it. */
  const failedHere = new Map<number, { username: string; address: string; at: number }>();
  /** Until when an address (`a:`) or a username and address (`p:`) is refused, in ms. */
  const refusedUntil = new Map<string, number>();

  const refuseFor = (key: string, until: number) => {
    if (until <= Date.now()) return;
    if (refusedUntil.size >= REFUSALS_KEPT) {
      const now = Date.now();
      for (const [kept, end] of refusedUntil) if (end <= now) refusedUntil.delete(kept);
      if (refusedUntil.size >= REFUSALS_KEPT) refusedUntil.delete(refusedUntil.keys().next().value as string);
    }
    refusedUntil.set(key, until);
  };
  const refusedFor = (username: string, address: string) => {
    const now = Date.now();
    const until = Math.max(
      refusedUntil.get(`a:${address}`) ?? 0,
      refusedUntil.get(`p:${pairKey(username, address)}`) ?? 0,
    );
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  };

  const recent = (key: Limit, where: RawBuilder<unknown>, limit: number, attemptID: number) => sql`
    (select ${sql.lit(key)} as key, "failureID", "createdTS", now() as now from "authLoginFailure"
      where ${where} and "createdTS" > now() - ${window}::interval and "failureID" <> ${attemptID}
      order by "createdTS" desc limit ${limit})`;

  /** The other attempts of the window that count, this process's own in progress left out. */
  async function counted(attemptID: number, username: string, address: string): Promise<Counted[]> {
    // Enough rows that, with this process's attempts in progress left out, each limit's are there.
    const more = Math.min(alive.size, 1_000);
    const { rows } = await sql<Counted>`
      ${recent("pair", sql`"username" = ${username} and "address" = ${address}`, PAIR_LIMIT + more, attemptID)}
      union all ${recent("address", sql`"address" = ${address}`, ADDRESS_LIMIT + more, attemptID)}
      union all ${recent("username", sql`"username" = ${username}`, USERNAME_LIMIT + more, attemptID)}`.execute(db);
    return rows.filter((row) => !alive.has(Number(row.failureID)));
  }

  /** When the counted failures leave room for one more under each limit (ms, 0 when they do). */
  function roomAt(rows: Counted[]) {
    // Newest first: the n-th row (if any) is the one whose ageing out leaves room under a limit of n.
    const nth = (key: Limit, n: number) => rows.filter((row) => row.key === key)[n - 1];
    const until = (row: Counted | undefined) => (row ? row.createdTS.getTime() + THROTTLE_WINDOW_SECONDS * 1000 : 0);
    return {
      now: rows[0]?.now.getTime() ?? 0,
      pair: Math.max(
        until(nth("pair", PAIR_LIMIT)),
        // Room comes when the username cools down or this address's own newest failure ages out.
        Math.min(until(nth("username", USERNAME_LIMIT)), until(nth("pair", 1))),
      ),
      address: until(nth("address", ADDRESS_LIMIT)),
    };
  }

  /**
   * Whether the failures counted, this process's failures the count may have missed and its
   * attempts being checked fill a limit: then the attempts to wait for.
   */
  const fullWith = (rows: Counted[], username: string, address: string): Checking[] | undefined => {
    const seen = new Set(rows.map((row) => Number(row.failureID)));
    const now = Date.now();
    for (const [id, failure] of failedHere) if (now - failure.at > FAILURES_HELD_MS) failedHere.delete(id);
    const missed = [...failedHere].filter(([id]) => !seen.has(id)).map(([, failure]) => failure);
    const samePair = (c: { username: string; address: string }) => c.username === username && c.address === address;
    // Once the username has its failures from anywhere, an address's one failure at it is its last.
    const hot =
      rows.filter((row) => row.key === "username").length + missed.filter((c) => c.username === username).length;
    const limits = [
      { key: "pair" as const, limit: hot >= USERNAME_LIMIT ? 1 : PAIR_LIMIT, same: samePair },
      { key: "address" as const, limit: ADDRESS_LIMIT, same: (c: { address: string }) => c.address === address },
    ];
    for (const { key, limit, same } of limits) {
      const along = [...checking.values()].filter(same);
      const failures = rows.filter((row) => row.key === key).length + missed.filter(same).length;
      if (along.length > 0 && failures + along.length >= limit) return along;
    }
    return undefined;
  };

  const end = (attemptID: number) => {
    alive.delete(attemptID);
    checking.get(attemptID)?.settle();
    checking.delete(attemptID);
  };

  return {
    /** Records an attempt and lets it through, or refuses it (removing its row) past a limit. */
    async admit(username: string, address: string): Promise<Admission> {
      const remembered = refusedFor(username, address);
      if (remembered > 0) return { admitted: false, retryAfterSeconds: remembered };
      const { failureID } = await db
        .insertInto("authLoginFailure")
        .values({ username, address })
        .returning("failureID")
        .executeTakeFirstOrThrow();
      const attemptID = Number(failureID);
      alive.add(attemptID);
      try {
        for (;;) {
          const rows = await counted(attemptID, username, address);
          const room = roomAt(rows);
          // At least a second: a row at the window's edge still counted when it was read.
          const wait = (until: number) => (until > room.now ? Math.ceil(Math.max(until - room.now, 1000) / 1000) : 0);
          const waits = { pair: wait(room.pair), address: wait(room.address) };
          if (waits.pair > 0 || waits.address > 0) {
            if (waits.address > 0) refuseFor(`a:${address}`, Date.now() + waits.address * 1000);
            if (waits.pair > 0) refuseFor(`p:${pairKey(username, address)}`, Date.now() + waits.pair * 1000);
            await db.deleteFrom("authLoginFailure").where("failureID", "=", attemptID).execute();
            end(attemptID);
            return { admitted: false, retryAfterSeconds: Math.max(waits.pair, waits.address) };
          }
          // Failures leave room; attempts being checked here may fill it: wait for one to end.
          const full = fullWith(rows, username, address);
          if (!full) break;
          await Promise.race(full.map((c) => c.settled));
        }
      } catch (error) {
        end(attemptID);
        throw error;
      }
      let settle = () => {};
      const settled = new Promise<void>((resolve) => {
        settle = resolve;
      });
      checking.set(attemptID, { username, address, settled, settle });
      return { admitted: true, attemptID };
    },

    /** The attempt failed: its row stays, a failure counted by every process. */
    failed(attemptID: number): void {
      const attempt = checking.get(attemptID);
      if (attempt) failedHere.set(attemptID, { username: attempt.username, address: attempt.address, at: Date.now() });
      end(attemptID);
    },

    /**
     * The attempt succeeded: its row goes, and so do the earlier failures of the username from
     * this address. Not those from elsewhere: the owner signing in must not reset a guesser's count.
     */
    async succeeded(username: string, address: string, attemptID: number): Promise<void> {
      try {
        await db
          .deleteFrom("authLoginFailure")
          .where("username", "=", username)
          .where("address", "=", address)
          .where("failureID", "<=", attemptID)
          .execute();
      } finally {
        end(attemptID);
      }
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
