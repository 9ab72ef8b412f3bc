import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { hashPassword } from "./passwords.js";

/*
 * Changes to an account that must end its sessions move the token epoch on: every token
 * signed before carries the old epoch and is refused from then on, on every server.
 */

export async function changePassword(db: Kysely<DB>, empID: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .updateTable("authAccount")
    .set({ passwordHash, passwordChangedTS: new Date(), tokenEpoch: sql`"tokenEpoch" + 1` })
    .where("empID", "=", empID)
    .execute();
}

export async function setAccountDisabled(db: Kysely<DB>, empID: number, disabled: boolean): Promise<void> {
  await db
    .updateTable("authAccount")
    .set({ disabled, tokenEpoch: sql`"tokenEpoch" + 1` })
    .where("empID", "=", empID)
    .execute();
}
