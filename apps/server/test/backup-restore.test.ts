import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { backUp, MANIFEST, type Manifest, manifestOf } from "../src/db/backup/backup.js";
import { restore } from "../src/db/backup/restore.js";
import { embeddedCompany, onEmbedded } from "./support/embedded.js";
import { ENGINES, postgresEngine } from "./support/engines.js";

const FIGURES = `select (select count(*)::int from "tblVendor") as vendors,
  (select count(*)::int from "tblProjectNotes") as notes,
  (select max("vendorID")::int from "tblVendor") as "lastVendor"`;

/** A place holding the demo company on the engine, and its uploaded files: two, one in a folder. */
async function companyOn(name: string) {
  const uploadDir = mkdtempSync(join(tmpdir(), "office-backup-uploads-"));
  mkdirSync(join(uploadDir, "tblVendor"));
  writeFileSync(join(uploadDir, "a.pdf"), "first file");
  writeFileSync(join(uploadDir, "tblVendor", "b.png"), Buffer.from([0, 1, 2, 255]));
  if (name === "pglite") {
    const dataDir = await embeddedCompany();
    const ask = (...statements: string[]) => onEmbedded(dataDir, ...statements);
    return { place: { databaseUrl: undefined, dataDir, uploadDir }, ask, dispose: async () => {} };
  }
  const testDb = await postgresEngine(process.env.DATABASE_URL as string).createSeeded();
  await testDb.database.close();
  const url = testDb.url as string;
  const ask = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let rows: Record<string, unknown>[] = [];
      for (const text of statements) rows = (await client.query(text)).rows;
      return rows;
    } finally {
      await client.end();
    }
  };
  return { place: { databaseUrl: url, dataDir: "", uploadDir }, ask, dispose: () => testDb.dispose() };
}

describe.each(ENGINES)("backups on $name", (engine) => {
  it("restore the database and the files as backed up, compared with the manifest", { timeout: 180_000 }, async () => {
    const { place, ask, dispose } = await companyOn(engine.name);
    const backups = mkdtempSync(join(tmpdir(), "office-backups-"));
    try {
      const before = await ask(FIGURES);
      const dir = await backUp(place, backups, { at: new Date("2026-11-29T03:00:00Z") });
      expect(dir).toBe(join(backups, "office-2026-11-29T03-00-00Z"));
      const manifest = manifestOf(dir);
      expect(manifest).toMatchObject({ engine: engine.name, uploads: { files: 2, bytes: 14 } });
      const vendors = manifest.tables.find((table) => table.table === "tblVendor");
      expect(vendors?.rows).toBe(before[0]?.vendors);
      expect(manifest.tables.some((table) => table.table.startsWith("kysely_"))).toBe(false);

      // After the backup: a vendor added, a file gone, another come.
      await ask(`insert into "tblVendor" ("vendorName") values ('After the backup')`);
      rmSync(join(place.uploadDir, "a.pdf"));
      writeFileSync(join(place.uploadDir, "later.txt"), "later");
      expect(await ask(FIGURES)).not.toEqual(before);

      // A place holding a company is not restored over unless asked to.
      await expect(restore(place, dir)).rejects.toThrow(/already holds .* restore with --replace/);
      // Refused for its files alone, nothing is changed either: the database keeps the later vendor.
      const emptyPlace = { ...place, uploadDir: join(backups, "elsewhere") };
      mkdirSync(emptyPlace.uploadDir);
      writeFileSync(join(emptyPlace.uploadDir, "x"), "x");
      await expect(restore(emptyPlace, dir)).rejects.toThrow("already holds files: restore with --replace.");
      expect(await ask(FIGURES)).not.toEqual(before);
      const restored = await restore(place, dir, true, new Date("2026-11-29T04:00:00Z"));
      expect(restored.same).toBe(true);
      expect(restored.tables.filter((table) => !table.same)).toEqual([]);
      expect(await ask(FIGURES)).toEqual(before);
      expect(readFileSync(join(place.uploadDir, "a.pdf"), "utf8")).toBe("first file");
      expect([...readFileSync(join(place.uploadDir, "tblVendor", "b.png"))]).toEqual([0, 1, 2, 255]);
      // What was there is put aside, not deleted: the files (and PGlite's directory).
      const keptFiles = `${place.uploadDir}.before-restore-2026-11-29T04-00-00Z`;
      expect(restored.keptAside).toContain(keptFiles);
      expect(readFileSync(join(keptFiles, "later.txt"), "utf8")).toBe("later");
      expect(restored.keptAside).toHaveLength(engine.name === "pglite" ? 2 : 1);

      // A backup whose contents are not what its manifest says is found out by the comparison.
      const altered: Manifest = { ...manifest, tables: manifest.tables.map((t) => ({ ...t })) };
      const notes = altered.tables.find((table) => table.table === "tblProjectNotes");
      if (notes) notes.rows += 1;
      writeFileSync(join(dir, MANIFEST), JSON.stringify(altered));
      const differs = await restore(place, dir, true, new Date("2026-11-29T05:00:00Z"));
      expect(differs.same).toBe(false);
      expect(differs.tables.filter((table) => !table.same).map((table) => table.table)).toEqual(["tblProjectNotes"]);
    } finally {
      await dispose();
      rmSync(backups, { recursive: true, force: true });
    }
  });
});
