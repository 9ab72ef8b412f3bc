/**
 * A noisy neighbour: `staff` sends the heaviest reads the API allows with 10 connections (a
 * million-note count under the longest LIKE the grammar takes, and 100,000-row loads with
 * `continue`), while another user's light call (`admin`'s GET /API/EmployeeInfo/) and
 * /healthz are timed, one at a time, every 50 ms. Prints the light calls' latencies and
 * statuses, and what the neighbour got (200, 429, 503). On PostgreSQL (DATABASE_URL, or an
 * already seeded BENCH_SEEDED_URL) and on PGlite; the demo company at BENCH_SCALE (default 20)
 * or, for PGlite, BENCH_PGLITE_SCALE (default BENCH_SCALE). BENCH_ONLY_COUNT=1 leaves the
 * 100,000-row loads out (the count alone).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { percentile, root, startProcess, stop } from "./processes.js";

const scale = Number(process.env.BENCH_SCALE ?? 20);
const pgliteScale = Number(process.env.BENCH_PGLITE_SCALE ?? scale);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const engines = process.env.BENCH_ENGINES ?? "postgres,pglite";
const PORT = 3402;
const base = `http://127.0.0.1:${PORT}`;

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

async function tokenOf(username: string): Promise<string> {
  const answer = await fetch(`${base}/API/Authenticate/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo" }),
  });
  return ((await answer.json()) as { token: string }).token;
}

const query = (params: Record<string, string>) => `/API/Query/?${new URLSearchParams(params)}`;
// The most a LIKE may cost: eight wildcards (the grammar's limit).
const HEAVY = [
  query({ table: "tblProjectNotes", rowLimit: "1", continue: "1", where: "ProjectNotesDesc LIKE '%a%e%i%o%u%r%s%'" }),
  ...(process.env.BENCH_ONLY_COUNT ? [] : [query({ table: "tblProjectNotes", rowLimit: "100000", continue: "1" })]),
];

interface Probe {
  ms: number[];
  failures: Record<string, number>;
}

/** Times `path` one call at a time until `until`, a call every 50 ms at most. */
async function probe(path: string, headers: Record<string, string>, until: number): Promise<Probe> {
  const result: Probe = { ms: [], failures: {} };
  while (Date.now() < until) {
    const start = performance.now();
    let status: string;
    try {
      const answer = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
      await answer.arrayBuffer();
      status = String(answer.status);
    } catch (error) {
      status = (error as Error).name;
    }
    const ms = performance.now() - start;
    result.ms.push(ms);
    if (status !== "200") result.failures[status] = (result.failures[status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - ms)));
  }
  return result;
}

const figures = (p: Probe) =>
  `${p.ms.length} | ${percentile(p.ms, 0.5).toFixed(0)} | ${percentile(p.ms, 0.99).toFixed(0)} | ${Math.max(...p.ms).toFixed(0)} | ${JSON.stringify(p.failures)}`;

async function measure(engine: string, env: Record<string, string>) {
  const app = await startProcess(
    [join(root, "apps/server/dist/main.js")],
    { ...env, PORT: String(PORT), HOST: "127.0.0.1", SEED_DEMO: "false" },
    `${base}/readyz`,
  );
  try {
    const staff = { authorization: `Bearer ${await tokenOf("staff")}` };
    const admin = { authorization: `Bearer ${await tokenOf("admin")}` };
    const quiet = await probe("/API/EmployeeInfo/", admin, Date.now() + 2_000);
    const until = Date.now() + seconds * 1000;
    const noise = autocannon({
      url: base,
      connections: 10,
      duration: seconds,
      headers: staff,
      requests: HEAVY.map((path) => ({ method: "GET" as const, path })),
    });
    const [light, health, heavy] = await Promise.all([
      probe("/API/EmployeeInfo/", admin, until),
      probe("/healthz", {}, until),
      noise,
    ]);
    const statuses = Object.entries(heavy.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(", ");
    console.log(`| ${engine} | admin's EmployeeInfo, quiet | ${figures(quiet)} | — |`);
    console.log(`| ${engine} | admin's EmployeeInfo, beside the neighbour | ${figures(light)} | ${statuses} |`);
    console.log(`| ${engine} | /healthz, beside the neighbour | ${figures(health)} | ${statuses} |`);
  } finally {
    await stop(app);
  }
}

console.log(
  `noisy neighbour: staff's heaviest reads with 10 connections for ${seconds} s\n\n| engine | timed call | calls | p50 ms | p99 ms | max ms | not 200 | the neighbour's answers |\n| --- | --- | --- | --- | --- | --- | --- | --- |`,
);
const seededUrl = process.env.BENCH_SEEDED_URL;
const adminUrl = process.env.DATABASE_URL;
if (engines.includes("postgres") && seededUrl) await measure("PostgreSQL", { DATABASE_URL: seededUrl });
else if (engines.includes("postgres") && adminUrl) {
  const name = `office_bench_noisy_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await run([join(root, "apps/server/dist/db/seed-cli.js"), "--scale", String(scale)], {
      DATABASE_URL: url.toString(),
    });
    await measure("PostgreSQL", { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
if (engines.includes("pglite")) {
  const dataDir = mkdtempSync(join(tmpdir(), "office-bench-noisy-"));
  try {
    await run([join(root, "apps/server/dist/db/seed-cli.js"), "--scale", String(pgliteScale)], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    });
    await measure(`PGlite (scale ${pgliteScale})`, { DATA_DIR: dataDir, DATABASE_URL: "" });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
