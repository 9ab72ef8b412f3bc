import { type Kysely, sql } from "kysely";

/**
 * The bytes of attached files kept in the database (issue 38; data/file-store.ts): a file's
 * chunks of 256 KiB in order. No foreign key to `upload`: a removed file's row goes (the audit
 * trail keeps it, and Restore puts it back) while its bytes stay, as its file in UPLOAD_DIR does.
 */
const statements = [
  `create table "uploadChunk" (
    "uploadID" uuid not null,
    "n" integer not null check ("n" >= 0),
    "bytes" bytea not null,
    primary key ("uploadID", "n")
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
