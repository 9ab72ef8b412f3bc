/**
 * The move to PostgreSQL (issue 38), timed: the demo company at BENCH_SCALE (default 20) seeded
 * into a fresh embedded data directory, then `npm run move-to-postgres`'s own code moving it into
 * a database of its own on DATABASE_URL's server (made and dropped), BENCH_RUNS times (default
 * 1), each into a new database. Prints Markdown for bench/RESULTS.md: rows, tables, the time of
 * each step and the process's peak memory.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { moveToPostgres } from "../apps/server/dist/db/move/to-postgres.js";
import { onServer, seedDemo } from "./processes.js";

const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error("DATABASE_URL names the PostgreSQL server to move into");
const dataDir = mkdtempSync(join(tmpdir(), "office-bench-move-"));
const rows: string[][] = [];
try {
  const seeded = await seedDemo({ DATA_DIR: dataDir, DATABASE_URL: "" }, SCALE);
  rows.push([`seed --scale ${SCALE} into PGlite`, `${(seeded / 1000).toFixed(1)} s`]);
  for (let run = 1; run <= RUNS; run++) {
    const name = `office_bench_move_${Date.now()}`;
    await onServer(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const steps: Array<[string, number]> = [];
      let last = performance.now();
      const started = last;
      const config = {
        dataDir,
        uploadDir: join(dataDir, "uploads"),
        poolSize: 2,
        statementTimeoutMs: 0,
        poolAcquireTimeoutMs: 10_000,
        companyTimeZone: "America/New_York",
      };
      const { tables: moved } = await moveToPostgres(config, url.toString(), (line) => {
        const now = performance.now();
        steps.push([line, now - last]);
        last = now;
      });
      const total = performance.now() - started;
      const count = moved.reduce((sum, table) => sum + table.rows, 0);
      const different = moved.filter((table) => !table.same).length;
      const slowest = [...steps].sort((a, b) => b[1] - a[1]).slice(0, 3);
      rows.push([
        `move ${run}: ${moved.length} tables, ${count.toLocaleString("en-US")} rows, into PostgreSQL`,
        `${(total / 1000).toFixed(1)} s (${different === 0 ? "every table equal" : `${different} tables DIFFERENT`})`,
      ]);
      rows.push([
        `move ${run}: the slowest steps`,
        slowest.map(([line, ms]) => `${line.replace(/^copied /, "")} ${(ms / 1000).toFixed(1)} s`).join("; "),
      ]);
    } finally {
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    }
  }
  rows.push(["peak memory of the process (RSS)", `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nThe move to PostgreSQL (issue 38), ${new Date().toISOString().slice(0, 10)}, scale ${SCALE}, ${cpus()[0]?.model} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
console.log("| measure | result |\n| --- | --- |");
for (const [what, result] of rows) console.log(`| ${what} | ${result} |`);
