import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { Config } from "../../config.js";
import { holdDataDirLock } from "../data-dir-lock.js";
import { openDatabase } from "../database.js";
import { pgliteSide } from "../fingerprint.js";
import { prepareDatabase } from "../migrate.js";
import { type FilesMoved, moveFiles } from "./files.js";
import { copyCompany, holdsCompany, type TableMoved } from "./move.js";

export type MoveConfig = Pick<
  Config,
  "dataDir" | "uploadDir" | "poolSize" | "statementTimeoutMs" | "poolAcquireTimeoutMs" | "companyTimeZone"
>;

/** Brings a database's schema up to our latest migration (the source's too: both must match). */
async function migrated(config: MoveConfig, databaseUrl: string | undefined) {
  // A move takes as long as it takes: no statement is cut short.
  const database = await openDatabase({ ...config, databaseUrl, statementTimeoutMs: 0 });
  try {
    await prepareDatabase(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Moves the embedded company under `config.dataDir` into the empty PostgreSQL database at
 * `url`, and the attached files from UPLOAD_DIR into its `uploadChunk`. The embedded one is
 * left as it was (and locked meanwhile, so no server writes to it). Refuses a target that
 * already holds a company. Answers each table compared, and the files moved.
 */
export async function moveToPostgres(
  config: MoveConfig,
  url: string,
  log: (line: string) => void = () => {},
): Promise<{ tables: TableMoved[]; files: FilesMoved }> {
  const files = join(config.dataDir, "pglite");
  if (!existsSync(files)) throw new Error(`There is no embedded database in ${config.dataDir} (DATA_DIR).`);
  const target = new pg.Client({ connectionString: url, application_name: "office-move" });
  await target.connect();
  try {
    if (await holdsCompany(target)) {
      throw new Error("The target database already holds a company: move into an empty database.");
    }
    log("bringing both databases to the latest migration");
    await migrated(config, undefined);
    await migrated(config, url);
    const release = holdDataDirLock(config.dataDir);
    try {
      const source = await PGlite.create(files, { extensions: { pg_trgm } });
      try {
        const tables = await copyCompany(source, target, log);
        log("moving the attached files into the database");
        const files = await moveFiles(pgliteSide(source), config.uploadDir, target).catch((error: Error) => {
          throw new Error(`The files could not be moved (${error.message}): drop the target database and move again.`);
        });
        return { tables, files };
      } finally {
        await source.close();
      }
    } finally {
      release();
    }
  } finally {
    await target.end();
  }
}
