import type { SignInBody, SignInInfo } from "@office/core";
import { type Kysely, sql } from "kysely";
import { hashPassword } from "../auth/passwords.js";
import { type Actor, actorEmpID } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { requireEmployee } from "./employee.js";

// The trail keeps who changed a sign-in and how, never the password's hash.
const ACCOUNT = { name: "authAccount", key: "empID" } as const;
const visible = (row: { username: string; disabled: boolean; empID: number; passwordChangedTS: Date }) => ({
  empID: row.empID,
  username: row.username,
  disabled: row.disabled,
  passwordChangedTS: row.passwordChangedTS,
});

/** An employee's sign-in, or null (administrators: the route's grant). */
export async function readSignIn(db: Kysely<DB>, empID: number): Promise<SignInInfo | null> {
  await requireEmployee(db, empID, false);
  const account = await db
    .selectFrom("authAccount")
    .select(["username", "disabled", "passwordChangedTS"])
    .where("empID", "=", empID)
    .executeTakeFirst();
  return account ? { ...account, passwordChangedTS: account.passwordChangedTS.toISOString() } : null;
}

/**
 * Sets an employee's sign-in (administrators): creates it (a password is then required),
 * renames it, resets its password or disables it. A new password or a disabling ends every
 * session of the account (its token epoch moves on). Nobody disables their own sign-in.
 */
export async function saveSignIn(
  db: Kysely<DB>,
  empID: number,
  input: SignInBody,
  actor: Actor,
): Promise<{ status: "success" }> {
  if (input.disabled && actorEmpID(actor) === empID) {
    throw new AppError(409, "You cannot disable your own sign-in.", { fieldErrors: { disabled: "is your own" } });
  }
  // Hashing is slow on purpose: done before the transaction holds any row.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    await requireEmployee(tx, empID, true);
    const taken = await tx
      .selectFrom("authAccount")
      .select("empID")
      .where(sql`lower("username")`, "=", input.username.toLowerCase())
      .where("empID", "<>", empID)
      .executeTakeFirst();
    if (taken) throw new AppError(409, "This username is taken.", { fieldErrors: { username: "Username is taken" } });
    const before = await tx
      .selectFrom("authAccount")
      .selectAll()
      .where("empID", "=", empID)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!before) {
      if (!passwordHash)
        throw AppError.badRequest("A new sign-in needs a password.", { password: "Password is required" });
      const after = await tx
        .insertInto("authAccount")
        .values({ empID, username: input.username, passwordHash, disabled: input.disabled ?? false })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(tx, actor, "insert", ACCOUNT, [{ after: visible(after) }]);
      return { status: "success" as const };
    }
    const disabled = input.disabled ?? before.disabled;
    const endsSessions = passwordHash !== undefined || disabled !== before.disabled;
    const after = await tx
      .updateTable("authAccount")
      .set({
        username: input.username,
        disabled,
        ...(passwordHash ? { passwordHash, passwordChangedTS: new Date() } : {}),
        ...(endsSessions ? { tokenEpoch: sql`"tokenEpoch" + 1` } : {}),
      })
      .where("empID", "=", empID)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, actor, "update", ACCOUNT, [{ before: visible(before), after: visible(after) }]);
    return { status: "success" as const };
  });
}
