import { type Kysely, sql } from "kysely";

/**
 * The calendar's subscription feeds (issue 35, "Subscribe"; calendar/feed.ts): each employee's
 * private iCalendar address, at most one. The address's secret is kept as its SHA-256, by which a
 * feed's request finds its row (the unique index), and sealed (AES-256-GCM under a key derived
 * from the server's signing secret, bound to the employee), so that its owner can be shown the
 * address again; neither gives the secret to whoever reads the database alone (when JWT_SECRET
 * is set). The address is of its sign-in's token epoch (authAccount, migration 0008): what ends
 * the sign-in's sessions (a new password, a disabled sign-in, the employee made inactive) ends it
 * too, for good. A new address replaces the row; revoking deletes it; an employee's deletion takes it.
 */
const statements = [
  `create table "calendarFeed" (
    "empID" integer primary key references "tblEmployee" ("empID") on delete cascade,
    "tokenHash" text not null unique check ("tokenHash" ~ '^[0-9a-f]{64}$'),
    "tokenSealed" text not null,
    "tokenEpoch" integer not null,
    "createdTS" timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
