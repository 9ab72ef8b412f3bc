import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
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
  await prepareDatabase(database.db, async (conn) => {
    if (config.seedDemo && !(await hasCompanyData(conn))) {
      await seedDemo(conn, { scale: 1, uploadDir: config.uploadDir, timeZone: config.companyTimeZone });
      seeded = true;
    }
  });
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
    { engine: database.engine, seeded, startMs: Math.round(performance.now() - started) },
    "Office is ready",
  );

  handleSignals(app, lifecycle, config.shutdownTimeoutMs);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
