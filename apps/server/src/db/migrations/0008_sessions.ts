import { type Kysely, sql } from "kysely";

/**
 * Sign-in sessions (issue 17). A sign-in starts a session with an absolute end; every token of
 * it (refreshes included) names it and ends with it, and logout deletes it, which ends them all
 * on every server. It replaces the per-token revocation list. Deactivating an employee, by any
 * write, moves their account's token epoch on as disabling the sign-in does, so reactivation
 * does not bring their sessions back. Failed sign-ins are also counted per username and address
 * together, and idempotency keys are pruned by age.
 */
const statements = [
  `create table "authSession" (
    "sessionID" uuid primary key,
    "empID" integer not null references "tblEmployee" ("empID") on delete cascade,
    "expiresAt" timestamptz not null,
    "createdTS" timestamptz not null default now()
  )`,
  `create index "authSession_expiry" on "authSession" ("expiresAt")`,
  `create index "authSession_employee" on "authSession" ("empID")`,
  `drop table "authRevokedToken"`,

  // The epoch rather than deleting the sessions: a sign-in that read the employee as active
  // just before this commits still signs its token with the old epoch, which is refused.
  `create function "endEmployeeSessions"() returns trigger language plpgsql as $$
  begin
    update "authAccount" set "tokenEpoch" = "tokenEpoch" + 1 where "empID" = new."empID";
    return null;
  end $$`,
  `create trigger "tblEmployee_deactivated_sessions" after update of "empActive" on "tblEmployee"
    for each row when (old."empActive" = 1 and new."empActive" is distinct from 1)
    execute function "endEmployeeSessions"()`,

  `create index "authLoginFailure_pair" on "authLoginFailure" ("username", "address", "createdTS")`,
  `create index "idempotencyKey_created" on "idempotencyKey" ("createdTS")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
