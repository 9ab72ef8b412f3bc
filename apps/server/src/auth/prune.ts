import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { THROTTLE_WINDOW_SECONDS } from "./throttle.js";

/**
 * Forgets the sign-in rows that no longer count: failures older than the throttle's window and
 * sessions past their end (their tokens are refused by their expiry alone). Every sign-in
 * attempt that was let through does it, in one statement, so the tables stay about a window's
 * (failures) or a token lifetime's (sessions) worth; refused attempts do not, so flooding the
 * throttle costs no deletes.
 */
export async function pruneSignIns(db: Kysely<DB>): Promise<void> {
  await sql`with "failures" as (
      delete from "authLoginFailure" where "createdTS" < now() - ${sql.lit(`${THROTTLE_WINDOW_SECONDS} seconds`)}::interval
    )
    delete from "authSession" where "expiresAt" < now()`.execute(db);
}
