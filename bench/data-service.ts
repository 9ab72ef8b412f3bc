/**
 * Data-service throughput: the project search (50 rows matching a name fragment), the
 * signed-in user's notes this week, the availability view, a 50-row page of tblProject by key
 * (10,000 matching) and a name fragment on tblProject, each through the real server (token,
 * parsing, permissions, audit-ready data service) and through a bare handler (the floor), at
 * 10 connections. The floor of the first three runs the data service's statement; that of the
 * two tblProject rows the plain statement with its total (`count(*) over ()`) a hand-written
 * handler would. On PostgreSQL (when DATABASE_URL is set) and on PGlite, with the demo company
 * at BENCH_SCALE (default 20: a million notes). BENCH_ENGINES=postgres or pglite runs one;
 * BENCH_SEEDED_URL names an already seeded PostgreSQL database to use instead of seeding one
 * (processes.ts, onSeededEngines). BENCH_ROUNDS runs every call that many times in turn.
 */
import { join } from "node:path";
import autocannon from "autocannon";
import { demoToken, onSeededEngines, root, startProcess, stop } from "./processes.js";

const scale = Number(process.env.BENCH_SCALE ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const APP_PORT = 3400;
const FLOOR_PORT = 3401;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx and connection errors (timeouts among them): a fast error is not a result. */
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/** "This week" of the hours table (spec 7): the Sunday of the current week (UTC) to tomorrow. */
function weekRange(now = new Date()): { from: string; to: string } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const from = new Date(now);
  from.setUTCDate(now.getUTCDate() - now.getUTCDay());
  const to = new Date(now);
  to.setUTCDate(now.getUTCDate() + 1);
  return { from: day(from), to: day(to) };
}

const TERM = "Oak Hill Medical";
const FRAGMENT = "Medical";
const PAGE_MATCHES = 10_000;

async function measure(engine: string, env: Record<string, string>) {
  const app = await startProcess(
    [join(root, "apps/server/dist/main.js")],
    { ...env, PORT: String(APP_PORT), HOST: "127.0.0.1", SEED_DEMO: "false" },
    `http://127.0.0.1:${APP_PORT}/readyz`,
  );
  const base = `http://127.0.0.1:${APP_PORT}`;
  const token = await demoToken(base, "staff");
  const auth = { authorization: `Bearer ${token}` };
  const { from, to } = weekRange();
  const q = (params: Record<string, string>) => `${base}/API/Query/?${new URLSearchParams(params)}`;
  const term = TERM.replaceAll("'", "''");
  const calls: Record<string, string> = {
    "project search": q({
      table: "vwProjectSearch",
      fields: "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber",
      where: `(projectName LIKE '%${term}%' OR projectFirstSourceNumber LIKE '%${term}%' OR projectSecondSourceNumber LIKE '%${term}%') AND (latestStatusCodeID IS NULL OR latestStatusCodeID NOT IN (56, 66, 194))`,
      order: "projectName",
      rowLimit: "50",
    }),
    "my notes, this week": q({
      table: "vwMyProjectNotes",
      fields: "projectNotesID,projectName,ProjectNotesDesc,ProjectNotesMinutes,createdTS",
      where: `createdTS >= '${from}' AND createdTS < '${to}'`,
    }),
    availability: q({
      table: "vwEmployeeAvailability",
      fields:
        "empID,empFirstName,empLastName,departmentName,departmentEmail,empOfficeExtention,todayHours,empAvailabilityType,empAvailabilityTS",
    }),
  };
  // The first key of tblProject: the page by key asks for the 10,000 keys from there on.
  const first = (await (
    await fetch(q({ table: "tblProject", fields: "projectID", order: "projectID", rowLimit: "1" }), { headers: auth })
  ).json()) as { data: Array<{ projectID: number }> };
  const low = first.data[0]?.projectID ?? 1;
  const high = low + PAGE_MATCHES - 1;
  const projectFields = "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber";
  Object.assign(calls, {
    "tblProject, 50 by key of 10,000": q({
      table: "tblProject",
      fields: projectFields,
      where: `projectID BETWEEN ${low} AND ${high}`,
      order: "projectID",
      rowLimit: "50",
    }),
    "tblProject, name fragment": q({
      table: "tblProject",
      fields: projectFields,
      where: `projectName LIKE '%${FRAGMENT}%'`,
      order: "projectName",
      rowLimit: "50",
    }),
  });
  for (const name of ["tblProject, 50 by key of 10,000", "tblProject, name fragment"] as const) {
    const answer = (await (await fetch(calls[name] as string, { headers: auth })).json()) as {
      meta: { TotalRecords: number };
    };
    console.log(`(${name}: ${answer.meta.TotalRecords} match)`);
  }
  const sample = (await (await fetch(calls["project search"] as string, { headers: auth })).json()) as {
    data?: unknown[];
  };
  const found = Array.isArray(sample.data) ? sample.data.length : 0;
  console.log(`(the search answers ${found} rows)`);
  const floor = await startProcess(
    ["--import", "tsx", join(root, "bench/floor-server.ts")],
    { ...env, PORT: String(FLOOR_PORT) },
    `http://127.0.0.1:${FLOOR_PORT}/floor/availability`,
  );
  const fbase = `http://127.0.0.1:${FLOOR_PORT}/floor`;
  const floorCalls: Record<string, string> = {
    "project search": `${fbase}/search?${new URLSearchParams({ term: TERM })}`,
    "my notes, this week": `${fbase}/notes?${new URLSearchParams({ empID: "2", from, to })}`,
    availability: `${fbase}/availability`,
    "tblProject, 50 by key of 10,000": `${fbase}/project-page?${new URLSearchParams({ low: String(low), high: String(high) })}`,
    "tblProject, name fragment": `${fbase}/project-fragment?${new URLSearchParams({ term: FRAGMENT })}`,
  };
  // The app and the floor take turns, call by call, both servers up: a machine whose speed
  // drifts (a shared two-core VM) then drifts for both alike, and the ratio stays comparable.
  try {
    if (found === 0) throw new Error(`the search found nothing: ${JSON.stringify(sample).slice(0, 300)}`);
    for (let round = 1; round <= rounds; round++) {
      for (const [name, url] of Object.entries(calls)) {
        const a = await load(url, auth);
        const f = await load(floorCalls[name] as string);
        console.log(
          `| ${engine} | ${name} | ${rounds > 1 ? `${round} | ` : ""}${a.rps.toFixed(0)} | ${a.p50} | ${a.p99} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${((a.rps / f.rps) * 100).toFixed(0)}% | ${a.errors} | ${f.errors} |`,
        );
      }
    }
  } finally {
    await stop(app);
    await stop(floor);
  }
}

const header = `| engine | call | ${rounds > 1 ? "round | " : ""}app req/s | app p50 ms | app p99 ms | floor req/s | floor p50 ms | floor p99 ms | app/floor | app non-2xx/errors | floor non-2xx/errors |\n| --- | --- | ${rounds > 1 ? "--- | " : ""}--- | --- | --- | --- | --- | --- | --- | --- | --- |`;
console.log(`data service at scale ${scale}, 10 connections, ${seconds} s each\n\n${header}`);
await onSeededEngines({ postgres: scale, pglite: scale }, measure);
