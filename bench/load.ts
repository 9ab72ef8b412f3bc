/**
 * Load test (issue 38): LOAD_STAFF simulated staff (200) for LOAD_SECONDS (300) against
 * LOAD_PROCESSES server processes (2) behind nginx (deploy/cluster.mjs) on PostgreSQL with the
 * demo company at BENCH_SCALE (20), loopback only. Each signs in, keeps the live event stream
 * open, and then, at think times drawn around LOAD_THINK_S (15 s), searches projects (three
 * keystrokes of the header's type-ahead), opens a project, logs a note, switches availability,
 * opens the projects list, or the calendar's week. Requests go out on a schedule fixed in
 * advance (open loop): a request's latency counts from when it was meant to be sent, so a
 * server that falls behind shows as queueing instead of as fewer requests.
 *
 * LOAD_FAULT adds a fault halfway: `kill` (kill -9 of one process, started again 20 s later),
 * `terminate` (every app connection to the database ended, pg_terminate_backend), `restart` (a
 * rolling restart of every process). After the run every note acknowledged is looked for: each
 * must be in the database once. BENCH_SEEDED_URL names a seeded database (else one is seeded).
 *
 *   npm run build && DATABASE_URL=postgres://… node --import tsx bench/load.ts
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { LIVE_PATH, OPERATIONS } from "@office/core";
import pg from "pg";
import { startCluster } from "../deploy/cluster.mjs";
import {
  type Account,
  BENCH_PASSWORD,
  bearer,
  CALENDAR_STAFF_PAGES,
  databaseUrl,
  demoToken,
  makeAccounts,
  onServer,
  percentile,
  projectSearchPath,
  queryPath,
  SEARCH_TERMS,
  seedPostgres,
} from "./processes.js";

const env = process.env;
const STAFF = Number(env.LOAD_STAFF ?? 200);
const SECONDS = Number(env.LOAD_SECONDS ?? 300);
const THINK_S = Number(env.LOAD_THINK_S ?? 15);
const PROCESSES = Number(env.LOAD_PROCESSES ?? 2);
const SCALE = Number(env.BENCH_SCALE ?? 20);
const FAULT = env.LOAD_FAULT ?? "none";
const PORT = 8090;
/** Sign-ins are spread over the first seconds, as a morning's arrivals are. */
const ARRIVAL_S = Math.min(30, SECONDS / 4);
const SAMPLE_MS = 5_000;

// --- the database -----------------------------------------------------------------------------

async function database(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (env.BENCH_SEEDED_URL) return { url: env.BENCH_SEEDED_URL, drop: async () => {} };
  const server = env.DATABASE_URL;
  if (!server) throw new Error("Set DATABASE_URL (a PostgreSQL server) or BENCH_SEEDED_URL (a seeded database).");
  const name = `office_load_${Date.now()}`;
  await onServer(server, `create database "${name}"`);
  const url = databaseUrl(server, name);
  await seedPostgres(url, SCALE);
  return { url, drop: () => onServer(server, `drop database "${name}" with (force)`) };
}

// --- what is measured -------------------------------------------------------------------------

interface Call {
  name: string;
  /** When it was meant to go out (ms since the run began). */
  intended: number;
  latency: number;
  status: number;
}
const calls: Call[] = [];
let began = 0;
const now = () => performance.now() - began;

/**
 * GETs sent again after their kept-alive connection failed before any answer, as a browser
 * does (nginx's reload closes its idle connections to clients; one reused at that moment fails).
 */
let resent = 0;

/** Sends a call at once and keeps its latency from `intended`; answers its status and body, or null if it never answered. */
async function timed(
  name: string,
  intended: number,
  send: () => Promise<Response>,
  idempotent = true,
): Promise<{ status: number; body: string } | null> {
  try {
    const response = await send().catch((error) => {
      if (!idempotent) throw error;
      resent++;
      return send();
    });
    const body = await response.text();
    calls.push({ name, intended, latency: now() - intended, status: response.status });
    return { status: response.status, body };
  } catch {
    calls.push({ name, intended, latency: now() - intended, status: 0 });
    return null;
  }
}

// --- a simulated member of staff --------------------------------------------------------------

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const think = () => -Math.log(1 - Math.random()) * THINK_S * 1000;

type Person = Account & { token?: string };

/** Notes acknowledged (200 with an id): each must be in the database once after the run. */
const acknowledged: string[] = [];

function actions(base: string, person: Person, projects: number[]) {
  const headers = () => ({ ...bearer(person.token as string), "content-type": "application/json" });
  const get = (name: string, at: number, path: string) =>
    timed(name, at, () => fetch(`${base}${path}`, { headers: headers() }));
  const send = (name: string, at: number, method: string, path: string, body: object, extra = {}) =>
    timed(
      name,
      at,
      () => fetch(`${base}${path}`, { method, headers: { ...headers(), ...extra }, body: JSON.stringify(body) }),
      false,
    );
  const query = (name: string, at: number, params: Record<string, string>) => get(name, at, queryPath(params));
  return {
    async search(at: number) {
      const term = pick(SEARCH_TERMS);
      // Three keystrokes, 300 ms apart, each its own request (the type-ahead waits for none).
      await Promise.all(
        [2, 3, term.length].map((typed, i) =>
          later(at + i * 300, () => get("type-ahead", at + i * 300, projectSearchPath(term.slice(0, typed)))),
        ),
      );
    },
    async openProject(at: number) {
      const id = pick(projects);
      await Promise.all([
        query("open project", at, { table: "tblProject", where: `projectID = ${id}` }),
        query("project's notes", at, {
          table: "vwProjectNoteSearch",
          fields: "projectNotesID,empName,ProjectNotesDesc,ProjectNotesMinutes,createdTS",
          where: `projectID = ${id}`,
          order: "createdTS DESC",
          rowLimit: "50",
        }),
      ]);
    },
    async logNote(at: number) {
      const mark = `load note ${randomUUID()}`;
      const response = await send(
        "log a note",
        at,
        "POST",
        "/API/Insert/",
        {
          table: "tblProjectNotes",
          fields: { projectID: pick(projects), ProjectNotesMinutes: 15, ProjectNotesDesc: mark },
        },
        { "idempotency-key": randomUUID() },
      );
      if (response?.status === 200) acknowledged.push(mark);
    },
    async availability(at: number) {
      await send("switch availability", at, "PUT", "/API/Update/", {
        table: "tblEmployee",
        where: `empID = ${person.empID}`,
        fields: { empAvailabilityType: pick(["In", "Break", "Out"]) },
        debug: 0,
      });
    },
    async openList(at: number) {
      await query("projects list", at, {
        table: "vwProjectList",
        order: "projectID DESC",
        rowLimit: "50",
      });
    },
    async calendar(at: number) {
      const from = new Date();
      const to = new Date(from.getTime() + 7 * 86_400_000);
      const range = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
      await get("calendar week", at, `${OPERATIONS.calendarOccurrences.path}?${range}`);
    },
  };
}

const WEIGHTS = [
  ["search", 30],
  ["openProject", 25],
  ["openList", 15],
  ["logNote", 15],
  ["availability", 10],
  ["calendar", 5],
] as const;
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
function anAction(): (typeof WEIGHTS)[number][0] {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [name, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return "search";
}

/** Runs `work` at `at` ms after the start, whatever else is going on (the open loop). */
const later = <T>(at: number, work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => work().then(resolve, reject), Math.max(0, at - now())));

/** The live event stream, kept open; opened again at once when it ends (a restart ends it). */
let streamsOpen = 0;
let streamEnds = 0;
async function keepStream(base: string, person: Person, until: number, stop: AbortSignal) {
  while (now() < until && !stop.aborted) {
    try {
      const response = await fetch(`${base}${LIVE_PATH}`, {
        headers: bearer(person.token as string),
        signal: stop,
      });
      streamsOpen++;
      const reader = response.body?.getReader();
      while (reader && !(await reader.read()).done) {}
    } catch {
      // Ended by the run's end, or by a server going away: opened again below.
    }
    streamsOpen--;
    if (!stop.aborted) streamEnds++;
    // As the web app: about a second before coming back.
    await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 500));
  }
}

// --- the run ------------------------------------------------------------------------------------

async function main() {
  const { url, drop } = await database();
  const cluster = await startCluster({
    processes: PROCESSES,
    port: PORT,
    env: {
      DATABASE_URL: url,
      SEED_DEMO: "false",
      BACKUP_DAILY_AT: "off",
      LOG_LEVEL: "warn",
      TRACKING_DAILY_AT: "03:00",
    },
  });
  const base = cluster.url;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const projects = (await db.query(`select "projectID" from "tblProject" order by random() limit 2000`)).rows.map(
    (row) => row.projectID as number,
  );
  // Staff of their own, made through the administrator's API (as staff-load.ts's).
  const accounts = await makeAccounts(base, await demoToken(base, "admin"), "load", STAFF, CALENDAR_STAFF_PAGES);

  const samples: Array<{ at: number; connections: number; streams: number; rss: number[] }> = [];
  const faults: string[] = [];
  const stop = new AbortController();
  began = performance.now();
  const end = SECONDS * 1000;
  const sampler = setInterval(async () => {
    const { rows } = await db.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'office%'`,
    );
    const rss = cluster.pids().map((pid: number) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    });
    samples.push({ at: now(), connections: rows[0].n, streams: streamsOpen, rss });
  }, SAMPLE_MS);

  const work: Promise<unknown>[] = [];
  for (const account of accounts) {
    const person: Person = { ...account };
    const arrive = Math.random() * ARRIVAL_S * 1000;
    work.push(
      later(arrive, async () => {
        const signedIn = await timed(
          "sign in",
          arrive,
          () =>
            fetch(`${base}/API/Authenticate/`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ username: person.username, password: BENCH_PASSWORD }),
            }),
          false,
        );
        if (signedIn?.status !== 200) return;
        person.token = (JSON.parse(signedIn.body) as { token?: string }).token;
      }).then(async () => {
        if (!person.token) return;
        const stream = keepStream(base, person, end, stop.signal);
        const act = actions(base, person, projects);
        const planned: Promise<unknown>[] = [];
        // Every action planned now, each at its own time: none waits for the one before.
        for (let at = now() + think(); at < end; at += think()) {
          const name = anAction();
          planned.push(later(at, () => act[name](at)));
        }
        await Promise.all(planned);
        // Kept open to the run's end, as the others' are.
        await later(end, async () => stop.abort());
        await stream;
      }),
    );
  }

  // The fault, halfway through.
  const faultAt = end / 2;
  const fault = later(faultAt, async () => {
    if (FAULT === "kill") {
      await cluster.kill(0);
      faults.push(`${(now() / 1000).toFixed(1)} s: process 1 killed (kill -9)`);
      await later(faultAt + 20_000, () => cluster.start(0));
      faults.push(`${(now() / 1000).toFixed(1)} s: process 1 started again`);
    } else if (FAULT === "terminate") {
      const { rows } = await db.query(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and application_name like 'office%'`,
      );
      faults.push(`${(now() / 1000).toFixed(1)} s: ${rows[0].n} app connections terminated`);
    } else if (FAULT === "restart") {
      faults.push(`${(now() / 1000).toFixed(1)} s: rolling restart begins`);
      await cluster.rollingRestart();
      faults.push(`${(now() / 1000).toFixed(1)} s: rolling restart done`);
    }
  });

  await Promise.all(work);
  await fault;
  clearInterval(sampler);

  // Every note acknowledged is in the database, once.
  const { rows: found } = await db.query(
    `select "ProjectNotesDesc" as mark, count(*)::int as n from "tblProjectNotes"
     where "ProjectNotesDesc" = any($1::text[]) group by 1`,
    [acknowledged],
  );
  const missing = acknowledged.length - found.length;
  const doubled = found.filter((row) => row.n > 1).length;

  report({ faults, samples, missing, doubled });
  await db.end();
  await cluster.stop();
  await drop();
}

function report({
  faults,
  samples,
  missing,
  doubled,
}: {
  faults: string[];
  samples: Array<{ at: number; connections: number; streams: number; rss: number[] }>;
  missing: number;
  doubled: number;
}) {
  const seconds = SECONDS;
  console.log(
    `\nLoad: ${STAFF} staff, ${seconds} s, think ${THINK_S} s, ${PROCESSES} processes behind nginx, PostgreSQL, scale ${SCALE}, fault: ${FAULT}`,
  );
  for (const line of faults) console.log(`  ${line}`);
  console.log(
    `\n${calls.length} requests, ${(calls.length / seconds).toFixed(1)} req/s; GETs sent again after a connection closed under them: ${resent}; streams ended and opened again: ${streamEnds}`,
  );
  console.log(
    "\n| call | requests | p50 ms | p95 ms | p99 ms | max ms | failed |\n| --- | --- | --- | --- | --- | --- | --- |",
  );
  const names = [...new Set(calls.map((call) => call.name))];
  for (const name of [...names, "all"]) {
    const these = name === "all" ? calls : calls.filter((call) => call.name === name);
    const latencies = these.map((call) => call.latency);
    const failed = these.filter((call) => call.status < 200 || call.status >= 300);
    const statuses = [...new Set(failed.map((call) => call.status))].join(", ");
    console.log(
      `| ${name} | ${these.length} | ${percentile(latencies, 0.5).toFixed(0)} | ${percentile(latencies, 0.95).toFixed(0)} | ${percentile(latencies, 0.99).toFixed(0)} | ${Math.max(...latencies).toFixed(0)} | ${failed.length}${statuses ? ` (${statuses})` : ""} |`,
    );
  }
  if (FAULT !== "none") {
    const failedAt = calls.filter((call) => call.status < 200 || call.status >= 300).map((call) => call.intended);
    if (failedAt.length > 0) {
      console.log(
        `\nfailed requests meant for ${(Math.min(...failedAt) / 1000).toFixed(1)} s to ${(Math.max(...failedAt) / 1000).toFixed(1)} s`,
      );
    }
  }
  console.log(
    `\nnotes acknowledged: ${acknowledged.length}; missing from the database: ${missing}; doubled: ${doubled}`,
  );
  const connections = samples.map((sample) => sample.connections);
  console.log(`database connections of the app: at most ${Math.max(...connections)}, last ${connections.at(-1)}`);
  console.log("\n| at s | database connections | streams open | RSS MiB per process |\n| --- | --- | --- | --- |");
  const every = Math.max(1, Math.round(30_000 / SAMPLE_MS));
  for (const [i, sample] of samples.entries()) {
    if (i % every !== every - 1 && i !== samples.length - 1) continue;
    console.log(
      `| ${(sample.at / 1000).toFixed(0)} | ${sample.connections} | ${sample.streams} | ${sample.rss.map((mb) => mb.toFixed(0)).join(", ")} |`,
    );
  }
}

await main();
process.exit(0);
