import { type Kysely, Migrator, sql } from "kysely";
import { migrations } from "./migrations/index.js";
import type { DB } from "./schema.js";

// Any constant: the key of the advisory lock that serialises start-up across processes.
const PREPARE_LOCK = 4_711_2026;

/**
 * Brings the schema up to date, then lets `afterMigrate` (the demo seed) run, all under one
 * session-level advisory lock so that servers starting together against one PostgreSQL take
 * turns: the first migrates and seeds, the others find nothing left to do.
 */
export async function prepareDatabase(
  db: Kysely<DB>,
  afterMigrate?: (conn: Kysely<DB>) => Promise<void>,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK})`.execute(conn);
    try {
      await migrate(conn);
      await afterMigrate?.(conn);
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(conn);
    }
  });
}

export async function migrate(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
