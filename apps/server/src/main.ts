import { buildApp } from "./app.js";
import { direct, loadConfig } from "./config.js";
import { adoptFiles } from "./data/file-store.js";
import { openDatabase } from "./db/database.js";
import { prepareDatabase } from "./db/migrate.js";
import { hasCompanyData, isDemoCompany, seedDemo } from "./db/seed/index.js";
import { handleSignals } from "./http/lifecycle.js";

/** `npm start`: open the database, migrate (and seed an empty one), serve, drain on SIGTERM. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  let seeded = false;
  let adopted = 0;
  // Behind a pooler in transaction mode the start-up's lock is a session's: PostgreSQL's own.
  const own = config.databaseDirectUrl ? await openDatabase({ ...direct(config), poolSize: 1 }) : database;
  await prepareDatabase(own.db, async (conn) => {
    if (config.seedDemo && !(await hasCompanyData(conn))) {
      await seedDemo(conn, {
        scale: 1,
        uploadDir: config.uploadDir,
        uploadStore: config.uploadStore,
        ...(config.s3 ? { s3: config.s3 } : {}),
        timeZone: config.companyTimeZone,
      });
      seeded = true;
    }
    // Files a PostgreSQL company kept in UPLOAD_DIR before they were kept in the database: under
    // the start-up's lock, so servers starting together copy each once.
    if (config.uploadStore === "database") adopted = await adoptFiles(conn, config.uploadDir);
  }).finally(() => (own === database ? undefined : own.close()));
  const demoCarrier = config.carriers.demo === "auto" ? await isDemoCompany(database.db) : config.carriers.demo;
  const { app, lifecycle } = await buildApp(
    {
      ...config,
      carriers: { ...config.carriers, demo: demoCarrier },
      trackingDailyAt: config.trackingDailyAt,
      trackingWaitMs: config.trackingWaitMs,
      jobs: config.jobs,
    },
    database,
  );
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, seeded, adoptedFiles: adopted, startMs: Math.round(performance.now() - started) },
    "Office is ready",
  );

  handleSignals(app, lifecycle, config.shutdownTimeoutMs);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
