/**
 * The projects area's calls through the API (issue 8), on PostgreSQL with the demo company at
 * `--scale 20` (60,000 projects, 1,000,000 notes, 8,000 clients): the advanced search by a
 * name fragment, the notes search for one employee over a year (its rows and the page's two
 * totals, each alone and the three in parallel as the page sends them) and the dashboard's
 * counts. Each call is sent BENCH_REQUESTS times (default 200) one after another, after
 * BENCH_WARMUP (default 20) unmeasured ones, rotating the fragments and the employees; the
 * time runs from sending to the answer's body read. Then one write: a status set on
 * STATUSES_SET_AT_ONCE projects at once (Project Search's bar of chosen rows), BENCH_WRITES
 * times (default 50), rotating the projects and the status. Prints a Markdown table for
 * bench/RESULTS.md.
 *
 * The database is BENCH_DATABASE (default `bench_projects`) on the server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres): dropped, made and seeded at
 * BENCH_SCALE (default 20) by the seed command, then left in place for EXPLAIN in psql
 * (BENCH_RESEED=0 measures the one left by a previous run instead). BENCH_SERVER names another
 * build's main.js to measure (a change tried by hand), the repository's apps/server/dist by default.
 */
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { LOOKUP_GROUPS, NOTES_SEARCH, PROJECTS, STATUSES_SET_AT_ONCE } from "@office/core";
import { tokenOf } from "./app.js";
import { benchDatabase, median, percentile, root, seededDatabase, startProcess, stop } from "./processes.js";

const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const WRITES = Number(process.env.BENCH_WRITES ?? 50);
const DATABASE = benchDatabase("bench_projects");
const RESEED = process.env.BENCH_RESEED !== "0";
const SERVER = process.env.BENCH_SERVER ?? join(root, "apps/server/dist/main.js");
const PORT = 3540;
const AIM_MS = 100;
const progress = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Name fragments of the seed's project names (place, facility and kind of work, from
 * apps/server/src/db/seed/words.ts): common words and narrower ones, rotated.
 */
const FRAGMENTS = [
  "Riverside",
  "Medical Center",
  "Roof Replacement",
  "Oak Hill",
  "Library",
  "HVAC",
  "Granite Bay",
  "Fire Station",
  "Millwork",
  "Willow",
];

/** The columns the notes / time search (page 35) and the project search show, as core declares them. */
const NOTE_FIELDS = NOTES_SEARCH.columns.join(",");
const LIST_FIELDS = PROJECTS.listColumns.join(",");

const day = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
const tomorrow = day(new Date(now.getTime() + 86_400_000));
const yearAgo = (() => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return day(d);
})();
const quote = (text: string) => text.replaceAll("'", "''");

interface Call {
  name: string;
  /** The URLs the i-th request sends (in parallel when more than one). */
  urls(i: number): string[];
}

interface Answer {
  data?: unknown[];
  meta?: { TotalRecords?: number; count?: number };
}

async function main() {
  const postgres = await seededDatabase(DATABASE, SCALE, RESEED);
  const base = `http://127.0.0.1:${PORT}`;
  const taken = await fetch(`${base}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${PORT} is in use`);
  const server = await startProcess(
    [SERVER],
    { PORT: String(PORT), HOST: "127.0.0.1", DATABASE_URL: DATABASE.url, SEED_DEMO: "false" },
    `${base}/readyz`,
  );
  try {
    const token = await tokenOf(base, "admin");
    const headers = { authorization: `Bearer ${token}` };
    const get = async (url: string): Promise<Answer> => {
      const response = await fetch(url, { headers });
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status} for ${url}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as Answer;
    };
    const api = (path: string, params: Record<string, string>) => `${base}/API/${path}/?${new URLSearchParams(params)}`;

    const directory = await get(
      api("Query", { table: "vwEmployeeDirectory", fields: "empID", where: "empActive = 1", order: "empID" }),
    );
    const employees = (directory.data ?? []).map((row) => (row as { empID: number }).empID);
    if (employees.length === 0) throw new Error("no active employees");

    const search = (i: number) =>
      api("Query", {
        table: "vwProjectList",
        fields: LIST_FIELDS,
        where: `projectName LIKE '%${quote(FRAGMENTS[i % FRAGMENTS.length] ?? "")}%' AND projectCreatedTS < '${tomorrow}'`,
        order: "projectID DESC",
        rowLimit: "50",
      });
    const noteWhere = (i: number) =>
      `empID = ${employees[i % employees.length]} AND createdTS >= '${yearAgo}' AND createdTS < '${tomorrow}'`;
    const notes = (i: number) =>
      api("Query", {
        table: "vwProjectNoteSearch",
        fields: NOTE_FIELDS,
        where: noteWhere(i),
        order: "createdTS DESC",
        rowLimit: "50",
      });
    const noteTotals = (by: string) => (i: number) =>
      api("Totals", { table: "vwProjectNoteSearch", by, where: noteWhere(i) });
    const calls: Call[] = [
      { name: "advanced search: name fragment, 50 rows with the total", urls: (i) => [search(i)] },
      { name: "notes search: one employee, a year, 50 rows with the total", urls: (i) => [notes(i)] },
      { name: "notes search: totals by employee", urls: (i) => [noteTotals("empID")(i)] },
      { name: "notes search: totals by project", urls: (i) => [noteTotals("projectID")(i)] },
      {
        name: "notes search: the page's three calls in parallel",
        urls: (i) => [notes(i), noteTotals("empID")(i), noteTotals("projectID")(i)],
      },
      {
        name: "dashboard: projects counted by latest status",
        urls: () => [api("Totals", { table: "vwProjectsByStatus", by: "projectLatestStatusCodeID" })],
      },
      {
        // The seed's calendar is three months either side of today: a month view around it.
        name: "calendar: a month view's occurrences (six weeks, every event admin sees)",
        urls: () => [
          `${base}/API/Calendar/Occurrences?${new URLSearchParams({
            from: new Date(now.getTime() - 21 * 86_400_000).toISOString(),
            to: new Date(now.getTime() + 21 * 86_400_000).toISOString(),
          })}`,
        ],
      },
      {
        // Home reads it on every load: the colleagues out of office now (the seed's 800 spells).
        name: "Home: colleagues out of office now",
        urls: () => [`${base}/API/Availability/OutOfOffice`],
      },
      {
        name: "dashboard: my recent projects, 10",
        urls: () => [api("Query", { table: "vwMyRecentProjects", order: "lastActivityTS DESC", rowLimit: "10" })],
      },
    ];

    // What the calls answer, once each over the rotation: the sizes behind the times.
    const answers: string[] = [];
    for (const call of calls) {
      const totals = new Set<string>();
      for (let i = 0; i < Math.max(FRAGMENTS.length, employees.length); i++) {
        const [first] = await Promise.all(call.urls(i).map(get));
        totals.add(String(first?.meta?.TotalRecords ?? first?.data?.length ?? "?"));
        if (call.urls(i + 1)[0] === call.urls(i)[0]) break;
      }
      const sorted = [...totals].map(Number).sort((a, b) => a - b);
      const range = sorted.length > 1 ? `${sorted[0]}–${sorted[sorted.length - 1]}` : String(sorted[0]);
      answers.push(range);
    }

    const lines: string[] = [];
    const ms = (value: number) => value.toFixed(1);
    const line = (name: string, answer: string, times: number[]) => {
      const p99 = percentile(times, 0.99);
      return `| ${name} | ${answer} | ${ms(median(times))} | ${ms(percentile(times, 0.9))} | ${ms(p99)} | ${ms(Math.max(...times))} | ${p99 < AIM_MS ? "yes" : "**no**"} |`;
    };
    for (const [n, call] of calls.entries()) {
      progress(`${call.name}: ${WARMUP} warm-up, ${REQUESTS} measured`);
      for (let i = 0; i < WARMUP; i++) await Promise.all(call.urls(i).map(get));
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const urls = call.urls(i);
        const started = performance.now();
        await Promise.all(urls.map(get));
        times.push(performance.now() - started);
      }
      lines.push(line(call.name, answers[n] ?? "?", times));
    }

    progress(`a status set on ${STATUSES_SET_AT_ONCE} projects at once: ${WRITES} measured`);
    const statuses = await get(
      api("Query", {
        table: "tblAppLookup",
        fields: "appLookupID",
        where: `appLookupParentID = '${LOOKUP_GROUPS.projectStatusCodes}'`,
      }),
    );
    const codes = (statuses.data ?? []).map((row) => (row as { appLookupID: number }).appLookupID);
    const projects = await get(
      api("Query", { table: "tblProject", fields: "projectID", where: "projectID <= 1000", order: "projectID" }),
    );
    const ids = (projects.data ?? []).map((row) => (row as { projectID: number }).projectID);
    if (ids.length < STATUSES_SET_AT_ONCE || codes.length === 0)
      throw new Error(`no projects (${ids.length}) or statuses (${codes.length}) to write`);
    const writes: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const projectIDs = Array.from(
        { length: STATUSES_SET_AT_ONCE },
        (_, k) => ids[(i * STATUSES_SET_AT_ONCE + k) % ids.length] as number,
      );
      const started = performance.now();
      const response = await fetch(`${base}/API/Projects/Status`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ projectIDs, projectStatusCodeID: codes[i % codes.length] }),
      });
      const text = await response.text();
      writes.push(performance.now() - started);
      if (!response.ok) throw new Error(`${response.status} setting statuses: ${text.slice(0, 300)}`);
    }
    lines.push(
      line(
        `set the status of ${STATUSES_SET_AT_ONCE} projects at once (one write, audited, owners told)`,
        String(STATUSES_SET_AT_ONCE),
        writes,
      ),
    );

    console.log(
      `\nprojects area at scale ${SCALE} on PostgreSQL ${postgres} (${DATABASE.name}), Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${day(now)}; ${REQUESTS} requests per call one after another after ${WARMUP} warm-up; ${employees.length} active employees, ${FRAGMENTS.length} fragments, a year = ${yearAgo} to ${tomorrow}\n`,
    );
    console.log(
      `| call | TotalRecords (range over the rotation) | p50 ms | p90 ms | p99 ms | max ms | p99 < ${AIM_MS} ms |\n| --- | --- | --- | --- | --- | --- | --- |`,
    );
    for (const line of lines) console.log(line);
  } finally {
    await stop(server);
  }
}

await main();
