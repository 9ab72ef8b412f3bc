import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { Bucket } from "../../data/s3-store.js";
import { holdDataDirLock } from "../data-dir-lock.js";
import { fingerprintOf, pgliteSide, postgresSide } from "../fingerprint.js";
import { compared, holdsCompany, type TableMoved } from "../move/move.js";
import {
  type BackupPlace,
  bucketOf,
  filesUnder,
  type Manifest,
  manifestOf,
  pgProgram,
  run,
  UPLOADS,
} from "./backup.js";

export interface Restored {
  manifest: Manifest;
  tables: TableMoved[];
  uploads: { files: number; bytes: number };
  /** Every table and the files as the manifest says. */
  same: boolean;
  /** Where what was there before was put aside (PGlite's directory, the files), if anything was. */
  keptAside: string[];
}

const unzipped = promisify(gunzip);

const aside = (path: string, at: Date) =>
  `${path}.before-restore-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;
const holdsFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Restores a backup into the configured place (the server stopped): the database and the
 * uploaded files, then compares both with the backup's manifest. A place that already holds a
 * company is refused unless `replace`: then PGlite's directory and the files are put aside
 * (not deleted), and PostgreSQL's objects are dropped and made again in one transaction.
 */
export async function restore(place: BackupPlace, backup: string, replace = false, at = new Date()): Promise<Restored> {
  const manifest = manifestOf(backup);
  const engine = place.databaseUrl ? "postgres" : "pglite";
  if (manifest.engine !== engine) {
    throw new Error(
      `This backup is of ${manifest.engine === "postgres" ? "PostgreSQL" : "the embedded database"}: restore it with ${manifest.engine === "postgres" ? "DATABASE_URL set" : "DATABASE_URL unset"}.`,
    );
  }
  // Every refusal before any change: the files are looked at before the database is touched.
  const objects = bucketOf(place);
  if (!objects && !replace && holdsFiles(place.uploadDir)) {
    throw new Error(`${place.uploadDir} (UPLOAD_DIR) already holds files: restore with --replace.`);
  }
  const keptAside: string[] = [];
  const tables = place.databaseUrl
    ? await restorePostgres(place.databaseUrl, join(backup, manifest.database), replace)
    : await restorePglite(place.dataDir, join(backup, manifest.database), replace, at, keptAside);

  const uploads = objects
    ? await restoreToBucket(objects, backup)
    : await restoreToDir(place.uploadDir, backup, at, keptAside);
  const compare = compared(manifest.tables, tables);
  const same =
    compare.every((table) => table.same) &&
    tables.length === manifest.tables.length &&
    uploads.files === manifest.uploads.files &&
    uploads.bytes === manifest.uploads.bytes;
  return { manifest, tables: compare, uploads, same, keptAside };
}

/** The files into UPLOAD_DIR, what was there put aside. */
async function restoreToDir(dir: string, backup: string, at: Date, keptAside: string[]) {
  if (holdsFiles(dir)) {
    renameSync(dir, aside(dir, at));
    keptAside.push(aside(dir, at));
  }
  mkdirSync(dir, { recursive: true });
  await run("tar", ["-C", dir, "-xf", join(backup, UPLOADS)]);
  return filesUnder(dir);
}

/** The files into the bucket, each as its upload's object (one of the same id is replaced). */
async function restoreToBucket(objects: Bucket, backup: string) {
  const staging = mkdtempSync(join(tmpdir(), "office-restore-files-"));
  try {
    await run("tar", ["-C", staging, "-xf", join(backup, UPLOADS)]);
    const uploads = filesUnder(staging);
    for (const name of readdirSync(staging)) await objects.put(name, join(staging, name));
    return uploads;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function restorePostgres(url: string, dump: string, replace: boolean) {
  const client = new pg.Client({ connectionString: url, application_name: "office-restore" });
  await client.connect();
  try {
    if (!replace && (await holdsCompany(client))) {
      throw new Error("The database already holds a company: restore with --replace.");
    }
    await run(pgProgram("pg_restore"), [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      "-d",
      url,
      dump,
    ]);
    return await fingerprintOf(postgresSide(client));
  } finally {
    await client.end();
  }
}

async function restorePglite(dataDir: string, tarball: string, replace: boolean, at: Date, keptAside: string[]) {
  mkdirSync(dataDir, { recursive: true });
  const release = holdDataDirLock(dataDir);
  try {
    const files = join(dataDir, "pglite");
    if (existsSync(files)) {
      if (!replace) throw new Error(`${dataDir} (DATA_DIR) already holds a database: restore with --replace.`);
      renameSync(files, aside(files, at));
      keptAside.push(aside(files, at));
    }
    // Unzipped here: PGlite's own unzipping of a damaged file fails outside any promise it returns.
    const loadDataDir = new Blob([await unzipped(readFileSync(tarball))]);
    const db = await PGlite.create(files, { loadDataDir, extensions: { pg_trgm } });
    try {
      return await fingerprintOf(pgliteSide(db));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}
