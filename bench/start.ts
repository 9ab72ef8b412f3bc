/**
 * Start-up benchmarks of the foundation: the first start on an empty data directory (migrate
 * and seed), a later start, the idle server's memory, the seed at --scale 20, and sign-in
 * time for a known and an unknown user. Run with `npm run bench` (it builds first).
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { median, root, seedDemo, stop } from "./processes.js";

const server = join(root, "apps/server/dist/main.js");
const port = 3300;
const base = `http://127.0.0.1:${port}`;
const rows: Array<[string, string]> = [];

async function waitReady(child: ChildProcess, since: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kib / 1024;
}

/** One sign-in from the given loopback address (each address has its own throttle count). */
function signInMs(username: string, password: string, localAddress: string): Promise<number> {
  const body = JSON.stringify({ username, password });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/API/Authenticate/",
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - started));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function startBenchmarks() {
  const first: number[] = [];
  const later: number[] = [];
  let idle = 0;
  const known: number[] = [];
  const unknown: number[] = [];
  for (let run = 0; run < 3; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), "office-bench-"));
    let child = startServer(dataDir);
    first.push(await waitReady(child, performance.now()));
    await stop(child);
    child = startServer(dataDir);
    later.push(await waitReady(child, performance.now()));
    if (run === 0) {
      await new Promise((resolve) => setTimeout(resolve, 3_000)); // let start-up garbage settle
      idle = rssMiB(child.pid ?? 0);
    }
    // A successful sign-in first warms the server up; then failures for known and unknown
    // users, alternating, each from its own address and under the throttle of five.
    await signInMs("admin", "demo", "127.0.0.2");
    for (let i = 0; i < 4; i++) {
      for (const [n, user] of ["admin", "staff", "noperm"].entries()) {
        known.push(await signInMs(user, "wrong password", `127.0.1.${i * 3 + n + 1}`));
        unknown.push(await signInMs(`nobody-${i}-${n}`, "wrong password", `127.0.2.${i * 3 + n + 1}`));
      }
    }
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push([
    "first start, empty data directory (migrate + seed, to /readyz), median of 3",
    `${(median(first) / 1000).toFixed(2)} s`,
  ]);
  rows.push(["later start (to /readyz), median of 3", `${(median(later) / 1000).toFixed(2)} s`]);
  rows.push(["idle server memory (RSS, PGlite, after start-up)", `${idle.toFixed(0)} MiB`]);
  rows.push(["failed sign-in, known user (median of 12 on each of 3 servers)", `${median(known).toFixed(0)} ms`]);
  rows.push(["failed sign-in, unknown user (median of 12 on each of 3 servers)", `${median(unknown).toFixed(0)} ms`]);
}

async function seedBenchmarks(scale: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "office-bench-seed-"));
  const pglite = await seedDemo({ DATA_DIR: dataDir, DATABASE_URL: "" }, scale);
  rmSync(dataDir, { recursive: true, force: true });
  rows.push([`seed --scale ${scale} on PGlite (about ${scale * 50_000} notes)`, `${(pglite / 1000).toFixed(1)} s`]);

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const name = `office_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const ms = await seedDemo({ DATABASE_URL: url.toString() }, scale);
    rows.push([`seed --scale ${scale} on PostgreSQL`, `${(ms / 1000).toFixed(1)} s`]);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const scale = Number(process.env.BENCH_SEED_SCALE ?? 20);
await startBenchmarks();
if (scale > 0) await seedBenchmarks(scale);
console.log(
  `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log("| measure | result |\n| --- | --- |");
for (const [measure, result] of rows) console.log(`| ${measure} | ${result} |`);
