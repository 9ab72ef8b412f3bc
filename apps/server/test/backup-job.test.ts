import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BackupStatus, OPERATIONS } from "@office/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST, type Manifest } from "../src/db/backup/backup.js";
import { drill } from "../src/db/backup/drill.js";
import { appOver, seededDatabase, tokenOf } from "./support/app.js";
import { until } from "./support/context.js";
import { dataClient } from "./support/data.js";
import { ENGINES, type TestDatabase } from "./support/engines.js";

describe.each(ENGINES)("the nightly backup and its restore drill on $name", (engine) => {
  let testDb: TestDatabase;
  let built: Awaited<ReturnType<typeof appOver>>;
  const backups = mkdtempSync(join(tmpdir(), "office-nightly-"));
  const uploadDir = mkdtempSync(join(tmpdir(), "office-nightly-uploads-"));
  beforeAll(async () => {
    testDb = await seededDatabase(engine);
    writeFileSync(join(uploadDir, "receipt.pdf"), "a receipt");
    built = await appOver(testDb, testDb.database, {
      uploadDir,
      ...(testDb.url ? { databaseUrl: testDb.url } : {}),
      backups: { dir: backups, dailyAt: null, keepDays: 7 },
    });
  });
  afterAll(async () => {
    await built?.app.close();
    await testDb?.dispose();
  });

  const status = async (): Promise<BackupStatus> => {
    const admin = dataClient(built.app, await tokenOf(built.app, "admin"));
    const response = await admin.operation(OPERATIONS.backups);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("warns of no verified restore at first, and is the administrators' alone", async () => {
    expect(await status()).toMatchObject({ runs: [], verified: null, warning: { kind: "missing" } });
    const staff = dataClient(built.app, await tokenOf(built.app, "staff"));
    expect((await staff.operation(OPERATIONS.backups)).statusCode).toBe(403);
    expect((await staff.operation(OPERATIONS.backUpNow)).statusCode).toBe(403);
  });

  it("backs up while the app serves, removes backups past the days kept, and proves the new one restores", {
    timeout: 120_000,
  }, async () => {
    // A backup from long ago, past the seven days kept.
    const old = join(backups, "office-2020-01-01T00-00-00Z");
    mkdirSync(old);
    writeFileSync(join(old, MANIFEST), JSON.stringify({ createdTS: "2020-01-01T00:00:00.000Z", tables: [] }));
    const admin = dataClient(built.app, await tokenOf(built.app, "admin"));
    const asked = await admin.operation(OPERATIONS.backUpNow);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ started: true });
    // Served meanwhile: a search answers while the backup runs (or once it is done).
    expect((await admin.query({ table: "tblVendor", fields: "vendorID", rowLimit: 1 })).statusCode).toBe(200);

    const done = await until(
      async () => {
        const now = await status();
        return now.runs[0]?.state === "running" ? undefined : now;
      },
      { timeout: 100_000 },
    );
    const [run] = done.runs;
    expect(run?.state, run?.error ?? "").toBe("done");
    expect(run?.requestedByName).toBe("Alex Morgan");
    expect(run?.result?.removed).toEqual([old]);
    expect(run?.result?.files).toBe(1);
    expect(run?.result?.drill).toMatchObject({ same: true, differences: [] });
    expect(done.verified?.backup).toBe(run?.result?.backup);
    expect(done.warning).toBeNull();
    const manifest = JSON.parse(readFileSync(join(run?.result?.backup as string, MANIFEST), "utf8")) as Manifest;
    const vendors = await sql<{ n: number }>`select count(*)::int as n from "tblVendor"`.execute(testDb.database.db);
    expect(manifest.tables.find((table) => table.table === "tblVendor")?.rows).toBe(vendors.rows[0]?.n);
    // The fingerprint's UTC was the backup's alone: the sessions go on in the company's zone.
    const zone = await sql<{ TimeZone: string }>`show timezone`.execute(testDb.database.db);
    expect(zone.rows[0]?.TimeZone).toBe("America/New_York");
  });

  it("finds a backup that does not restore as dumped: a table's rows, a file, a damaged dump", {
    timeout: 120_000,
  }, async () => {
    const backup = (await status()).runs[0]?.result?.backup as string;
    const manifestFile = join(backup, MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
    const place = { databaseUrl: testDb.url };
    const wrong: Manifest = {
      ...manifest,
      tables: manifest.tables.map((table) =>
        table.table === "tblVendor" ? { ...table, rows: table.rows + 1 } : table,
      ),
      uploads: { files: 2, bytes: manifest.uploads.bytes },
    };
    writeFileSync(manifestFile, JSON.stringify(wrong));
    const found = await drill(backup, place);
    expect(found.same).toBe(false);
    expect(found.differences).toEqual([
      `tblVendor: ${(manifest.tables.find((table) => table.table === "tblVendor")?.rows as number) + 1} rows backed up, ${manifest.tables.find((table) => table.table === "tblVendor")?.rows} restored`,
      `files: 2 (${manifest.uploads.bytes} bytes) backed up, 1 (${manifest.uploads.bytes} bytes) restored`,
    ]);

    writeFileSync(manifestFile, JSON.stringify(manifest));
    truncateSync(join(backup, manifest.database), 1_000);
    const damaged = await drill(backup, place);
    expect(damaged.same).toBe(false);
    expect(damaged.differences[0]).toMatch(/^The restore failed: /);
  });
});
