import { type Kysely, sql } from "kysely";

/**
 * Notifications (issue 34): what concerns one employee, written in the transaction of what
 * it tells (notifications/notify.ts). A new one NOTIFYs `office_live` with its employee, so
 * every open tab of theirs, on any server process, reads its list again (live/hub.ts).
 */
const statements = [
  `create table "notification" (
    "notificationID" serial primary key,
    "empID" integer not null references "tblEmployee" ("empID") on delete cascade,
    "kind" text not null,
    "byEmpID" integer references "tblEmployee" ("empID") on delete set null,
    "tableName" text,
    "count" integer not null default 1,
    "about" text,
    "detail" text,
    "href" text,
    "createdTS" timestamptz not null default now(),
    "readTS" timestamptz
  )`,
  // A person's list, newest first, and their unread count: each reads its own index.
  `create index "notification_emp" on "notification" ("empID", "notificationID" desc)`,
  `create index "notification_unread" on "notification" ("empID") where "readTS" is null`,
  `create index "notification_by" on "notification" ("byEmpID") where "byEmpID" is not null`,
  `create function "notificationMade"() returns trigger language plpgsql as $$
  begin
    perform pg_notify('office_live', json_build_object('notify', new."empID")::text);
    return null;
  end $$`,
  `create trigger "notification_made" after insert on "notification"
    for each row execute function "notificationMade"()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
