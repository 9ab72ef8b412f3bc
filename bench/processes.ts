import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  PAGES,
  type PageId,
  type PermissionGridBody,
  PROJECT_DROPDOWN_ROW_LIMIT,
  projectSearchWhere,
} from "@office/core";
import pg from "pg";

export const root = new URL("..", import.meta.url).pathname;

/**
 * Starts a Node script and waits until `readyUrl` answers 200. Its log (warnings and errors)
 * goes nowhere, or to the file BENCH_SERVER_LOG names (appended), to see what a figure hides.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore";
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", log, "inherit"],
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

/**
 * Seeds the demo company at `scale` with the seed command (migrations first) into the database
 * `env` names (DATA_DIR with DATABASE_URL "", or DATABASE_URL). Answers how long it took, in ms.
 */
export function seedDemo(env: Record<string, string>, scale: number): Promise<number> {
  const args = [join(root, "apps/server/dist/db/seed-cli.js"), "--scale", String(scale)];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`seed --scale ${scale} exited ${code}`)),
    );
  });
}

/** Seeds the demo company at `scale` into the PostgreSQL database at `url`. */
export async function seedPostgres(url: string, scale: number): Promise<void> {
  await seedDemo({ DATABASE_URL: url }, scale);
}

/** Runs one statement on a PostgreSQL server (a database made or dropped): the server's own. */
export { databaseUrl, onServer } from "../apps/server/dist/db/on-server.js";

/**
 * A bench's own database on the PostgreSQL server of DATABASE_URL: its name (BENCH_DATABASE, or
 * the bench's), its address and the server's.
 */
export function benchDatabase(fallback: string) {
  const name = process.env.BENCH_DATABASE ?? fallback;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE ${name}: a plain lower-case name`);
  const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, serverUrl, url: url.toString() };
}

/**
 * Drops, makes and seeds a bench's database with the demo company at `scale`, unless `reseed`
 * is false and it is there already (left by a run before, for EXPLAIN in psql). Answers the
 * server's version.
 */
export async function seededDatabase(
  { name, serverUrl, url }: ReturnType<typeof benchDatabase>,
  scale: number,
  reseed: boolean,
): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const version = (await admin.query<{ server_version: string }>("show server_version")).rows[0]?.server_version;
    const there = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    if (reseed || !there) {
      process.stderr.write(`dropping, making and seeding ${name} at scale ${scale}\n`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await seedPostgres(url, scale);
    }
    return version ?? "?";
  } finally {
    await admin.end();
  }
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

/** Starts the built server on `port` over the engine of `env` (already seeded: it seeds nothing itself). */
export function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  return startProcess(
    [join(root, "apps/server/dist/main.js")],
    { ...env, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false" },
    `http://127.0.0.1:${port}/readyz`,
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A call of the API as `token`'s user, its answer parsed; anything but 2xx is an error naming the call. */
export async function api<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path.slice(0, 80)}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export interface Probe {
  ms: number[];
  /** Answers other than 200 by status, and calls with no answer by the error's name. */
  failures: Record<string, number>;
}

export interface Timed {
  ms: number;
  /** The answer's status, or, with no answer, the error's name. */
  status: string;
  text: string;
}

/** One call of `path` (a GET, or `method` with `body` as JSON), timed to the end of its answer. */
export async function timedCall(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = "GET",
  body?: unknown,
): Promise<Timed> {
  const start = performance.now();
  let status: string;
  let text = "";
  try {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    text = await answer.text();
    status = String(answer.status);
  } catch (error) {
    status = (error as Error).name;
  }
  return { ms: performance.now() - start, status, text };
}

/** Adds a call's time, and its status when not 200, to `probe`. */
export function record(probe: Probe, ms: number, status: string): void {
  probe.ms.push(ms);
  if (status !== "200") probe.failures[status] = (probe.failures[status] ?? 0) + 1;
}

/**
 * Times calls one at a time until `until`, a call every 50 ms at most, through `paths` in
 * turn (a user typing one fragment after another): what one person waits while others load
 * the server.
 */
export async function probe(
  base: string,
  paths: readonly string[],
  headers: Record<string, string>,
  until: number,
): Promise<Probe> {
  const result: Probe = { ms: [], failures: {} };
  for (let i = 0; Date.now() < until; i++) {
    const { ms, status } = await timedCall(base, paths[i % paths.length] as string, headers);
    record(result, ms, status);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - ms)));
  }
  return result;
}

/** "200: 16, 503: 6": counts by status, the commonest first. */
export const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ") || "none";

export const queryPath = (params: Record<string, string>) => `/API/Query/?${new URLSearchParams(params)}`;
/** A count of every note under `where`: one row with the total, which `continue` lets count them all. */
export const noteCountPath = (where: string) =>
  queryPath({ table: "tblProjectNotes", rowLimit: "1", continue: "1", where });
/** The largest load the API gives: 100,000 notes, read and written in batches. */
export const BIG_LOAD_PATH = queryPath({ table: "tblProjectNotes", rowLimit: "100000", continue: "1" });

// As the header's project dropdown asks (apps/web/src/widgets/ProjectTypeahead.tsx): its fields,
// the newest first, the first 50, under core's where for what was typed.
const PROJECT_FIELDS = "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber";
/** Name fragments someone types in the dropdown (words of the demo's project names). */
export const SEARCH_TERMS = ["Oak Hill", "Medical", "Library", "Harbor", "Roof"];

export const projectSearchPath = (term: string) =>
  queryPath({
    table: "vwProjectSearch",
    fields: PROJECT_FIELDS,
    where: projectSearchWhere(term),
    order: "projectID DESC",
    rowLimit: String(PROJECT_DROPDOWN_ROW_LIMIT),
  });

/** The password of the accounts the benches make (the demo's own `demo` is shorter than an administrator may set). */
export const BENCH_PASSWORD = "bench-password";

type GridRow = PermissionGridBody["rows"][number];
const grant = (page: PageId, add: 0 | 1 = 0, change: 0 | 1 = 0): GridRow => ({
  permissionPageID: page,
  permissionView: 1,
  permissionAdd: add,
  permissionChange: change,
  permissionDel: 0,
});

/**
 * An ordinary member of staff's pages, what the benches' calls need: view Home, projects, notes
 * and time search, availability; log notes.
 */
export const STAFF_PAGES: GridRow[] = [
  grant(PAGES.home),
  grant(PAGES.projects),
  grant(PAGES.notes, 1),
  grant(PAGES.notesTimeSearch),
  grant(PAGES.availabilityList),
];
/** Staff who also keep the calendar (the load test's week). */
export const CALENDAR_STAFF_PAGES: GridRow[] = [...STAFF_PAGES, grant(PAGES.calendar, 1, 1)];
/** Staff who also import the cards' statements (change on page 47). */
export const FINANCE_PAGES: GridRow[] = [...STAFF_PAGES, grant(PAGES.creditCardApprovals, 1, 1)];

export interface Account {
  empID: number;
  username: string;
}

/**
 * `count` new employees with a sign-in (BENCH_PASSWORD) and `pages`, made as an administrator
 * makes them, through the API as `adminToken`'s user: the employee (Insert), the sign-in and
 * the permission grid; four at a time, as the password's hash is slow on purpose. Usernames are
 * new on every run (`kind` and the time), so that an already seeded database takes them too.
 */
export async function makeAccounts(
  base: string,
  adminToken: string,
  kind: string,
  count: number,
  pages: GridRow[],
): Promise<Account[]> {
  const run = Date.now().toString(36);
  const make = async (i: number): Promise<Account> => {
    const username = `bench.${run}.${kind}${i}`;
    const { id: empID } = await api<{ id: number }>(base, adminToken, "POST", "/API/Insert/", {
      table: "tblEmployee",
      fields: { empFirstName: "Bench", empLastName: `${kind} ${i}`, empActive: 1 },
    });
    await api(base, adminToken, "PUT", `/API/SignIn/${empID}`, { username, password: BENCH_PASSWORD });
    await api(base, adminToken, "PUT", `/API/Permissions/${empID}`, { rows: pages });
    return { empID, username };
  };
  const accounts: Account[] = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) => make(i + j));
    accounts.push(...(await Promise.all(batch)));
  }
  return accounts;
}

const usDate = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;

/**
 * A card's statement as the bank exports it (core's statements.ts): `lines` charges of the last
 * four weeks, each with a reference of its own under `salt`, so that every salt imports anew
 * (the same salt again is all duplicates).
 */
export function statementCsv(lines: number, salt: number | string): string {
  const today = Date.now();
  const rows = ["Transaction Date,Description,Amount,Reference"];
  for (let i = 0; i < lines; i++) {
    const d = new Date(today - (1 + (i % 28)) * 86_400_000);
    rows.push(`${usDate(d)},"Merchant ${i % 97}, Inc.",${(5 + (i % 400) + (i % 100) / 100).toFixed(2)},B${salt}-${i}`);
  }
  return rows.join("\r\n");
}
