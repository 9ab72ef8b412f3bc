import type { Kysely } from "kysely";
import { prepareDatabase } from "../../src/db/migrate.js";
import type { DB } from "../../src/db/schema.js";
import { seedDemo } from "../../src/db/seed/index.js";

/** A small demo company: every employee, account and lookup, few projects and notes. */
export const TEST_SCALE = 0.01;
export const TEST_ANCHOR = new Date("2026-06-15T00:00:00Z");

/** What a test database is opened with unless a test says otherwise. */
export const ENGINE_DEFAULTS = {
  poolSize: 5,
  statementTimeoutMs: 10_000,
  // As the server runs by default (DB_PREPARED_STATEMENTS): every PostgreSQL test runs named statements.
  preparedStatements: 100,
  poolAcquireTimeoutMs: 5_000,
  companyTimeZone: "America/New_York",
};

/** Migrates an empty database and seeds the demo company, as every template is made. */
export function migrateAndSeed(db: Kysely<DB>): Promise<void> {
  return prepareDatabase(db, (conn) => seedDemo(conn, { scale: TEST_SCALE, anchor: TEST_ANCHOR }));
}
