import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Place } from "../src/data/s3-store.js";
import { backUp, manifestOf } from "../src/db/backup/backup.js";
import { restore } from "../src/db/backup/restore.js";
import { databaseUrl, onServer } from "../src/db/on-server.js";
import { appOver, seededDatabase, tokenOf } from "./support/app.js";
import { dataClient } from "./support/data.js";
import { SERVER_ENGINES, type TestDatabase } from "./support/engines.js";
import { attachedAndServed, attachPlan, PDF, recordUpload } from "./support/multipart.js";

/*
 * Files kept in an S3-compatible bucket (issue 38, UPLOAD_STORE=s3), here S3rver's: a server
 * that answers S3's calls over HTTP on loopback, signatures checked. Two server processes, each
 * with a receiving directory of its own, serve each other's files.
 */
describe.each(SERVER_ENGINES)("files kept in an S3 bucket, shared by two processes, on $name", (engine) => {
  let testDb: TestDatabase;
  let bucketServer: S3rver | undefined;
  let one: Awaited<ReturnType<typeof appOver>>;
  let other: Awaited<ReturnType<typeof appOver>>;
  const bucketDir = mkdtempSync(join(tmpdir(), "office-s3-"));
  const dirs = [mkdtempSync(join(tmpdir(), "office-one-")), mkdtempSync(join(tmpdir(), "office-other-"))];
  let place: S3Place;

  const startBucket = async (port = 0) => {
    bucketServer = new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: "office-files", configs: [] }],
    });
    return (await bucketServer.run()).port;
  };

  beforeAll(async () => {
    const port = await startBucket();
    place = {
      bucket: "office-files",
      prefix: "acme/",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    };
    testDb = await seededDatabase(engine);
    one = await appOver(testDb, testDb.database, {
      uploadStore: "s3",
      s3: place,
      uploadDir: dirs[0] as string,
      uploadLimit: 1_048_576,
    });
    other = await appOver(testDb, await testDb.reopen(), {
      uploadStore: "s3",
      s3: place,
      uploadDir: dirs[1] as string,
    });
  });
  afterAll(async () => {
    await one?.app.close();
    await other?.app.close();
    await testDb?.dispose();
    await bucketServer?.close();
    rmSync(bucketDir, { recursive: true, force: true });
  });

  const uploads = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from "upload"`.execute(testDb.database.db)).rows[0]?.n;

  it("serves a file uploaded through one process from the other, byte for byte, and keeps nothing on either's disk", async () => {
    const uploader = dataClient(one.app, await tokenOf(one.app, "admin"));
    const reader = dataClient(other.app, await tokenOf(other.app, "admin"));
    const content = Buffer.concat([PDF, randomBytes(300_000)]);
    const id = await attachedAndServed(uploader, reader, content);
    // Under the company's prefix in the bucket; nothing in the database's chunks nor on a disk.
    expect(readdirSync(join(bucketDir, "office-files", "acme"))).toContain(`${id}._S3rver_object`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from "uploadChunk"`.execute(testDb.database.db);
    expect(rows[0]?.n).toBe(0);
    expect(readdirSync(dirs[0] as string)).toEqual([]);
    expect(readdirSync(dirs[1] as string)).toEqual([]);
  });

  it("answers 404 for a file whose object is not in the bucket", async () => {
    const reader = dataClient(other.app, await tokenOf(other.app, "admin"));
    const uploadID = "00000000-0000-4000-8000-000000000038";
    await recordUpload(testDb.database.db, uploadID, 10);
    const missing = await reader.inject({ method: "GET", url: `/API/Upload/${uploadID}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The file's content is missing.");
    await testDb.database.db.deleteFrom("upload").where("uploadID", "=", uploadID).execute();
  });

  it("answers 503 while the bucket cannot be reached, keeping no row and no partial file, and works again once it is back", async () => {
    const token = await tokenOf(one.app, "admin");
    const uploader = dataClient(one.app, token);
    const before = await uploads();
    const port = Number(new URL(place.endpoint as string).port);
    await bucketServer?.close();
    const content = Buffer.concat([PDF, randomBytes(2_000)]);
    const refused = await attachPlan(uploader, content);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().message).toBe("The service is temporarily unavailable. Try again shortly.");
    expect(await uploads()).toBe(before);
    expect(readdirSync(dirs[0] as string)).toEqual([]);
    await startBucket(port);
    const kept = await attachPlan(uploader, content);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await uploads()).toBe((before ?? 0) + 1);
  });

  it("backs up the bucket's files with the database, and restores them into the bucket", async () => {
    const reader = dataClient(other.app, await tokenOf(other.app, "admin"));
    const { rows } = await sql<{ uploadID: string }>`select "uploadID" from "upload"`.execute(testDb.database.db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const before = new Map<string, Buffer>();
    for (const { uploadID } of rows) {
      before.set(uploadID, (await reader.inject({ method: "GET", url: `/API/Upload/${uploadID}` })).rawPayload);
    }
    const s3Place = { uploadStore: "s3" as const, s3: place, dataDir: dirs[0] as string, uploadDir: dirs[0] as string };
    const into = mkdtempSync(join(tmpdir(), "office-backups-"));
    const backup = await backUp({ ...s3Place, databaseUrl: testDb.url }, into);
    expect(manifestOf(backup).uploads).toEqual({
      files: rows.length,
      bytes: [...before.values()].reduce((sum, bytes) => sum + bytes.length, 0),
    });
    // The objects lost, then restored (into a database of their own) from the backup.
    rmSync(join(bucketDir, "office-files", "acme"), { recursive: true, force: true });
    expect((await reader.inject({ method: "GET", url: `/API/Upload/${rows[0]?.uploadID}` })).statusCode).toBe(404);
    const name = `office_s3_restore_${randomBytes(4).toString("hex")}`;
    await onServer(testDb.url as string, `create database "${name}"`);
    try {
      const restored = await restore({ ...s3Place, databaseUrl: databaseUrl(testDb.url as string, name) }, backup);
      expect(restored.same).toBe(true);
      for (const [uploadID, bytes] of before) {
        const served = await reader.inject({ method: "GET", url: `/API/Upload/${uploadID}` });
        expect(served.rawPayload.equals(bytes), uploadID).toBe(true);
      }
    } finally {
      await onServer(testDb.url as string, `drop database if exists "${name}" with (force)`);
      rmSync(into, { recursive: true, force: true });
    }
  });
});
