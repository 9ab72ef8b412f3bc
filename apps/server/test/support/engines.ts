import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../src/db/database.js";

export interface EngineOptions {
  onStatement?: (sqlText: string) => void;
  listenCheckMs?: number;
  poolSize?: number;
  statementTimeoutMs?: number;
  poolAcquireTimeoutMs?: number;
}

export interface TestEngine {
  name: "pglite" | "postgres";
  /** A fresh, empty database of its own. */
  create(options?: EngineOptions): Promise<TestDatabase>;
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

const defaults = {
  poolSize: 5,
  statementTimeoutMs: 10_000,
  poolAcquireTimeoutMs: 5_000,
  companyTimeZone: "America/New_York",
};

const pglite: TestEngine = {
  name: "pglite",
  async create(options) {
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
};

/** Each test database is created on the server of `adminUrl` (DATABASE_URL's) and dropped afterwards. */
export function postgresEngine(adminUrl: string): TestEngine {
  return {
    name: "postgres",
    async create(options) {
      const name = `office_test_${randomBytes(6).toString("hex")}`;
      await admin(adminUrl, `create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const open = (o?: EngineOptions) => openDatabase({ ...defaults, ...o, databaseUrl: url.toString(), dataDir: "" });
      const database = await open(options);
      const opened = [database];
      return {
        database,
        url: url.toString(),
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
    },
  };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const ENGINES: TestEngine[] = process.env.DATABASE_URL
  ? [pglite, postgresEngine(process.env.DATABASE_URL)]
  : [pglite];

/** The engines that are servers others can connect to: PostgreSQL, when DATABASE_URL is set. */
export const SERVER_ENGINES: TestEngine[] = ENGINES.filter((e) => e.name === "postgres");
