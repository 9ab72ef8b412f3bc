import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";

export const THROTTLE_LIMIT = 5;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

/** A sign-in attempt the throttle let through (its row), or the seconds to wait before another. */
export type Admission = { admitted: true; attemptID: number } | { admitted: false; retryAfterSeconds: number };

/**
 * Sign-in attempts are counted in the database, so that every server process sees them: per
 * username (whatever address the attempts come from) and per address. An attempt is recorded
 * before its password is checked and then counted with every other attempt of the window,
 * its own included; past the limit it is refused and its row removed. Counting after
 * recording makes the count race-free: the k-th attempt to commit its row sees at least k
 * rows, so however many arrive at once, at most THROTTLE_LIMIT are ever checked. A failed
 * attempt's row stays for the window; a successful one removes it with the username's
 * earlier failures.
 */
export function createThrottle(db: Kysely<DB>) {
  const window = sql.lit(`${THROTTLE_WINDOW_SECONDS} seconds`);

  /** Seconds until the attempts other than `attemptID` leave room for one more, or 0. */
  async function waitExcept(attemptID: number, username: string, address: string): Promise<number> {
    const { rows } = await sql<{ key: string; createdTS: Date; now: Date }>`
      (select 'username' as key, "createdTS", now() as now from "authLoginFailure"
        where "username" = ${username} and "createdTS" > now() - ${window}::interval and "failureID" <> ${attemptID}
        order by "createdTS" desc limit ${THROTTLE_LIMIT})
      union all
      (select 'address', "createdTS", now() from "authLoginFailure"
        where "address" = ${address} and "createdTS" > now() - ${window}::interval and "failureID" <> ${attemptID}
        order by "createdTS" desc limit ${THROTTLE_LIMIT})`.execute(db);
    let waitMs = 0;
    for (const key of ["username", "address"]) {
      // With THROTTLE_LIMIT others already in the window, this attempt would be one too many;
      // room comes when the oldest of those ages out.
      const oldest = rows.filter((row) => row.key === key)[THROTTLE_LIMIT - 1];
      if (!oldest) continue;
      const until = oldest.createdTS.getTime() + THROTTLE_WINDOW_SECONDS * 1000;
      // At least a second: a row at the window's edge still counted when it was read.
      waitMs = Math.max(waitMs, until - oldest.now.getTime(), 1000);
    }
    return Math.ceil(waitMs / 1000);
  }

  return {
    /** Records an attempt and lets it through, or refuses it (removing its row) past the limit. */
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

    /** The attempt failed: its row stays as a failure; rows past the window are forgotten. */
    async failed(): Promise<void> {
      await db.deleteFrom("authLoginFailure").where("createdTS", "<", sql<Date>`now() - ${window}::interval`).execute();
    },

    /** The attempt succeeded: its row goes, and so do the username's earlier failures. */
    async succeeded(username: string, attemptID: number): Promise<void> {
      await db
        .deleteFrom("authLoginFailure")
        .where("username", "=", username)
        .where("failureID", "<=", attemptID)
        .execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
