import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";

/**
 * The employee an administrator's call is about, or a 404. Locked (for a write) so that the
 * employee is not deleted meanwhile; the lock leaves foreign-key checks alone, so the audit
 * rows of two administrators changing each other do not deadlock.
 */
export async function requireEmployee(db: Kysely<DB>, empID: number, lock: boolean): Promise<void> {
  const query = db.selectFrom("tblEmployee").select("empID").where("empID", "=", empID);
  const found = await (lock ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (!found) throw new AppError(404, "There is no employee with this id.");
}
