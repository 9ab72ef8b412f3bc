import { type Kysely, sql } from "kysely";

/**
 * Settings kept in the database (issue 37; core's settings.ts declares them). The company's
 * are rows of `appSetting` (as the receipt rule already was), now with a version each; a
 * person's own are rows of `employeeSetting`. Every change of a company setting moves the
 * count in `settingChange` and NOTIFYs `office_settings` with its key: each server process
 * reloads what it keeps at the notification, and one that missed it (its listening connection
 * lost, or a transaction-mode pooler that drops LISTEN) sees the count move at its next check.
 */
const statements = [
  `alter table "appSetting" add column "version" integer not null default 1`,
  `alter table "appSetting" add column "changedTS" timestamptz not null default now()`,
  `create table "employeeSetting" (
    "empID" integer not null references "tblEmployee" ("empID") on delete cascade,
    "key" text not null,
    "value" text not null,
    "version" integer not null default 1,
    "changedTS" timestamptz not null default now(),
    primary key ("empID", "key")
  )`,
  `create table "settingChange" (
    "id" smallint primary key default 1 check ("id" = 1),
    "version" bigint not null default 0
  )`,
  `insert into "settingChange" default values`,
  `create function "appSettingChanged"() returns trigger language plpgsql as $$
  begin
    update "settingChange" set "version" = "version" + 1;
    perform pg_notify('office_settings', coalesce(new."key", old."key"));
    return null;
  end $$`,
  `create trigger "appSetting_changed" after insert or update or delete on "appSetting"
    for each row execute function "appSettingChanged"()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
