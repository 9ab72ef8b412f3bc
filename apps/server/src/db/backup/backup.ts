import { spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { FileStoreKind } from "../../data/file-store.js";
import { bucket, type S3Place } from "../../data/s3-store.js";
import { holdDataDirLock } from "../data-dir-lock.js";
import type { Database } from "../database.js";
import { fingerprintOf, pgliteSide, postgresSide, type TableSum } from "../fingerprint.js";

/*
 * A backup is a directory of its own: the database (PostgreSQL's `pg_dump -Fc`, or PGlite's data
 * directory as its tarball), the uploaded files as a tar (UPLOAD_DIR's, or a bucket's; those kept
 * in the database are in its dump), and a manifest of what it holds (each
 * table counted and checksummed, the files counted) that a restore is compared with.
 */

export type BackupEngine = "postgres" | "pglite";

export interface Manifest {
  engine: BackupEngine;
  createdTS: string;
  /** The database's file in the backup's directory. */
  database: string;
  tables: TableSum[];
  uploads: { files: number; bytes: number };
}

export interface BackupPlace {
  /** PostgreSQL's URL, or none for the embedded database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
  /** Where the files are kept when not in UPLOAD_DIR nor the database: a bucket (UPLOAD_STORE=s3). */
  uploadStore?: FileStoreKind;
  s3?: S3Place;
}

/** The bucket a place keeps its files in, if it keeps them in one. */
export const bucketOf = (place: BackupPlace) => (place.uploadStore === "s3" && place.s3 ? bucket(place.s3) : undefined);

export const MANIFEST = "manifest.json";
export const UPLOADS = "uploads.tar";
const DUMP = { postgres: "database.dump", pglite: "pglite.tar.gz" } as const;

/** Runs a program to its end; its error output is the error's message. */
export function run(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let said = "";
    child.stderr.on("data", (chunk) => {
      said += String(chunk);
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${said.trim().slice(0, 2_000)}`)),
    );
  });
}

/** PostgreSQL's client programs: PG_BIN_DIR's, else the PATH's. */
export const pgProgram = (name: string) => (process.env.PG_BIN_DIR ? join(process.env.PG_BIN_DIR, name) : name);

/** The files under a directory, counted with their bytes. */
export function filesUnder(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** A backup's directory name: its time, to the second, sortable. */
const nameFor = (at: Date) => `office-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;

/**
 * Backs the company up into a new directory under `into`: the database, the uploaded files,
 * and the manifest, written last (a directory without one is no backup). Answers its path.
 * PGlite's database is read through the server's own `running` database (the nightly job),
 * else with the server stopped (its directory is locked meanwhile).
 */
export async function backUp(
  place: BackupPlace,
  into: string,
  { at = new Date(), running }: { at?: Date; running?: Pick<Database, "dumpTo"> } = {},
): Promise<string> {
  const dir = join(into, nameFor(at));
  mkdirSync(dir, { recursive: true });
  const engine: BackupEngine = place.databaseUrl ? "postgres" : "pglite";
  const database = DUMP[engine];
  const file = join(dir, database);
  const objects = bucketOf(place);
  const { tables, uploadIDs } = place.databaseUrl
    ? await dumpPostgres(place.databaseUrl, file, objects !== undefined)
    : { tables: running?.dumpTo ? await running.dumpTo(file, fingerprintOf) : await dumpPglite(place.dataDir, file) };
  // A bucket's files are fetched, those of the dump's uploads, and kept in the backup as a
  // directory's would be.
  const files = objects ? join(dir, "uploads") : place.uploadDir;
  mkdirSync(files, { recursive: true });
  for (const uploadID of uploadIDs ?? []) {
    const body = await objects?.get(uploadID);
    if (body) await pipeline(body, createWriteStream(join(files, uploadID)));
  }
  await run("tar", ["-C", files, "-cf", join(dir, UPLOADS), "."]);
  const manifest: Manifest = { engine, createdTS: at.toISOString(), database, tables, uploads: filesUnder(files) };
  if (objects) rmSync(files, { recursive: true, force: true });
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/**
 * PostgreSQL: the fingerprint and the dump taken in one snapshot (the dump's, exported by a
 * transaction that stays open until it is done), so the manifest says what the dump holds.
 */
async function dumpPostgres(
  url: string,
  file: string,
  listUploads: boolean,
): Promise<{ tables: TableSum[]; uploadIDs?: string[] }> {
  const client = new pg.Client({ connectionString: url, application_name: "office-backup" });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const [{ snapshot }] = (await client.query("select pg_export_snapshot() as snapshot")).rows;
    const tables = await fingerprintOf(postgresSide(client));
    const uploadIDs = listUploads
      ? (await client.query<{ uploadID: string }>('select "uploadID" from "upload"')).rows.map((row) => row.uploadID)
      : undefined;
    await run(pgProgram("pg_dump"), [
      "-Fc",
      "--no-owner",
      `--snapshot=${snapshot}`,
      '--exclude-table-data="tableChange"',
      "-f",
      file,
      url,
    ]);
    await client.query("commit");
    return { tables, ...(uploadIDs ? { uploadIDs } : {}) };
  } finally {
    await client.end();
  }
}

/** PGlite: its data directory as a tarball, and its fingerprint, with no server writing to it. */
async function dumpPglite(dataDir: string, file: string): Promise<TableSum[]> {
  const files = join(dataDir, "pglite");
  if (!existsSync(files)) throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  const release = holdDataDirLock(dataDir);
  try {
    const db = await PGlite.create(files, { extensions: { pg_trgm } });
    try {
      const tables = await fingerprintOf(pgliteSide(db));
      const tarball = await db.dumpDataDir("gzip");
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
      return tables;
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

/** A backup's manifest, or why the directory is no backup. */
export function manifestOf(dir: string): Manifest {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir} is no backup: it has no ${MANIFEST}.`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}
