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

/** A sign-in attempt the throttle let through (its row), or the seconds to wait before another. */
export type Admission = { admitted: true; attemptID: number } | { admitted: false; retryAfterSeconds: number };

interface Counted {
  key: "pair" | "address" | "username";
  createdTS: Date;
  now: Date;
}

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
 */
export function createThrottle(db: Kysely<DB>) {
  const window = sql.lit(`${THROTTLE_WINDOW_SECONDS} seconds`);
  const recent = (key: Counted["key"], where: RawBuilder<unknown>, limit: number, attemptID: number) => sql`
    (select ${sql.lit(key)} as key, "createdTS", now() as now from "authLoginFailure"
      where ${where} and "createdTS" > now() - ${window}::interval and "failureID" <> ${attemptID}
      order by "createdTS" desc limit ${limit})`;

  /** Seconds until the attempts other than `attemptID` leave room for one more, or 0. */
  async function waitExcept(attemptID: number, username: string, address: string): Promise<number> {
    const { rows } = await sql<Counted>`
      ${recent("pair", sql`"username" = ${username} and "address" = ${address}`, PAIR_LIMIT, attemptID)}
      union all ${recent("address", sql`"address" = ${address}`, ADDRESS_LIMIT, attemptID)}
      union all ${recent("username", sql`"username" = ${username}`, USERNAME_LIMIT, attemptID)}`.execute(db);
    // Newest first: the n-th row (if any) is the one whose ageing out leaves room under a limit of n.
    const nth = (key: Counted["key"], n: number) => rows.filter((row) => row.key === key)[n - 1];
    const until = (row: Counted | undefined) => (row ? row.createdTS.getTime() + THROTTLE_WINDOW_SECONDS * 1000 : 0);
    const now = rows[0]?.now.getTime() ?? 0;
    const ends = [
      until(nth("pair", PAIR_LIMIT)),
      until(nth("address", ADDRESS_LIMIT)),
      // Room comes when the username cools down or this address's own newest failure ages out.
      Math.min(until(nth("username", USERNAME_LIMIT)), until(nth("pair", 1))),
    ];
    const waitMs = Math.max(...ends) - now;
    // At least a second: a row at the window's edge still counted when it was read.
    return waitMs > 0 ? Math.ceil(Math.max(waitMs, 1000) / 1000) : 0;
  }

  return {
    /** Records an attempt and lets it through, or refuses it (removing its row) past a limit. */
    async admit(username: string, address: string): Promise<Admission> {
      const { failureID } = await db
        .insertInto("authLoginFailure")
        .values({ username, address })
        .returning("failureID")
        .executeTakeFirstOrThrow();
      const attemptID = Number(failureID);
      const wait = await waitExcept(attemptID, username, address);
      if (wait === 0) return { admitted: true, attemptID };
      await db.deleteFrom("authLoginFailure").where("failureID", "=", attemptID).execute();
      return { admitted: false, retryAfterSeconds: wait };
    },

    /**
     * The attempt succeeded: its row goes, and so do the earlier failures of the username from
     * this address. Not those from elsewhere: the owner signing in must not reset a guesser's count.
     */
    async succeeded(username: string, address: string, attemptID: number): Promise<void> {
      await db
        .deleteFrom("authLoginFailure")
        .where("username", "=", username)
        .where("address", "=", address)
        .where("failureID", "<=", attemptID)
        .execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
