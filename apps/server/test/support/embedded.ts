import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { openDatabase } from "../../src/db/database.js";
import { ENGINE_DEFAULTS, migrateAndSeed } from "./demo-seed.js";
import { seededPgliteDataDir } from "./engines.js";

/** A DATA_DIR holding the embedded demo company, closed: the run's template, or seeded now. */
export async function embeddedCompany(): Promise<string> {
  const copied = await seededPgliteDataDir();
  if (copied) return copied;
  const dataDir = mkdtempSync(join(tmpdir(), "office-embedded-"));
  const database = await openDatabase({ ...ENGINE_DEFAULTS, databaseUrl: undefined, dataDir });
  try {
    await migrateAndSeed(database.db);
  } finally {
    await database.close();
  }
  return dataDir;
}

/** Runs statements on a closed embedded database, straight on its files; the last one's rows. */
export async function onEmbedded(dataDir: string, ...statements: string[]): Promise<Record<string, unknown>[]> {
  const db = await PGlite.create(join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    let rows: Record<string, unknown>[] = [];
    for (const text of statements) rows = (await db.query<Record<string, unknown>>(text)).rows;
    return rows;
  } finally {
    await db.close();
  }
}
