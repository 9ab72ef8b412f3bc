import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { CompiledQuery, type DatabaseConnection, Kysely, type LogConfig, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config.js";
import { holdDataDirLock } from "./data-dir-lock.js";
import type { Side } from "./fingerprint.js";
import { pgListener } from "./pg-listener.js";
import { pglitePool } from "./pglite-pool.js";
import { startPgliteWorker } from "./pglite-worker-client.js";
import { prepareStatements } from "./prepared-statements.js";
import type { DB } from "./schema.js";

export type Engine = "pglite" | "postgres";

/** Who hears a channel's notifications (NOTIFY), and is told when some may have been missed. */
export interface Notifications {
  onPayload(payload: string): void;
  /** The listening connection was lost and is back: notifications sent meanwhile are gone. */
  onGap(): void;
}

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Whether the database answers a trivial query within the timeout. */
  ping(timeoutMs: number): Promise<boolean>;
  /**
   * Hears a channel's notifications from every process on this database (PGlite: this one)
   * until the returned function is called. Resolves once listening.
   */
  listen(channel: string, listener: Notifications): Promise<() => void>;
  /**
   * The company's time zone the sessions run in from now on (a setting changed while running):
   * each connection takes it before its next use.
   */
  setTimeZone(zone: string): void;
  /**
   * PGlite: `read` runs on the one connection, then the data directory is written to `file` as
   * a gzipped tarball, no other statement in between: the file holds what `read` saw (a
   * backup's manifest and its dump, taken while the server runs). Every other call waits
   * meanwhile. PostgreSQL has none: pg_dump reads a snapshot of its own.
   */
  dumpTo?<T>(file: string, read: (side: Side) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Connections follow the company's zone: one opened in an older zone sets the current one as
 * it is reserved, once (a statement only after a change). PostgreSQL's pool keeps its
 * clients, and Kysely one connection object per client, so what each was set to is kept by
 * it; PGlite has one session whatever object the pool lends (`oneSession`).
 */
function followedZone(initial: string, { oneSession = false, opensInIt = true } = {}) {
  // A connection that does not open in the zone (behind a pooler) sets it when first reserved.
  const openedIn = opensInIt ? initial : undefined;
  let zone = initial;
  let single = openedIn;
  const zoned = new WeakMap<DatabaseConnection, string>();
  const zoneOf = (connection: DatabaseConnection) => (oneSession ? single : (zoned.get(connection) ?? openedIn));
  return {
    set: (next: string) => {
      zone = next;
    },
    async onReserveConnection(connection: DatabaseConnection) {
      if (zoneOf(connection) === zone) return;
      const next = zone;
      await connection.executeQuery(CompiledQuery.raw("select set_config('TimeZone', $1, false)", [next]));
      if (oneSession) single = next;
      else zoned.set(connection, next);
    },
  };
}

type DatabaseOptions = Pick<
  Config,
  "databaseUrl" | "dataDir" | "poolSize" | "statementTimeoutMs" | "poolAcquireTimeoutMs" | "companyTimeZone"
> &
  Partial<Pick<Config, "databaseDirectUrl">> &
  Partial<Pick<Config, "pgliteReadTimeoutMs">> & {
    /** PostgreSQL: the texts each connection keeps prepared (Config's); none when not given. */
    preparedStatements?: number;
    /** PGlite only: keep the database in memory (tests). */
    inMemory?: boolean;
    /** Sees the SQL text of every statement run (tests prove no request text reaches it). */
    onStatement?: (sqlText: string) => void;
    /** PostgreSQL: how often the listening connection is asked whether it still answers (30 s). */
    listenCheckMs?: number;
  };

const INT8_OID = 20;
// A calendar date has no instant: it stays its text ("2026-12-01"), never a Date at some zone's midnight.
const DATE_OID = 1082;
const asText = (value: string) => value;

/** PostgreSQL through a pg pool when DATABASE_URL is set, otherwise PGlite under DATA_DIR. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  // Sessions run in the company's zone: a date in a where ('2026-11-23') is the company's
  // day, and so is today for the availability view's office hours.
  const session = { options: `-c TimeZone=${options.companyTimeZone}` };
  // Behind a pooler in transaction mode (DATABASE_DIRECT_URL set), a connection of the pool is
  // a session only for a transaction, and PgBouncer refuses these settings as a session
  // opens: each connection sets its zone as it is first reserved (a parameter the pooler
  // keeps for its client, and sets again on whichever server connection serves it), and the
  // timeouts are the pooler's or the role's (docs/scaling.md).
  const pooled = options.databaseDirectUrl !== undefined;
  const pool = new pg.Pool({
    connectionString: url,
    ...(pooled
      ? {}
      : {
          ...session,
          statement_timeout: options.statementTimeoutMs,
          idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
        }),
    max: options.poolSize,
    connectionTimeoutMillis: options.poolAcquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: "office",
    // Counts and ids fit a JS number; strings for int8 would leak into every response.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : oid === DATE_OID
            ? asText
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A client whose server went away emits "error", idle or checked out between queries;
  // unhandled, that would end the process. The next query on it fails and answers 503.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  prepareStatements(pool, options.preparedStatements ?? 0);
  const zone = followedZone(options.companyTimeZone, { opensInIt: !pooled });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool, onReserveConnection: zone.onReserveConnection }),
    log: statementLog(options),
  });
  // LISTEN holds a session of its own: PostgreSQL's, never the pooler's.
  const listener = pgListener(
    {
      ...session,
      connectionString: options.databaseDirectUrl ?? url,
      application_name: "office-listen",
      connectionTimeoutMillis: options.poolAcquireTimeoutMs,
    },
    options.listenCheckMs,
  );
  return {
    db,
    engine: "postgres",
    ping: (ms) => ping(db, ms),
    listen: listener.listen,
    setTimeZone: zone.set,
    async close() {
      await listener.close();
      await db.destroy();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (!options.inMemory) {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = holdDataDirLock(options.dataDir);
    dataDir = join(options.dataDir, "pglite");
  }
  try {
    // PGlite's WASM runs synchronously: in its own thread, a slow statement leaves this one
    // answering (the acquisition timeout's 503, /healthz).
    // A thread started again (after a stopped read) opens in the zone of the moment.
    const thread = { dataDir, companyTimeZone: options.companyTimeZone };
    const pglite = await startPgliteWorker(thread);
    // A read over its budget is stopped by opening the data directory again: not in memory.
    const pool = pglitePool(pglite, options.poolAcquireTimeoutMs, dataDir ? options.pgliteReadTimeoutMs : undefined);
    const zone = followedZone(options.companyTimeZone, { oneSession: true });
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool, onReserveConnection: zone.onReserveConnection }),
      log: statementLog(options),
    });
    // LISTEN goes through the pool's one connection, so it never lands inside someone else's
    // transaction (where a rollback would undo it).
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      const connection = await pool.connect();
      try {
        return await work();
      } finally {
        connection.release();
      }
    };
    return {
      db,
      engine: "pglite",
      ping: (ms) => ping(db, ms),
      async listen(channel, listener) {
        const stop = await exclusively(() => pglite.listen(channel, (payload) => listener.onPayload(payload)));
        return () => void exclusively(() => stop()).catch(() => {});
      },
      setTimeZone(next) {
        zone.set(next);
        thread.companyTimeZone = next;
      },
      dumpTo: (file, read) =>
        exclusively(async () => {
          const side: Side = {
            rows: async <T>(text: string, params: unknown[] = []) => (await pglite.query(text, params)).rows as T[],
          };
          // In a transaction rolled back: what `read` sets (a fingerprint's UTC) ends with it,
          // and the one session goes on in the company's zone.
          await side.rows("begin read only");
          try {
            const result = await read(side);
            await side.rows("rollback");
            await pglite.dump(file);
            return result;
          } catch (error) {
            await side.rows("rollback").catch(() => {});
            throw error;
          }
        }),
      async close() {
        await db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function statementLog({ onStatement }: DatabaseOptions): LogConfig | undefined {
  return onStatement ? (event) => onStatement(event.query.sql) : undefined;
}

async function ping(db: Kysely<DB>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
