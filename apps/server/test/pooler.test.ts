import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/database.js";
import { appOver, seededDatabase, tokenOf } from "./support/app.js";
import { until } from "./support/context.js";
import { dataClient } from "./support/data.js";
import { ENGINE_DEFAULTS } from "./support/demo-seed.js";
import { SERVER_ENGINES, type TestDatabase } from "./support/engines.js";

/*
 * Behind a pooler in transaction mode (issue 38): Debian's PgBouncer (1.18, which keeps no
 * prepared statements), its server connections fewer than the app's, so that one client's
 * transactions run on whichever is free. The app's pool goes through it with
 * DB_PREPARED_STATEMENTS=0; LISTEN, on PostgreSQL directly (DATABASE_DIRECT_URL).
 */
const PGBOUNCER = "/usr/sbin/pgbouncer";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.each(SERVER_ENGINES)("behind PgBouncer in transaction mode, on $name", (engine) => {
  const dir = mkdtempSync(join(tmpdir(), "office-pgbouncer-"));
  let bouncer: ChildProcess | undefined;
  let testDb: TestDatabase;
  let pooled: Database;

  beforeAll(async () => {
    if (!existsSync(PGBOUNCER))
      throw new Error("The pooler's tests run Debian's PgBouncer: apt-get install pgbouncer.");
    testDb = await seededDatabase(engine);
    const direct = new URL(testDb.url as string);
    const port = await freePort();
    chmodSync(dir, 0o777);
    writeFileSync(join(dir, "users.txt"), '"postgres" ""\n');
    writeFileSync(
      join(dir, "pgbouncer.ini"),
      [
        "[databases]",
        `office = host=${direct.hostname} port=${direct.port || 5432} dbname=${direct.pathname.slice(1)} user=postgres`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${port}`,
        "unix_socket_dir =",
        "auth_type = trust",
        `auth_file = ${join(dir, "users.txt")}`,
        "pool_mode = transaction",
        "default_pool_size = 2",
        "max_client_conn = 100",
        `logfile = ${join(dir, "pgbouncer.log")}`,
      ].join("\n"),
    );
    // PgBouncer will not run as root: as PostgreSQL's own user, where the tests run as root (CI).
    const postgres =
      process.getuid?.() === 0
        ? { uid: Number(execFileSync("id", ["-u", "postgres"])), gid: Number(execFileSync("id", ["-g", "postgres"])) }
        : {};
    bouncer = spawn(PGBOUNCER, [join(dir, "pgbouncer.ini")], { ...postgres, stdio: "ignore" });
    const url = `postgres://postgres@127.0.0.1:${port}/office`;
    await until(async () => {
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {});
      return client.connect().then(
        () => client.end().then(() => true),
        () => false,
      );
    });
    pooled = await openDatabase({
      ...ENGINE_DEFAULTS,
      dataDir: "",
      databaseUrl: url,
      databaseDirectUrl: testDb.url as string,
      poolSize: 6,
      preparedStatements: 0,
    });
  });
  afterAll(async () => {
    await pooled?.close();
    bouncer?.kill();
    await testDb?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Each of `n` statements at once, on as many of the pool's connections. */
  const atOnce = (n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        pooled.db.transaction().execute(async (tx) => {
          const { rows } = await sql<{
            zone: string;
            pid: number;
          }>`select current_setting('TimeZone') as zone, pg_backend_pid() as pid, pg_sleep(0.05)`.execute(tx);
          return rows[0] as { zone: string; pid: number };
        }),
      ),
    );

  it("runs every statement in the company's zone, on whichever server connection, and follows a change of zone", async () => {
    const first = await atOnce(12);
    expect(new Set(first.map((row) => row.zone))).toEqual(new Set(["America/New_York"]));
    // Six connections of the app over two of PostgreSQL's: the pooler shares them.
    expect(new Set(first.map((row) => row.pid)).size).toBeLessThanOrEqual(2);
    pooled.setTimeZone("Europe/Paris");
    expect(new Set((await atOnce(12)).map((row) => row.zone))).toEqual(new Set(["Europe/Paris"]));
    pooled.setTimeZone("America/New_York");
    expect(new Set((await atOnce(12)).map((row) => row.zone))).toEqual(new Set(["America/New_York"]));
  });

  it("hears notifications on a connection of its own to PostgreSQL, sent through the pooler", async () => {
    const heard: string[] = [];
    const unlisten = await pooled.listen("office_pooler_test", {
      onPayload: (payload) => heard.push(payload),
      onGap: () => {},
    });
    try {
      await sql`select pg_notify('office_pooler_test', 'through the pooler')`.execute(pooled.db);
      await until(() => heard.includes("through the pooler"));
    } finally {
      unlisten();
    }
  });

  it("serves the app's reads and writes through it, a search's total and its next page too", async () => {
    const { app } = await appOver(testDb, pooled);
    try {
      const staff = dataClient(app, await tokenOf(app, "staff"));
      const page = (offset: number) =>
        staff.query({
          table: "tblProject",
          fields: "projectID",
          where: "projectName LIKE '%a%'",
          rowLimit: 20,
          offset,
        });
      const first = (await page(0)).json();
      expect(first.meta.TotalRecords).toBeGreaterThan(20);
      const second = (await page(20)).json();
      expect(second.meta.TotalRecords).toBe(first.meta.TotalRecords);
      expect(second.data.map((row: { projectID: number }) => row.projectID)).not.toContain(first.data[0].projectID);
      const note = await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 });
      expect(note.statusCode, note.body).toBe(200);
      const { id } = note.json();
      const read = (await staff.query({ table: "tblProjectNotes", where: `projectNotesID = ${id}` })).json();
      expect(read.data).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
