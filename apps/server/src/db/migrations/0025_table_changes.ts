import { type Kysely, sql } from "kysely";

/**
 * Which transactions changed which table (issue 38): a search's total is kept by each server
 * process (data/known-searches.ts) and is good for as long as no transaction that committed
 * since it was counted wrote a table the search reads. A statement trigger on every table the
 * data service reads adds one row per table and transaction; a row is seen by others exactly
 * when its transaction commits, so the check made with the next page is exact, in any process.
 * The table is unlogged (a crash empties it, and every process's totals with the listening
 * connection's gap) and pruned ten minutes after its row was first seen committed
 * (`seen`): far past the minute a kept total lives.
 */
export const WATCHED_TABLES = [
  "appSetting",
  "jobRun",
  "notification",
  "upload",
  "tblAppLookup",
  "tblCC",
  "tblCCCharge",
  "tblCCPermission",
  "tblCCStatement",
  "tblClient",
  "tblClientContact",
  "tblEmployee",
  "tblEvent",
  "tblEventAttendee",
  "tblEventException",
  "tblMasterClient",
  "tblPermission",
  "tblPortalOrder",
  "tblPortalOrderItem",
  "tblProject",
  "tblProjectActivity",
  "tblProjectNotes",
  "tblProjectStatus",
  "tblReleaseNote",
  "tblShipment",
  "tblShipmentScan",
  "tblShippingCompany",
  "tblVendor",
] as const;

/** The trigger that records a table's changes: a later migration's new table a search reads takes it too. */
export const watchChanges = (table: string) =>
  `create trigger "${table}_tableChange" after insert or update or delete or truncate on "${table}"
    for each statement execute function "tableChanged"()`;

const statements = [
  `create unlogged table "tableChange" (
    "xid" xid8 not null default pg_current_xact_id(),
    "table" text not null,
    "seen" timestamptz,
    primary key ("xid", "table")
  )`,
  `create function "tableChanged"() returns trigger language plpgsql as $$
  begin
    insert into "tableChange" ("table") values (TG_TABLE_NAME) on conflict do nothing;
    return null;
  end $$`,
  ...WATCHED_TABLES.map(watchChanges),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
