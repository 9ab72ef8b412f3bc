import { parseArgs } from "node:util";
import { sql } from "kysely";
import { direct, loadConfig } from "../config.js";
import { openDatabase } from "./database.js";
import { prepareDatabase } from "./migrate.js";
import { hasCompanyData, seedDemo } from "./seed/index.js";

/** `npm run seed -- --scale N [--reset]`: fill the configured database with the demo company. */
async function main() {
  const { values } = parseArgs({
    options: { scale: { type: "string", default: "1" }, reset: { type: "boolean", default: false } },
  });
  const scale = Number(values.scale);
  if (!(scale > 0 && scale <= 100)) throw new Error("--scale takes a number above 0, at most 100");
  const config = loadConfig();
  // PostgreSQL's own session (not a pooler's): the seed runs under the start-up's lock.
  const database = await openDatabase(direct(config));
  try {
    if (values.reset) {
      await sql`drop schema public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
    }
    const started = performance.now();
    await prepareDatabase(database.db, async (conn) => {
      if (await hasCompanyData(conn)) {
        throw new Error("The database already holds data: use a new DATA_DIR or database, or --reset.");
      }
      await seedDemo(conn, {
        scale,
        uploadDir: config.uploadDir,
        uploadStore: config.uploadStore,
        ...(config.s3 ? { s3: config.s3 } : {}),
        timeZone: config.companyTimeZone,
      });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`seeded the demo company at scale ${scale} into ${database.engine} in ${seconds} s`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
