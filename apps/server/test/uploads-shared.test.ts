import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptFiles, CHUNK_BYTES } from "../src/data/file-store.js";
import { appOver, seededDatabase, tokenOf } from "./support/app.js";
import { dataClient } from "./support/data.js";
import { SERVER_ENGINES, type TestDatabase } from "./support/engines.js";
import { attachedAndServed, form, PDF, recordUpload } from "./support/multipart.js";

/*
 * Files kept in PostgreSQL (issue 38, UPLOAD_STORE=database): two server processes, each with an
 * upload directory of its own that the other never sees, serve each other's files.
 */
const LIMIT = 4 * CHUNK_BYTES;

describe.each(SERVER_ENGINES)("files kept in the database, shared by two processes, on $name", (engine) => {
  let testDb: TestDatabase;
  let one: Awaited<ReturnType<typeof appOver>>;
  let other: Awaited<ReturnType<typeof appOver>>;
  const dirs = [mkdtempSync(join(tmpdir(), "office-one-")), mkdtempSync(join(tmpdir(), "office-other-"))];
  beforeAll(async () => {
    testDb = await seededDatabase(engine);
    one = await appOver(testDb, testDb.database, {
      uploadStore: "database",
      uploadDir: dirs[0] as string,
      uploadLimit: LIMIT,
    });
    other = await appOver(testDb, await testDb.reopen(), {
      uploadStore: "database",
      uploadDir: dirs[1] as string,
      uploadLimit: LIMIT,
    });
  });
  afterAll(async () => {
    await one?.app.close();
    await other?.app.close();
    await testDb?.dispose();
  });

  const chunks = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from "uploadChunk"`.execute(testDb.database.db)).rows[0]?.n;

  it("serves a file uploaded through one process from the other, byte for byte, and keeps nothing on either's disk", async () => {
    const uploader = dataClient(one.app, await tokenOf(one.app, "admin"));
    const reader = dataClient(other.app, await tokenOf(other.app, "admin"));
    // Three chunks: two whole and a part.
    const content = Buffer.concat([PDF, randomBytes(2 * CHUNK_BYTES + 123)]);
    const id = await attachedAndServed(uploader, reader, content);
    const { rows } = await sql<{
      n: number;
      bytes: number;
    }>`select count(*)::int as n, sum(length("bytes"))::int as bytes
      from "uploadChunk" where "uploadID" = ${id}`.execute(testDb.database.db);
    expect(rows[0]).toEqual({ n: 3, bytes: content.length });
    expect(readdirSync(dirs[0] as string)).toEqual([]);
    expect(readdirSync(dirs[1] as string)).toEqual([]);
  });

  it("keeps no chunk of a file refused, nor its partial file", async () => {
    const uploader = dataClient(one.app, await tokenOf(one.app, "admin"));
    const before = await chunks();
    const refused = await uploader.inject({
      method: "POST",
      url: "/API/Upload/",
      ...form({ table: "tblProject", key: "1" }, { name: "fake.pdf", content: Buffer.from("not a pdf at all") }),
    });
    expect(refused.statusCode).toBe(415);
    expect(await chunks()).toBe(before);
    expect(readdirSync(dirs[0] as string)).toEqual([]);
  });

  it("adopts at start the files a company kept in UPLOAD_DIR before, and answers 404 for bytes that are nowhere", async () => {
    const reader = dataClient(other.app, await tokenOf(other.app, "admin"));
    const [kept, lost] = [randomUUID(), randomUUID()];
    const content = Buffer.concat([PDF, randomBytes(1_000)]);
    writeFileSync(join(dirs[0] as string, kept), content);
    for (const uploadID of [kept, lost]) {
      await recordUpload(testDb.database.db, uploadID, content.length);
    }
    expect((await reader.inject({ method: "GET", url: `/API/Upload/${kept}` })).statusCode).toBe(404);
    expect(await adoptFiles(testDb.database.db, dirs[0] as string)).toBe(1);
    // Once: a second start finds nothing to adopt.
    expect(await adoptFiles(testDb.database.db, dirs[0] as string)).toBe(0);
    const served = await reader.inject({ method: "GET", url: `/API/Upload/${kept}` });
    expect(served.rawPayload.equals(content)).toBe(true);
    const missing = await reader.inject({ method: "GET", url: `/API/Upload/${lost}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The file's content is missing.");
  });
});
