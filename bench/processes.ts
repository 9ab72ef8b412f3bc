import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export const root = new URL("..", import.meta.url).pathname;

/** Starts a Node script and waits until `readyUrl` answers 200. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The nearest-rank percentile: the smallest value with at least `p` (0.9 for p90) of them at or below it. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
}

/**
 * The times of `requests` calls one after another, in ms, after `warmup` unmeasured ones; and
 * the first call's answer (what the times are of).
 */
export async function timedCalls<T>(
  call: () => Promise<T>,
  warmup: number,
  requests: number,
): Promise<{ answer: T; times: number[] }> {
  const answer = await call();
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { answer, times };
}

/** Seeds the demo company at `scale` into the PostgreSQL database at `url` (the seed command, migrations first). */
export function seedPostgres(url: string, scale: number): Promise<void> {
  const args = [join(root, "apps/server/dist/db/seed-cli.js"), "--scale", String(scale)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed --scale ${scale} exited ${code}`))));
  });
}

/** Runs a Node script to its end; a non-zero exit is an error. */
export function runScript(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

/** A token of a demo account (password `demo`) from the server at `base`. */
export async function demoToken(base: string, username: string): Promise<string> {
  const answer = await fetch(`${base}/API/Authenticate/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo" }),
  });
  return ((await answer.json()) as { token: string }).token;
}

const seed = (scale: number, env: Record<string, string>) =>
  runScript([`${root}apps/server/dist/db/seed-cli.js`, "--scale", String(scale)], env);

/**
 * Measures on the engines BENCH_ENGINES names (both by default), each with the demo company at
 * its scale: PostgreSQL in a database made and seeded on DATABASE_URL's server and dropped after
 * (or BENCH_SEEDED_URL, already seeded), PGlite in a fresh directory.
 */
export async function onSeededEngines(
  scales: { postgres: number; pglite: number },
  measure: (engine: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const engines = process.env.BENCH_ENGINES ?? "postgres,pglite";
  const seededUrl = process.env.BENCH_SEEDED_URL;
  const adminUrl = process.env.DATABASE_URL;
  if (engines.includes("postgres") && seededUrl) await measure("PostgreSQL", { DATABASE_URL: seededUrl });
  else if (engines.includes("postgres") && adminUrl) {
    const name = `office_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await seed(scales.postgres, { DATABASE_URL: url.toString() });
      await measure("PostgreSQL", { DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  if (engines.includes("pglite")) {
    const dataDir = mkdtempSync(join(tmpdir(), "office-bench-"));
    try {
      await seed(scales.pglite, { DATA_DIR: dataDir, DATABASE_URL: "" });
      await measure(`PGlite (scale ${scales.pglite})`, { DATA_DIR: dataDir, DATABASE_URL: "" });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
