import { type Kysely, sql } from "kysely";

/** Files attached to records: the metadata here, the bytes under UPLOAD_DIR. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table "upload" (
    "uploadID" uuid primary key,
    "tableName" text not null,
    "recordKey" text not null,
    "fileName" text not null,
    "contentType" text not null,
    "size" integer not null check ("size" >= 0),
    "sha256" text not null,
    "empID" integer references "tblEmployee" ("empID"),
    "createdTS" timestamptz not null default now()
  )`.execute(db);
  await sql`create index "upload_record" on "upload" ("tableName", "recordKey")`.execute(db);
}
