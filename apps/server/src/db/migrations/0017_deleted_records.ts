import { type Kysely, sql } from "kysely";

/**
 * A table's deleted records, newest first, for its list's "Deleted" (issue 34): the deletes of
 * one table read from their own index, however long the trail of changes has grown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index "auditLog_deleted" on "auditLog" ("tableName", "auditID" desc) where "action" = 'delete'`.execute(
    db,
  );
}
