import { type Kysely, sql } from "kysely";

/**
 * What every server process keeps of a session check in memory (auth/sessions.ts) is told when
 * it ends (issue 32): triggers NOTIFY the channel `office_auth` with the session that ended
 * (`s:<sessionID>`: a logout, not a session past its end, whose tokens expire by themselves) or
 * the employee whose sign-in or rights changed (`e:<empID>`: the account disabled, its token
 * epoch moved, the employee deactivated or deleted, a permission row written), and count the
 * change in `authChange`. A process that missed a notification (its listening connection was
 * lost) sees the count move and forgets what it kept.
 */
const statements = [
  `create table "authChange" (
    "id" smallint primary key default 1 check ("id" = 1),
    "version" bigint not null default 0
  )`,
  `insert into "authChange" default values`,
  `create function "authChanged"(subject text) returns void language plpgsql as $$
  begin
    update "authChange" set "version" = "version" + 1;
    perform pg_notify('office_auth', subject);
  end $$`,

  `create function "authSessionEnded"() returns trigger language plpgsql as $$
  begin
    perform "authChanged"('s:' || old."sessionID");
    return null;
  end $$`,
  `create trigger "authSession_ended" after delete on "authSession"
    for each row when (old."expiresAt" > now()) execute function "authSessionEnded"()`,

  `create function "authEmployeeChanged"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then perform "authChanged"('e:' || old."empID"); end if;
    if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new."empID" <> old."empID") then
      perform "authChanged"('e:' || new."empID");
    end if;
    return null;
  end $$`,
  `create trigger "authAccount_changed" after update on "authAccount"
    for each row when ((old."empID", old."disabled", old."tokenEpoch") is distinct from (new."empID", new."disabled", new."tokenEpoch"))
    execute function "authEmployeeChanged"()`,
  `create trigger "authAccount_deleted" after delete on "authAccount"
    for each row execute function "authEmployeeChanged"()`,
  `create trigger "tblEmployee_auth_changed" after update of "empActive" on "tblEmployee"
    for each row when (old."empActive" is distinct from new."empActive") execute function "authEmployeeChanged"()`,
  `create trigger "tblEmployee_auth_deleted" after delete on "tblEmployee"
    for each row execute function "authEmployeeChanged"()`,
  `create trigger "tblPermission_auth_changed" after insert or update or delete on "tblPermission"
    for each row execute function "authEmployeeChanged"()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
