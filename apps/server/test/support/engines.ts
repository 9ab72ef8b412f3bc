import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { type Database, openDatabase } from "../../src/db/database.js";
import { databaseUrl, onServer } from "../../src/db/on-server.js";
import { ENGINE_DEFAULTS, migrateAndSeed } from "./demo-seed.js";
import { copyPgliteTemplate, pgliteTemplateDir, postgresTemplate } from "./templates.js";

export interface EngineOptions {
  onStatement?: (sqlText: string) => void;
  listenCheckMs?: number;
  poolSize?: number;
  statementTimeoutMs?: number;
  pgliteReadTimeoutMs?: number;
  poolAcquireTimeoutMs?: number;
}

export interface TestEngine {
  name: "pglite" | "postgres";
  /** A fresh, empty database of its own. */
  create(options?: EngineOptions): Promise<TestDatabase>;
  /**
   * A database of its own holding the demo company (TEST_SCALE, TEST_ANCHOR): a copy of the
   * run's template (templates.ts), or, without one, an empty database migrated and seeded now.
   */
  createSeeded(options?: EngineOptions): Promise<TestDatabase>;
}

export interface TestDatabase {
  database: Database;
  /** The connection string of a PostgreSQL test database (to open it a second time). */
  url?: string;
  /** Opens the same database again (PostgreSQL only: another "server process"). */
  reopen(options?: EngineOptions): Promise<Database>;
  /** Closes the database and drops it. */
  dispose(): Promise<void>;
}

const defaults = ENGINE_DEFAULTS;

async function seededNow(engine: TestEngine, options?: EngineOptions): Promise<TestDatabase> {
  const testDb = await engine.create(options);
  try {
    await migrateAndSeed(testDb.database.db);
  } catch (error) {
    await testDb.dispose();
    throw error;
  }
  return testDb;
}

const pglite: TestEngine = {
  name: "pglite",
  async create(options) {
    const template = pgliteTemplateDir("empty");
    if (template) return openPgliteCopy(await template, options);
    const database = await openDatabase({
      ...defaults,
      ...options,
      databaseUrl: undefined,
      dataDir: "",
      inMemory: true,
    });
    return {
      database,
      reopen: () => Promise.reject(new Error("an in-memory PGlite cannot be opened twice")),
      dispose: () => database.close().catch(() => {}),
    };
  },
  async createSeeded(options) {
    const template = pgliteTemplateDir("seeded");
    return template ? openPgliteCopy(await template, options) : seededNow(pglite, options);
  },
};

/**
 * PGlite over a copy of one of the run's templates, on disk (tmpfs where there is one) as a
 * server's DATA_DIR is: PGlite opens no data directory in memory but its own, made by initdb.
 */
async function openPgliteCopy(template: string, options?: EngineOptions): Promise<TestDatabase> {
  const dataDir = copyPgliteTemplate(template);
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  let database: Database;
  try {
    database = await openDatabase({ ...defaults, ...options, databaseUrl: undefined, dataDir });
  } catch (error) {
    remove();
    throw error;
  }
  return {
    database,
    reopen: () => Promise.reject(new Error("a test's PGlite cannot be opened twice")),
    async dispose() {
      await database.close().catch(() => {});
      remove();
    },
  };
}

/**
 * A DATA_DIR of its own holding an empty PGlite cluster (initdb done: seconds of work saved),
 * a copy of the run's template; undefined outside a run with templates (PGlite then makes its
 * own). PGlite's files are in its `pglite` folder, as a server's are.
 */
export function emptyPgliteDataDir(): Promise<string | undefined> {
  return pgliteDataDir("empty");
}

/** The same, holding the demo company, migrated and seeded (as the run's test databases start). */
export function seededPgliteDataDir(): Promise<string | undefined> {
  return pgliteDataDir("seeded");
}

async function pgliteDataDir(kind: "empty" | "seeded"): Promise<string | undefined> {
  const template = pgliteTemplateDir(kind);
  return template ? copyPgliteTemplate(await template) : undefined;
}

/** Each test database is created on the server of `adminUrl` (DATABASE_URL's) and dropped afterwards. */
export function postgresEngine(adminUrl: string): TestEngine {
  const engine: TestEngine = {
    name: "postgres",
    create: (options) => createFrom(undefined, options),
    async createSeeded(options) {
      const template = postgresTemplate(adminUrl);
      return template ? createFrom(await template, options) : seededNow(engine, options);
    },
  };
  return engine;

  async function createFrom(template: string | undefined, options?: EngineOptions): Promise<TestDatabase> {
    const name = `office_test_${randomBytes(6).toString("hex")}`;
    await admin(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
    const url = databaseUrl(adminUrl, name);
    const open = (o?: EngineOptions) => openDatabase({ ...defaults, ...o, databaseUrl: url, dataDir: "" });
    const database = await open(options);
    const opened = [database];
    return {
      database,
      url,
      async reopen(o) {
        const again = await open(o);
        opened.push(again);
        return again;
      },
      async dispose() {
        for (const db of opened) await db.close().catch(() => {});
        await admin(adminUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
}

const admin = (url: string, statement: string) => onServer(url, statement, "office-test");

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const ENGINES: TestEngine[] = process.env.DATABASE_URL
  ? [pglite, postgresEngine(process.env.DATABASE_URL)]
  : [pglite];

/** The engines that are servers others can connect to: PostgreSQL, when DATABASE_URL is set. */
export const SERVER_ENGINES: TestEngine[] = ENGINES.filter((e) => e.name === "postgres");

/**
 * One engine, for a file whose behaviour does not depend on the engine: PostgreSQL when
 * DATABASE_URL is set (production's, and the older server: SQL that runs on it runs on PGlite's),
 * else PGlite. What differs between the engines runs on both (ENGINES): migrations, seed and
 * columns, pools and connections, transactions that overlap, values and errors crossing
 * PGlite's thread, time zones, NOTIFY, streamed loads, sign-in under concurrency. The browser
 * tests run the whole app on PGlite.
 */
export const ONE_ENGINE: TestEngine[] = SERVER_ENGINES.length > 0 ? SERVER_ENGINES : [pglite];
