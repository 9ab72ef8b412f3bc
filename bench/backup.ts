/**
 * Backups (issue 38), timed: the demo company at BENCH_SCALE (default 20) seeded into a fresh
 * embedded data directory and, when DATABASE_URL is set, into a database of its own on that
 * server (made and dropped); on each, `npm run backup`'s code into a fresh directory, then
 * `npm run restore -- --replace`'s over the same place, compared with the manifest. Prints
 * Markdown for bench/RESULTS.md: each step's time and the backup's size on disk.
 */

import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { type BackupPlace, backUp, manifestOf } from "../apps/server/dist/db/backup/backup.js";
import { restore } from "../apps/server/dist/db/backup/restore.js";
import { onServer, seedDemo } from "./processes.js";

const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const adminUrl = process.env.DATABASE_URL;
const rows: string[][] = [];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sizeOf = (dir: string) =>
  readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) / 2 ** 20;

async function measure(engine: string, place: BackupPlace, seeded: number) {
  rows.push([`${engine}: seed --scale ${SCALE}`, seconds(seeded)]);
  const backups = mkdtempSync(join(tmpdir(), "office-bench-backups-"));
  try {
    let started = performance.now();
    const dir = await backUp(place, backups);
    const backedUp = performance.now() - started;
    const manifest = manifestOf(dir);
    const count = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    rows.push([
      `${engine}: backup (${manifest.tables.length} tables, ${count.toLocaleString("en-US")} rows, ${manifest.uploads.files} files; the manifest's count and checksum of each table included)`,
      `${seconds(backedUp)}, ${sizeOf(dir).toFixed(1)} MiB on disk`,
    ]);
    started = performance.now();
    const restored = await restore(place, dir, true);
    rows.push([
      `${engine}: restore over the company (--replace), then every table compared with the manifest`,
      `${seconds(performance.now() - started)}, ${restored.same ? "every table and the files equal" : "DIFFERENT"}`,
    ]);
  } finally {
    rmSync(backups, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "office-bench-backup-"));
try {
  const place = { databaseUrl: undefined, dataDir, uploadDir: join(dataDir, "uploads") };
  await measure("PGlite", place, await seedDemo({ DATA_DIR: dataDir, DATABASE_URL: "" }, SCALE));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (adminUrl) {
  const name = `office_bench_backup_${Date.now()}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const uploads = mkdtempSync(join(tmpdir(), "office-bench-backup-uploads-"));
  try {
    const place = { databaseUrl: url.toString(), dataDir: uploads, uploadDir: uploads };
    await measure("PostgreSQL", place, await seedDemo({ DATABASE_URL: url.toString(), UPLOAD_DIR: uploads }, SCALE));
  } finally {
    await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    rmSync(uploads, { recursive: true, force: true });
  }
}

console.log(
  `\nBackups (issue 38), ${new Date().toISOString().slice(0, 10)}, scale ${SCALE}, ${cpus()[0]?.model} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
console.log("| measure | result |\n| --- | --- |");
for (const [what, result] of rows) console.log(`| ${what} | ${result} |`);
