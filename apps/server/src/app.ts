import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { holidayDays, LIVE_HEARTBEAT_MS } from "@office/core";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { backupRoutes } from "./admin/backups.js";
import { adminRoutes } from "./admin/routes.js";
import { viewedEmployee } from "./admin/view-as.js";
import { authRoutes } from "./auth/routes.js";
import { resolveJwtSecret } from "./auth/secret.js";
import { createSessions, type SessionOptions } from "./auth/session.js";
import { createThrottle } from "./auth/throttle.js";
import { createTokens } from "./auth/tokens.js";
import { boardRoutes, boardSettings } from "./board/routes.js";
import { calendarFeedRoutes } from "./calendar/feed-routes.js";
import { outOfOfficeRoutes } from "./calendar/out-of-office.js";
import { calendarRoutes } from "./calendar/routes.js";
import { type Config, direct } from "./config.js";
import { creditCardRoutes } from "./credit-cards/routes.js";
import { fileStore } from "./data/file-store.js";
import { KnownSearches, pruneTableChanges } from "./data/known-searches.js";
import { readGateFor } from "./data/read-gate.js";
import { dataRoutes } from "./data/routes.js";
import { uploadRoutes } from "./data/uploads.js";
import { backupJob } from "./db/backup/nightly.js";
import type { Database } from "./db/database.js";
import { registerAccess } from "./http/access.js";
import { appConfigRoutes } from "./http/app-config.js";
import { clientAddressRoutes } from "./http/client-address.js";
import { frameworkErrors, registerErrorHandler } from "./http/error-handler.js";
import { healthRoutes } from "./http/health.js";
import { Lifecycle } from "./http/lifecycle.js";
import { openApiRoutes, registerApiDocs } from "./http/openapi.js";
import { securityHeaders } from "./http/security.js";
import { validatorCompiler } from "./http/validate.js";
import { inlineScriptSources, webAppRoutes } from "./http/web-app.js";
import { createJobs, JOB_DEFAULTS, type JobOptions, type Jobs } from "./jobs/runner.js";
import { createLiveHub, LIVE_CHANNEL } from "./live/hub.js";
import { LIVE_RECHECK_MS, liveRoutes } from "./live/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { projectRoutes } from "./projects/routes.js";
import { reportRoutes } from "./reports/routes.js";
import { createCompanySettings, type SettingsFromEnv } from "./settings/company.js";
import { settingRoutes } from "./settings/routes.js";
import { type CarrierSettings, type Carriers, carrierServices, carriersOf } from "./shipping/carriers/index.js";
import { shippingRoutes } from "./shipping/routes.js";
import { trackingJob } from "./shipping/tracking-run.js";

export type AppConfig = Pick<
  Config,
  "jwtSecret" | "logLevel" | "trustProxy" | "bodyLimit" | "webDist" | "uploadDir" | "uploadLimit"
> &
  // The data service's reads take turns by these (data/read-gate.ts); tests may leave them out.
  Partial<
    Pick<
      Config,
      | "poolSize"
      | "poolAcquireTimeoutMs"
      | "pgliteReadTimeoutMs"
      | "knownSearches"
      | "databaseUrl"
      | "databaseDirectUrl"
      | "dataDir"
      | "backups"
      | "uploadStore"
      | "s3"
    >
  > & {
    /** Where logs go; standard output by default. */
    logStream?: NodeJS.WritableStream;
    /** Event streams: how often they ping, and check their session again (tests shorten these). */
    live?: { heartbeatMs: number; recheckMs: number; maxBurstMs?: number };
    /** The session checks kept in memory (tests shorten how often they ask for missed changes). */
    sessions?: SessionOptions;
    /** How long a carrier's call may take, and whether the demo carrier answers (off by default). */
    carriers?: Pick<CarrierSettings, "timeoutMs" | "demo">;
    /** The jobs' runner: off by default (main.ts turns it on; tests start runs, and tick, themselves). */
    jobs?: JobOptions;
    /** How long the truck button's call waits for its run (50 s by default). */
    trackingWaitMs?: number;
    /** The nightly tracking run's time (none by default). */
    trackingDailyAt?: string;
    /** The company's settings environment variables set (none by default: the tests name theirs). */
    settingsFromEnv?: SettingsFromEnv;
    /** How often each process asks whether a company setting changed unheard (settings/company.ts). */
    settingsCheckMs?: number;
    /** How long the board service may take (10 s by default). */
    boardTimeoutMs?: number;
  };

export interface BuiltApp {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  jobs: Jobs;
  /** The searches this process has counted (data/known-searches.ts). */
  searches: KnownSearches;
}

/**
 * The request line and headers together: a Query's where, fields and order at their limits
 * (16,000 characters) however they are encoded (a CJK character is nine bytes as %XX), and the
 * headers beside them.
 */
export const MAX_HEADER_BYTES = 160 * 1_024;

/**
 * The whole server over an open database: plugins first, then hooks, then routes. The
 * database is closed with the app. Tests call this and use `app.inject`.
 */
export async function buildApp(config: AppConfig, database: Database): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
        censor: "[redacted]",
      },
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // Node's 16 KiB would refuse a where well within its limits with a 431.
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    return503OnClosing: true,
    forceCloseConnections: true,
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onClose", async () => {
    await database.close();
    app.log.info("database closed");
  });

  const lifecycle = new Lifecycle();
  const live = config.live ?? { heartbeatMs: LIVE_HEARTBEAT_MS, recheckMs: LIVE_RECHECK_MS };
  // The company's settings, in force in this process and kept so (settings/company.ts).
  const company = await createCompanySettings(database, {
    ...(config.settingsFromEnv ? { fromEnv: config.settingsFromEnv } : {}),
    ...(config.settingsCheckMs ? { checkMs: config.settingsCheckMs } : {}),
  });
  app.addHook("onClose", () => company.close());
  // The company's zone is a setting: what reads it reads it at each use, the database's sessions follow it.
  const timeZone = () => String(company.values("timeZone").zone);
  database.setTimeZone(timeZone());
  // The carriers' adapters keep their tokens: made again only when their settings change.
  let carriers: Carriers | undefined;
  company.onChange((keys) => {
    if (keys.includes("timeZone")) database.setTimeZone(timeZone());
    if (keys.some((key) => key === "ups" || key === "fedex" || key === "timeZone")) carriers = undefined;
  });
  const hub = createLiveHub(database, timeZone, app.log, live.heartbeatMs, live.maxBurstMs);
  lifecycle.onDrain(() => hub.endAll());
  // Open event streams would keep the server from closing: they end first.
  app.addHook("preClose", () => hub.close());
  const tokens = await createTokens(await resolveJwtSecret(database.db, config.jwtSecret));
  const sessions = await createSessions(database, tokens, config.sessions);
  app.addHook("preClose", () => sessions.close());
  const { authenticate } = sessions;

  // Routes declare zod schemas: Fastify checks each request part with them before the handler
  // (a failure is the 400 of error-handler.ts) and each answer as it is written, and
  // @fastify/swagger makes the API document of them (http/openapi.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await securityHeaders(app, { scriptSources: inlineScriptSources(config.webDist) });
  lifecycle.register(app);
  registerAccess(app, sessions, (empID) => viewedEmployee(database.db, empID));
  await registerApiDocs(app);

  await app.register(healthRoutes, { database, lifecycle });
  await app.register(authRoutes, { db: database.db, tokens, sessions, throttle: createThrottle(database.db) });
  const reads = readGateFor(
    database.engine,
    config.poolSize ?? 10,
    config.poolAcquireTimeoutMs ?? 5_000,
    config.pgliteReadTimeoutMs,
  );
  // The searches this process has counted, good while no write since touched what they read.
  const searches = new KnownSearches({ maxSearches: config.knownSearches });
  const stopPruning = pruneTableChanges(database.db);
  // The listening connection lost means the database may have restarted, emptying the unlogged `tableChange`.
  const unlisten = await database.listen(LIVE_CHANNEL, { onPayload: () => {}, onGap: () => searches.clear() });
  app.addHook("onClose", async () => {
    stopPruning();
    unlisten();
  });
  await app.register(dataRoutes, { db: database.db, timeZone, reads, sessions, searches });
  await app.register(reportRoutes, { db: database.db, timeZone, reads });
  // The files' bytes: where the configuration says (tests: UPLOAD_DIR unless they ask for the database).
  const store = fileStore(config.uploadStore ?? "directory", config.uploadDir, config.s3);
  await app.register(uploadRoutes, { db: database.db, store, limit: config.uploadLimit });
  await app.register(adminRoutes, { db: database.db, sessions });
  await app.register(projectRoutes, { db: database.db });
  await app.register(creditCardRoutes, { db: database.db, timeZone, reads, company });
  await app.register(notificationRoutes, { db: database.db, timeZone });
  const holidays = () => holidayDays(company.values("holidays"));
  await app.register(calendarRoutes, { db: database.db, timeZone, holidays });
  await app.register(calendarFeedRoutes, {
    db: database.db,
    timeZone,
    jwtSecret: config.jwtSecret,
  });
  await app.register(outOfOfficeRoutes, { db: database.db, timeZone });
  await app.register(liveRoutes, { hub, sessions, recheckMs: live.recheckMs });
  await app.register(openApiRoutes, { authenticate });
  await app.register(settingRoutes, { db: database.db, company });
  await app.register(appConfigRoutes, { company });
  const boardTimeoutMs = config.boardTimeoutMs ?? 10_000;
  await app.register(boardRoutes, { settings: () => boardSettings(company.values("board"), boardTimeoutMs) });
  await app.register(clientAddressRoutes);
  const carrierOptions = config.carriers ?? { timeoutMs: 15_000, demo: false };
  const currentCarriers = () => {
    carriers ??= carriersOf(
      { ...carrierOptions, ...carrierServices(company.values("ups"), company.values("fedex")) },
      timeZone(),
    );
    return carriers;
  };
  const tracking = trackingJob(currentCarriers, {
    ...(config.trackingDailyAt ? { dailyAt: config.trackingDailyAt } : {}),
    holidays: () => new Set(holidays().map((day) => day.date)),
  });
  // The nightly backup of what this process serves: its database (through it, for PGlite) and files.
  const backupPlace = {
    databaseUrl: database.engine === "postgres" ? direct(config).databaseUrl : undefined,
    dataDir: config.dataDir ?? "",
    uploadDir: config.uploadDir,
    ...(config.uploadStore ? { uploadStore: config.uploadStore } : {}),
    ...(config.s3 ? { s3: config.s3 } : {}),
  };
  const backupSchedule = {
    dir: config.backups?.dir ?? join(config.dataDir ?? config.uploadDir, "backups"),
    dailyAt: config.backups?.dailyAt ?? null,
    keepDays: config.backups?.keepDays ?? 14,
  };
  const backups = backupJob(backupPlace, database, {
    into: backupSchedule.dir,
    keepDays: backupSchedule.keepDays,
    ...(backupSchedule.dailyAt ? { dailyAt: backupSchedule.dailyAt } : {}),
  });
  const jobs = createJobs(
    database,
    app.log,
    timeZone,
    [tracking, backups],
    config.jobs ?? { ...JOB_DEFAULTS, runner: false },
  );
  // Runs in progress are let go before the database closes: another server (or the next start) takes them over.
  app.addHook("preClose", () => jobs.stop());
  await app.register(shippingRoutes, { jobs, waitMs: config.trackingWaitMs ?? 50_000 });
  await app.register(backupRoutes, { db: database.db, jobs, schedule: backupSchedule });
  await app.register(webAppRoutes, { root: config.webDist });
  return { app, lifecycle, jobs, searches };
}
