import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";
import { migrate, prepareDatabase } from "../src/db/migrate.js";
import { migrations } from "../src/db/migrations/index.js";
import { ENGINES, emptyPgliteDataDir, SERVER_ENGINES, type TestDatabase } from "./support/engines.js";
import { finished, spawnFixture } from "./support/spawn.js";

const SPEC_TABLES = [
  "tblAppLookup",
  "tblCC",
  "tblCCPermission",
  "tblEmployee",
  "tblPermission",
  "tblProject",
  "tblProjectNotes",
  "tblProjectStatus",
];

async function schemaOf(testDb: TestDatabase) {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' order by table_name, column_name`.execute(testDb.database.db);
  return rows;
}

describe.each(ENGINES)("migrations on $name", (engine) => {
  let testDb: TestDatabase;
  afterEach(() => testDb?.dispose());

  it("creates every table of the spec from an empty database", async () => {
    testDb = await engine.create();
    expect(await migrate(testDb.database.db)).toEqual(Object.keys(migrations));
    const tables = new Set((await schemaOf(testDb)).map((c) => c.table_name));
    for (const table of SPEC_TABLES) expect(tables).toContain(table);
    // Sign-in data is its own table: tblEmployee holds no password.
    const employeeColumns = (await schemaOf(testDb))
      .filter((c) => c.table_name === "tblEmployee")
      .map((c) => c.column_name);
    expect(employeeColumns.some((c) => /pass|hash|user/i.test(c))).toBe(false);
  });

  it("re-running the migrations changes nothing", async () => {
    testDb = await engine.create();
    await migrate(testDb.database.db);
    const before = await schemaOf(testDb);
    expect(await migrate(testDb.database.db)).toEqual([]);
    await prepareDatabase(testDb.database.db);
    expect(await schemaOf(testDb)).toEqual(before);
  });

  it("keeps the look-up indexes the spec's queries need", async () => {
    testDb = await engine.create();
    await migrate(testDb.database.db);
    const { rows } = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where schemaname = 'public'`.execute(testDb.database.db);
    const names = rows.map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "tblProjectStatus_latest",
        "tblProjectNotes_employee_time",
        "tblPermission_empID_permissionPageID_key",
        "tblPermission_page",
      ]),
    );
  });
});

describe.each(SERVER_ENGINES)("start-up of two processes at once on $name", (engine) => {
  // Two server processes start on it (each loads the server's sources): longer than a test.
  it("migrates and seeds once, both processes succeed", { timeout: 90_000 }, async () => {
    const testDb = await engine.create();
    try {
      const env = { DATABASE_URL: testDb.url };
      const runs = await Promise.all([
        finished(spawnFixture("prepare.ts", env)),
        finished(spawnFixture("prepare.ts", env)),
      ]);
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const seeded = runs.map((run) => JSON.parse(run.stdout.trim()).seeded).sort();
      expect(seeded).toEqual([false, true]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from "tblEmployee"`.execute(
        testDb.database.db,
      );
      expect(rows[0]?.n).toBe(80);
    } finally {
      await testDb.dispose();
    }
  });
});

describe("the PGlite data directory", () => {
  // Two server processes start on it (each loads the server's sources): longer than a test.
  it("refuses a second server on the same directory and lets one in after the first closed", {
    timeout: 90_000,
  }, async () => {
    const dataDir = (await emptyPgliteDataDir()) ?? mkdtempSync(join(tmpdir(), "office-lock-"));
    const options = {
      databaseUrl: undefined,
      dataDir,
      poolSize: 1,
      statementTimeoutMs: 1000,
      poolAcquireTimeoutMs: 1000,
      companyTimeZone: "America/New_York",
    };
    const first = await openDatabase(options);
    const second = finished(spawnFixture("prepare.ts", { DATABASE_URL: "", DATA_DIR: dataDir }));
    const run = await second;
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/in use by process/);
    await first.close();
    const third = await finished(spawnFixture("prepare.ts", { DATABASE_URL: "", DATA_DIR: dataDir }));
    expect(third.code, third.stderr).toBe(0);
  });
});
