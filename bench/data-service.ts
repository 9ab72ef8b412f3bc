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
 * Then a further page of two searches already counted, against the same page from the app
 * keeping no searches (KNOWN_SEARCHES=0, issue 38), and the type-ahead at one and ten connections.
 */
import { join } from "node:path";
import autocannon from "autocannon";
import { demoToken, onSeededEngines, projectSearchPath, root, SEARCH_TERMS, startProcess, stop } from "./processes.js";

const scale = Number(process.env.BENCH_SCALE ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const APP_PORT = 3400;
const FLOOR_PORT = 3401;
/** The same app keeping no searches (KNOWN_SEARCHES=0): every page counted afresh. */
const AFRESH_PORT = 3402;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx and connection errors (timeouts among them): a fast error is not a result. */
  errors: number;
}

async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = 10,
  paths?: string[],
): Promise<Figures> {
  // With paths, each connection asks them in turn.
  const requests = paths?.map((path) => ({ path }));
  const result = await autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
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
    await furtherPages(engine, env, base, auth);
  } finally {
    await stop(app);
    await stop(floor);
  }
}

/** A month of notes three months back: a search of about 5,000 of the million notes. */
function monthBack(now = new Date()): { from: string; to: string } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1))),
    to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))),
  };
}

/**
 * A further page (the second) of a search already counted, against the same page from the same
 * app keeping no searches (counted afresh every time); and the header's type-ahead alone (one
 * connection: one person typing) and among ten.
 */
async function furtherPages(engine: string, env: Record<string, string>, base: string, auth: Record<string, string>) {
  const afresh = await startProcess(
    [join(root, "apps/server/dist/main.js")],
    { ...env, PORT: String(AFRESH_PORT), HOST: "127.0.0.1", SEED_DEMO: "false", KNOWN_SEARCHES: "0" },
    `http://127.0.0.1:${AFRESH_PORT}/readyz`,
  );
  try {
    const month = monthBack();
    const second: Record<string, Record<string, string>> = {
      "tblProject, name fragment, page 2": {
        table: "tblProject",
        fields: "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber",
        where: `projectName LIKE '%${FRAGMENT}%'`,
        order: "projectName",
      },
      "notes of a month with a phrase, page 2": {
        table: "vwProjectNoteSearch",
        fields: "projectNotesID,projectName,empName,ProjectNotesDesc,ProjectNotesMinutes,createdTS",
        where: `ProjectNotesDesc LIKE '%shop drawings%' AND createdTS >= '${month.from}' AND createdTS < '${month.to}'`,
        order: "createdTS DESC",
      },
    };
    console.log(
      `\n| engine | further page | matches | reused req/s | p50 ms | p99 ms | afresh req/s | p50 ms | p99 ms | reused/afresh | errors |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
    );
    for (const [name, params] of Object.entries(second)) {
      const path = `/API/Query/?${new URLSearchParams({ ...params, rowLimit: "50", offset: "50" })}`;
      const answer = (await (await fetch(`${base}${path}`, { headers: auth })).json()) as {
        meta: { TotalRecords: number };
      };
      for (let round = 1; round <= rounds; round++) {
        const reused = await load(`${base}${path}`, auth);
        const counted = await load(`http://127.0.0.1:${AFRESH_PORT}${path}`, auth);
        console.log(
          `| ${engine} | ${name} | ${answer.meta.TotalRecords} | ${reused.rps.toFixed(0)} | ${reused.p50} | ${reused.p99} | ${counted.rps.toFixed(0)} | ${counted.p50} | ${counted.p99} | ${(reused.rps / counted.rps).toFixed(1)}× | ${reused.errors + counted.errors} |`,
        );
      }
    }
    console.log(
      `\n| engine | type-ahead | connections | req/s | p50 ms | p99 ms | errors |\n| --- | --- | --- | --- | --- | --- | --- |`,
    );
    // The load test's keystrokes (load.ts): two letters, three, then the word, of each term,
    // as the header asks them. Each is a search not seen before: asked of the app that keeps none.
    const keystrokes = SEARCH_TERMS.flatMap((term) =>
      [2, 3, term.length].map((n) => projectSearchPath(term.slice(0, n))),
    );
    const mixes = { "two letters": keystrokes.filter((_, i) => i % 3 === 0), "every keystroke": keystrokes };
    for (const [name, paths] of Object.entries(mixes)) {
      for (const connections of [1, 10]) {
        const figures = await load(`http://127.0.0.1:${AFRESH_PORT}`, auth, connections, paths);
        console.log(
          `| ${engine} | ${name} (${paths.length} searches in turn) | ${connections} | ${figures.rps.toFixed(0)} | ${figures.p50} | ${figures.p99} | ${figures.errors} |`,
        );
      }
    }
  } finally {
    await stop(afresh);
  }
}

const header = `| engine | call | ${rounds > 1 ? "round | " : ""}app req/s | app p50 ms | app p99 ms | floor req/s | floor p50 ms | floor p99 ms | app/floor | app non-2xx/errors | floor non-2xx/errors |\n| --- | --- | ${rounds > 1 ? "--- | " : ""}--- | --- | --- | --- | --- | --- | --- | --- | --- |`;
console.log(`data service at scale ${scale}, 10 connections, ${seconds} s each\n\n${header}`);
await onSeededEngines({ postgres: scale, pglite: scale }, measure);
