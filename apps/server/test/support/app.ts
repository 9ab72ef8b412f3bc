import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance, InjectOptions } from "fastify";
import { type AppConfig, buildApp } from "../../src/app.js";
import type { Database } from "../../src/db/database.js";
import type { Lifecycle } from "../../src/http/lifecycle.js";
import { migrateAndSeed } from "./demo-seed.js";
import type { EngineOptions, TestDatabase, TestEngine } from "./engines.js";

export { TEST_ANCHOR, TEST_SCALE } from "./demo-seed.js";

export interface TestApp {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  database: Database;
  testDb: TestDatabase;
  /** Every log line the app wrote. */
  logs: string[];
  close(): Promise<void>;
}

/** A database of its own holding the demo company: a copy of the run's seeded template. */
export function seededDatabase(engine: TestEngine, options?: EngineOptions): Promise<TestDatabase> {
  return engine.createSeeded(options);
}

/** An empty database migrated and seeded now, by the code a server runs at start-up. */
export async function freshlySeededDatabase(engine: TestEngine, options?: EngineOptions): Promise<TestDatabase> {
  const testDb = await engine.create(options);
  await migrateAndSeed(testDb.database.db);
  return testDb;
}

/** The configuration of a server under test: quiet about nothing, uploads in a fresh directory. */
export function testConfig(): AppConfig {
  return {
    jwtSecret: undefined,
    logLevel: "info",
    trustProxy: false,
    bodyLimit: 1_048_576,
    webDist: "/nonexistent",
    uploadDir: mkdtempSync(join(tmpdir(), "office-uploads-")),
    uploadLimit: 64 * 1024,
    // As if TIME_CLOCK_URL were set (settings.test.ts has an app without it).
    settingsFromEnv: { timeClock: { url: "https://clock.test/" } },
    // Tests write sign-ins and permissions straight to the database and call at once: each call
    // asks whether anything changed (one statement), where a server hears it by notification.
    // session-cache.test.ts checks the server's own way, with the default.
    sessions: { versionCheckMs: 0 },
    // The demo carrier tracks every carrier's parcels (shipping-tracking.test.ts names fakes of UPS's and FedEx's).
    carriers: { timeoutMs: 2_000, demo: true },
  };
}

export async function appOver(
  testDb: TestDatabase,
  database: Database = testDb.database,
  config: Partial<AppConfig> = {},
) {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const { app, lifecycle, searches } = await buildApp({ ...testConfig(), logStream, ...config }, database);
  return { app, lifecycle, searches, logs };
}

export interface TestAppOptions {
  engine?: EngineOptions;
  config?: Partial<AppConfig>;
}

/** A seeded database on the engine and the app over it. */
export async function testApp(engine: TestEngine, options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await seededDatabase(engine, options.engine);
  const { app, lifecycle, logs } = await appOver(testDb, testDb.database, options.config);
  return {
    app,
    lifecycle,
    database: testDb.database,
    testDb,
    logs,
    async close() {
      await app.close().catch(() => {});
      await testDb.dispose();
    },
  };
}

export async function signIn(app: FastifyInstance, username: string, password = "demo", remoteAddress?: string) {
  return app.inject({
    method: "POST",
    url: "/API/Authenticate/",
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function tokenOf(app: FastifyInstance, username: string): Promise<string> {
  const response = await signIn(app, username);
  const token = response.json().token;
  if (typeof token !== "string") throw new Error(`${username} could not sign in: ${response.body}`);
  return token;
}

export function withToken(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } };
}
