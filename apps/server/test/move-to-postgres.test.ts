import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { CHUNK_BYTES } from "../src/data/file-store.js";
import { moveToPostgres } from "../src/db/move/to-postgres.js";
import { appOver, tokenOf } from "./support/app.js";
import { ENGINE_DEFAULTS } from "./support/demo-seed.js";
import { embeddedCompany, onEmbedded } from "./support/embedded.js";
import { SERVER_ENGINES } from "./support/engines.js";

const FIGURES = `select (select count(*)::int from "tblProjectNotes") as notes,
  (select sum("ProjectNotesMinutes")::int from "tblProjectNotes") as minutes,
  (select max("vendorID")::int from "tblVendor") as "lastVendor",
  (select count(*)::int from "auditLog") as audits,
  (select string_agg("username", ',' order by "username") from "authAccount") as usernames`;

const KEPT = "11111111-1111-4111-8111-111111111111";
const LOST = "22222222-2222-4222-8222-222222222222";

describe.each(SERVER_ENGINES)("moving the embedded company into $name", (engine) => {
  it("copies every table, equal in count and checksum, and the app runs on the copy", {
    timeout: 180_000,
  }, async () => {
    const dataDir = await embeddedCompany();
    const target = await engine.create();
    try {
      // An attached file of two chunks, and one the table lists whose bytes were already lost.
      const uploadDir = join(dataDir, "uploads");
      mkdirSync(uploadDir, { recursive: true });
      const bytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(CHUNK_BYTES + 1_000)]);
      writeFileSync(join(uploadDir, KEPT), bytes);
      await onEmbedded(
        dataDir,
        `insert into "upload" ("uploadID", "tableName", "recordKey", "fileName", "contentType", "size", "sha256")
         values ('${KEPT}', 'tblProject', '1', 'moved.pdf', 'application/pdf', ${bytes.length}, 'x'),
           ('${LOST}', 'tblProject', '1', 'lost.pdf', 'application/pdf', 1, 'x')`,
      );
      const before = await onEmbedded(dataDir, FIGURES);
      const config = { ...ENGINE_DEFAULTS, dataDir, uploadDir };
      const lines: string[] = [];
      const { tables: moved, files } = await moveToPostgres(config, target.url as string, (line) => lines.push(line));
      expect(files).toEqual({ files: 1, bytes: bytes.length, missing: [LOST] });

      // Every table of the company, none of the migrations' own, each the same on both sides.
      const names = moved.map((m) => m.table);
      expect(names).toEqual(expect.arrayContaining(["tblEmployee", "tblProjectNotes", "auditLog", "upload"]));
      expect(names.some((name) => name.startsWith("kysely_"))).toBe(false);
      expect(moved.filter((m) => !m.same)).toEqual([]);
      expect(moved.find((m) => m.table === "tblProjectNotes")?.rows).toBeGreaterThan(100);
      expect(lines).toContain(`copied tblEmployee: ${moved.find((m) => m.table === "tblEmployee")?.rows} rows`);

      // The same figures read on each side by other means than the move's own checksums.
      const copy = target.database.db;
      const { rows } = await sql<Record<string, unknown>>`${sql.raw(FIGURES)}`.execute(copy);
      expect(rows).toEqual(before);
      // The embedded company is left as it was.
      expect(await onEmbedded(dataDir, FIGURES)).toEqual(before);

      // The app runs on the copy: sign in, read, and a new record takes a key past the copied ones.
      // On PostgreSQL the files are kept in the database: the moved one is served from there.
      const { app } = await appOver(target, target.database, {
        uploadStore: "database",
        uploadDir: mkdtempSync(join(tmpdir(), "office-moved-")),
      });
      try {
        const token = await tokenOf(app, "admin");
        const headers = { authorization: `Bearer ${token}` };
        const served = await app.inject({ method: "GET", url: `/API/Upload/${KEPT}`, headers });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(bytes)).toBe(true);
        const projects = await app.inject({ method: "GET", url: "/API/Query/?table=tblProject&rowLimit=1", headers });
        expect(projects.statusCode).toBe(200);
        expect(projects.json().data).toHaveLength(1);
        const added = await app.inject({
          method: "POST",
          url: "/API/Insert/",
          headers,
          payload: { table: "tblVendor", fields: { vendorName: "After the move" } },
        });
        expect(added.statusCode).toBe(200);
        expect(added.json().id).toBeGreaterThan(Number(before[0]?.lastVendor));
      } finally {
        await app.close();
      }

      // A target holding a company is refused, and left as it is.
      await expect(moveToPostgres(config, target.url as string)).rejects.toThrow(
        "The target database already holds a company: move into an empty database.",
      );
      // (The app closed the database it was given: opened again.)
      const again = await target.reopen();
      const vendors = await sql<{ n: number }>`select count(*)::int as n from "tblVendor"`.execute(again.db);
      expect(vendors.rows[0]?.n).toBe(
        Number((await onEmbedded(dataDir, `select count(*)::int as n from "tblVendor"`))[0]?.n) + 1,
      );
    } finally {
      await target.dispose();
    }
  });
});
