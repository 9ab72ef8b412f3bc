import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";

export const THROTTLE_LIMIT = 5;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-ins are counted in the database, so that every server process sees them: per
 * username (whatever address the attempts come from) and per address. Once either reaches
 * the limit within the window, sign-in answers 429 until the oldest counted failure ages out.
 */
export function createThrottle(db: Kysely<DB>) {
  const window = sql.lit(`${THROTTLE_WINDOW_SECONDS} seconds`);

  return {
    /** Seconds until a sign-in may be tried again, or 0 when it may now. */
    async retryAfter(username: string, address: string): Promise<number> {
      const { rows } = await sql<{ key: string; createdTS: Date; now: Date }>`
        (select 'username' as key, "createdTS", now() as now from "authLoginFailure"
          where "username" = ${username} and "createdTS" > now() - ${window}::interval
          order by "createdTS" desc limit ${THROTTLE_LIMIT})
        union all
        (select 'address', "createdTS", now() from "authLoginFailure"
          where "address" = ${address} and "createdTS" > now() - ${window}::interval
          order by "createdTS" desc limit ${THROTTLE_LIMIT})`.execute(db);
      let waitMs = 0;
      for (const key of ["username", "address"]) {
        const failures = rows.filter((row) => row.key === key);
        const oldest = failures[THROTTLE_LIMIT - 1];
        if (!oldest) continue;
        const until = oldest.createdTS.getTime() + THROTTLE_WINDOW_SECONDS * 1000;
        waitMs = Math.max(waitMs, until - oldest.now.getTime());
      }
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },

    async recordFailure(username: string, address: string): Promise<void> {
      await db.insertInto("authLoginFailure").values({ username, address }).execute();
      await db.deleteFrom("authLoginFailure").where("createdTS", "<", sql<Date>`now() - ${window}::interval`).execute();
    },

    /** A successful sign-in forgets the username's failures (not the address's). */
    async clear(username: string): Promise<void> {
      await db.deleteFrom("authLoginFailure").where("username", "=", username).execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
