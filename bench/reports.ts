/**
 * Settings and reports (issue 37), measured through the API as the pages use it. On the engines
 * BENCH_ENGINES names (both by default; PostgreSQL when DATABASE_URL is set, in a database of
 * its own made and dropped), the demo company at BENCH_SCALE (default 20):
 *
 * 1. every report of core's catalogue by each of its groupings (`GET /API/Reports/:report?by=`,
 *    the default range: twelve months up to today), BENCH_REQUESTS calls (default 5) after one;
 * 2. a year of card changes (BENCH_CHANGES, default 3,000: limits and statuses changed, cards
 *    added and deleted) written as admin through the data service, their audit entries then
 *    spread over the last 365 days in SQL, and the card limits as of a day mid-year;
 * 3. (PostgreSQL) a company setting's change reaching two other server processes on the same
 *    database: with the notification (the PUT answered on process 1, then processes 2 and 3
 *    asked every 10 ms), and with it lost (the row changed in SQL with the trigger off, found
 *    at each process's own check), BENCH_SETTING_CHANGES each (default 10);
 *
 * and, from the web build (`npm run build` first), the reports page's chunk and what it alone
 * pulls in, gzipped, and whether the first page (login) or Home load any of it. Prints Markdown
 * for bench/RESULTS.md.
 */

import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { REPORT_LIST, REPORTS } from "@office/core";
import pg from "pg";
import {
  api,
  bearer,
  demoToken,
  median,
  onSeededEngines,
  percentile,
  queryPath,
  root,
  startServer,
  stop,
  timedCall,
} from "./processes.js";

const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 3_000);
const SETTING_CHANGES = Number(process.env.BENCH_SETTING_CHANGES ?? 10);
const PORT = 3575;
const REPORT_AIM_MS = 500;
const NOTIFIED_AIM_MS = 1_000;
/** SETTINGS_CHECK_MS of apps/server/src/settings/company.ts. */
const CHECK_MS = 5_000;
/** Writers of the year's changes at once; each owns its cards, so a card's changes keep their order. */
const WRITERS = 4;
const JOBS_OFF = { JOBS_RUNNER: "false" };
const progress = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

const rows: string[] = [];
const row = (measure: string, result: string, aim: string) => rows.push(`| ${measure} | ${result} | ${aim} |`);

interface ReportAnswer {
  meta: { TotalRecords: number; count: number };
}

/**
 * `path` called once unmeasured, then `requests` times: the times, the groups of the first
 * answer and any failures. A read stopped for running too long (503: PGlite's read budget, or
 * the statement timeout) pauses the account's reads (429s, data/read-gate.ts): the pause is
 * waited out and the report measured no further (`stopped`), so that it leaves the next call alone.
 */
async function timeCalls(base: string, token: string, path: string, requests = REQUESTS) {
  const failures: Record<string, number> = {};
  const times: number[] = [];
  let groups: number | undefined;
  let stopped = false;
  for (let i = 0; i <= requests && !stopped; i++) {
    const call = await timedCall(base, path, bearer(token));
    if (i > 0) times.push(call.ms);
    if (call.status === "200") groups ??= (JSON.parse(call.text) as ReportAnswer).meta.TotalRecords;
    else {
      failures[call.status] = (failures[call.status] ?? 0) + 1;
      if (call.status === "503" || call.status === "429") {
        stopped = true;
        if (i === 0) times.push(call.ms);
        const seconds = Number(call.text.match(/in (\d+) seconds/)?.[1] ?? 30);
        progress(`  ${call.status} after ${ms(call.ms)} ms: waiting ${seconds} s for the account's reads to resume`);
        await sleep(seconds * 1000 + 500);
      }
    }
  }
  return { times, groups, failures, stopped };
}

/** A row of a report's times: median and p95, against the aim (failures named). */
function reportRow(engine: string, what: string, timed: Awaited<ReturnType<typeof timeCalls>>) {
  const { times, groups, failures, stopped } = timed;
  const p95 = percentile(times, 0.95);
  const failed = Object.keys(failures).length > 0 ? `; answers other than 200: ${JSON.stringify(failures)}` : "";
  const result = stopped
    ? `stopped (503) after ${ms(Math.max(...times))} ms, in ${times.length} call${times.length === 1 ? "" : "s"}${failed}`
    : `median ${ms(median(times))} ms, p95 ${ms(p95)} ms${failed}`;
  const met = failed === "" && p95 < REPORT_AIM_MS ? "met" : "**missed**";
  row(`${engine}: ${what} (${groups ?? "?"} groups)`, result, `< ${REPORT_AIM_MS} ms: ${met}`);
}

/** Every report by each of its groupings, the default range: answers the paths of those stopped. */
async function measureReports(engine: string, base: string, token: string): Promise<string[]> {
  const stopped: string[] = [];
  for (const report of REPORT_LIST) {
    for (const grouping of report.groupings) {
      progress(`${engine}: ${report.id} by ${grouping.name}`);
      const path = `/API/Reports/${report.id}?by=${grouping.name}`;
      const timed = await timeCalls(base, token, path);
      reportRow(engine, `${report.id} by ${grouping.name}`, timed);
      if (timed.stopped) stopped.push(path);
    }
  }
  return stopped;
}

/** A server whose reads may run a minute (PGlite's budget and the statement timeout raised): what a stopped report costs. */
const UNBOUNDED = { PGLITE_READ_TIMEOUT_MS: "60000", POOL_ACQUIRE_TIMEOUT_MS: "65000", STATEMENT_TIMEOUT_MS: "60000" };

/** The reports stopped at the default budget, on a server that lets them finish: one call, then up to 3. */
async function measureUnbounded(engine: string, env: Record<string, string>, base: string, paths: string[]) {
  const server = await startServer({ ...env, ...JOBS_OFF, ...UNBOUNDED }, PORT);
  try {
    const token = await demoToken(base, "admin");
    for (const path of paths) {
      progress(`${engine}: ${path} with reads allowed a minute`);
      const what = `${path.replace("/API/Reports/", "").replace("?by=", " by ")}, its reads allowed a minute (to see its time)`;
      reportRow(engine, what, await timeCalls(base, token, path, Math.min(REQUESTS, 3)));
    }
  } finally {
    await end(server);
  }
}

/**
 * A year of changes to the cards, through the data service as admin: each writer owns a share of
 * the seeded cards and the cards it adds; of its changes about one in ten adds a card, one in
 * twenty deletes one it added (a seeded card has charges, which a delete may not leave behind),
 * and the rest change a card's limit (and one in ten its status too). Answers the counts.
 */
async function scriptYear(base: string, token: string) {
  const cards = await api<{ data: Array<{ ccID: number; empID: number }> }>(
    base,
    token,
    "GET",
    queryPath({ table: "tblCC", fields: "ccID,empID", order: "ccID", rowLimit: "1000", continue: "1" }),
  );
  const holders = [...new Set(cards.data.map((card) => card.empID))];
  const counts = { inserts: 0, updates: 0, deletes: 0 };
  // mulberry32: the same changes on every run and engine.
  let seed = 37;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const writer = async (w: number) => {
    const seeded = cards.data.filter((_, i) => i % WRITERS === w).map((card) => card.ccID);
    const added: number[] = [];
    for (let i = w; i < CHANGES; i += WRITERS) {
      const dice = random();
      if (dice < 0.1 || seeded.length + added.length === 0) {
        const { id } = await api<{ id: number }>(base, token, "POST", "/API/Insert/", {
          table: "tblCC",
          fields: {
            ccName: `Bench card ${w}-${i}`,
            ccLastFour: String(1000 + (i % 9000)),
            empID: holders[i % holders.length],
            ccMonthlyLimit: 500 * (1 + Math.floor(random() * 40)),
          },
        });
        added.push(id);
        counts.inserts++;
      } else if (dice < 0.15 && added.length > 0) {
        const [ccID] = added.splice(Math.floor(random() * added.length), 1);
        await api(base, token, "POST", "/API/Delete/", { table: "tblCC", where: `ccID = ${ccID}` });
        counts.deletes++;
      } else {
        const live = [...seeded, ...added];
        const ccID = live[Math.floor(random() * live.length)];
        const fields: Record<string, number> = { ccMonthlyLimit: 500 * (1 + Math.floor(random() * 40)) };
        if (random() < 0.1) fields.ccStatus = [0, 1, 2][Math.floor(random() * 3)] as number;
        await api(base, token, "PUT", "/API/Update/", { table: "tblCC", where: `ccID = ${ccID}`, fields });
        counts.updates++;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return counts;
}

/**
 * The cards' audit entries spread over the last 365 days in the order they were written (so each
 * card's keep theirs), the cards added given their insert's time as their own, and the seeded
 * cards made before the year began: the trail then reads as a year of history.
 */
const SPREAD_OVER_YEAR = `
  with ranked as (
    select "auditID", (row_number() over (order by "auditID") - 1)::float8 / count(*) over () as f
    from "auditLog" where "tableName" = 'tblCC')
  update "auditLog" a set "createdTS" = now() - interval '365 days' + ranked.f * interval '365 days'
  from ranked where a."auditID" = ranked."auditID";
  update "tblCC" c set "createdTS" = a."createdTS" from "auditLog" a
  where a."tableName" = 'tblCC' and a."action" = 'insert' and a."recordKey" = c."ccID"::text;
  update "tblCC" c set "createdTS" = least(c."createdTS", now() - interval '366 days')
  where not exists (select 1 from "auditLog" a
    where a."tableName" = 'tblCC' and a."action" = 'insert' and a."recordKey" = c."ccID"::text);
  analyze "auditLog";
  analyze "tblCC";`;

/** The cards' audit trail after the spread: its entries, and its first and last day. */
const AUDIT_SPAN = `select count(*)::int as "entries", min("createdTS")::date::text as "first", max("createdTS")::date::text as "last"
  from "auditLog" where "tableName" = 'tblCC'`;

interface Span {
  entries: number;
  first: string;
  last: string;
}

/**
 * Runs SQL on the engine of `env` (PostgreSQL beside the server, PGlite's directory with the
 * server stopped), then answers AUDIT_SPAN's row.
 */
async function runSql(env: Record<string, string>, text: string): Promise<Span> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(text);
      return (await client.query<Span>(AUDIT_SPAN)).rows[0] as Span;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(join(env.DATA_DIR as string, "pglite"), { extensions: { pg_trgm } });
  try {
    await db.exec(text);
    return (await db.query<Span>(AUDIT_SPAN)).rows[0] as Span;
  } finally {
    await db.close();
  }
}

/** Stops a server process unless it has ended already. */
async function end(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) await stop(child);
}

/** The year of changes, spread over the year, and the card limits as of a day mid-year (and now, beside them). */
async function measureAsOf(
  engine: string,
  env: Record<string, string>,
  base: string,
  server: { process: ChildProcess },
) {
  let token = await demoToken(base, "admin");
  progress(`${engine}: a year of ${CHANGES} card changes through the API`);
  const started = performance.now();
  const counts = await scriptYear(base, token);
  const writeSeconds = (performance.now() - started) / 1000;
  if (!env.DATABASE_URL) await end(server.process);
  const span = await runSql(env, SPREAD_OVER_YEAR);
  if (!env.DATABASE_URL) {
    server.process = await startServer({ ...env, ...JOBS_OFF }, PORT);
    token = await demoToken(base, "admin");
  }
  const midYear = isoDay(-182);
  row(
    `${engine}: a year of card changes written as admin through the data service (${WRITERS} at a time), then spread over the year in SQL`,
    `${counts.updates} cards changed (limit, a tenth also status), ${counts.inserts} added, ${counts.deletes} deleted in ${writeSeconds.toFixed(0)} s: ${span.entries} audit entries from ${span.first} to ${span.last}`,
    "—",
  );
  for (const grouping of REPORTS.cardLimits.groupings) {
    progress(`${engine}: cardLimits by ${grouping.name} as of ${midYear}`);
    const path = `/API/Reports/cardLimits?by=${grouping.name}&asOf=${midYear}`;
    reportRow(engine, `cardLimits by ${grouping.name} as of ${midYear}`, await timeCalls(base, token, path));
  }
  const now = await timeCalls(base, token, "/API/Reports/cardLimits?by=card");
  reportRow(engine, "cardLimits by card now, after the year (beside it)", now);
}

interface Observed {
  /** Per change, ms from the change to each of processes 2 and 3 showing it. */
  times: number[];
}

/** Asks `GET /API/AppConfig/` every 10 ms until it shows `url`: the ms since `since`. */
async function shown(base: string, token: string, url: string, since: number, limitMs: number): Promise<number> {
  for (;;) {
    const answer = await api<{ timeClockUrl: string }>(base, token, "GET", "/API/AppConfig/");
    const now = performance.now();
    if (answer.timeClockUrl === url) return now - since;
    if (now - since > limitMs) throw new Error(`${base} did not show ${url} within ${limitMs} ms`);
    await sleep(10);
  }
}

/**
 * Three server processes on one PostgreSQL database: the time clock's address changed on the
 * first (PUT, as admin) and watched for on the other two; then changed in SQL with the trigger
 * off, so no notification comes and only each process's own check finds it.
 */
async function measureSettings(env: Record<string, string>, base: string) {
  const others: ChildProcess[] = [];
  try {
    for (const port of [PORT + 1, PORT + 2]) others.push(await startServer({ ...env, ...JOBS_OFF }, port));
    const bases = [base, `http://127.0.0.1:${PORT + 1}`, `http://127.0.0.1:${PORT + 2}`];
    const tokens = await Promise.all(bases.map((b) => demoToken(b, "admin")));
    const watchers = [1, 2].map((i) => ({ base: bases[i] as string, token: tokens[i] as string }));
    const run = Date.now().toString(36);
    const notified: Observed = { times: [] };
    progress(`PostgreSQL: ${SETTING_CHANGES} time-clock changes through PUT /API/Settings/`);
    for (let i = 0; i < SETTING_CHANGES; i++) {
      const url = `https://clock-${run}-${i}.example/`;
      await api(bases[0] as string, tokens[0] as string, "PUT", "/API/Settings/", {
        key: "timeClock",
        values: { url },
      });
      const since = performance.now();
      notified.times.push(...(await Promise.all(watchers.map((w) => shown(w.base, w.token, url, since, 30_000)))));
      await sleep(200);
    }
    const lost: Observed = { times: [] };
    progress(`PostgreSQL: ${SETTING_CHANGES} time-clock changes in SQL with the trigger off`);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      for (let i = 0; i < SETTING_CHANGES; i++) {
        // At a moment of its own against the processes' 5-second timers.
        await sleep(Math.random() * CHECK_MS);
        const url = `https://clock-${run}-lost-${i}.example/`;
        await client.query("begin");
        await client.query("set local session_replication_role = replica");
        await client.query(
          `update "appSetting" set "value" = $1, "version" = "version" + 1, "changedTS" = now() where "key" = 'setting:timeClock'`,
          [JSON.stringify({ url })],
        );
        await client.query(`update "settingChange" set "version" = "version" + 1`);
        await client.query("commit");
        const since = performance.now();
        lost.times.push(...(await Promise.all(watchers.map((w) => shown(w.base, w.token, url, since, CHECK_MS * 4)))));
      }
    } finally {
      await client.end();
    }
    const line = (times: number[]) =>
      `median ${ms(median(times))} ms, p95 ${ms(percentile(times, 0.95))} ms, max ${ms(Math.max(...times))} ms`;
    const n = `${SETTING_CHANGES} changes × processes 2 and 3`;
    const notifiedMax = Math.max(...notified.times);
    row(
      `PostgreSQL, 3 server processes: the time clock changed on process 1 (PUT /API/Settings/) → shown by GET /API/AppConfig/ on processes 2 and 3, asked every 10 ms (${n})`,
      line(notified.times),
      `< ${NOTIFIED_AIM_MS} ms: ${notifiedMax < NOTIFIED_AIM_MS ? "met" : "**missed**"}`,
    );
    const lostMax = Math.max(...lost.times);
    row(
      `PostgreSQL, 3 server processes: the same changed in SQL with the trigger off (no notification) → shown on processes 2 and 3 (${n}, each at a random moment)`,
      line(lost.times),
      `< ${CHECK_MS} ms (the check interval): ${lostMax < CHECK_MS ? "met" : "**missed**"}`,
    );
  } finally {
    for (const other of others) await end(other);
  }
}

/** What a chunk of the web build imports: statically (loaded with it), and on demand (import()). */
function importsOf(text: string) {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  for (const m of text.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) eager.add(m[1] as string);
  for (const m of text.matchAll(/import\(\s*[`"']\.\/([\w.-]+\.js)[`"']\s*\)/g)) lazy.add(m[1] as string);
  return { eager, lazy };
}

/**
 * The reports page's chunk and what it alone pulls in, gzipped; and that the first page (login)
 * and Home load none of it. The build's entry (index.html's script) only imports the app's boot
 * chunk, whose router imports each page on demand: the first page is the entry, boot and the
 * login page with what they import; a chunk the reports page imports that another page also
 * imports is shared, not its own.
 */
function webChunks() {
  const dist = join(root, "apps/web/dist");
  const assets = join(dist, "assets");
  const files = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const texts = new Map(files.map((name) => [name, readFileSync(join(assets, name), "utf8")]));
  const graph = new Map([...texts].map(([name, text]) => [name, importsOf(text)]));
  const closure = (...starts: string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const next of graph.get(name)?.eager ?? []) visit(next);
    };
    for (const start of starts) visit(start);
    return seen;
  };
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const entry = html.match(/<script[^>]*src="\/webapp\/assets\/([\w.-]+\.js)"/)?.[1];
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/webapp\/assets\/([\w.-]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const page = (prefix: string) => files.find((name) => new RegExp(`^${prefix}-[\\w-]+\\.js$`).test(name));
  const reports = page("ReportsPage");
  const login = page("LoginPage");
  const home = page("HomePage");
  const shell = page("ShellLayout");
  if (!entry || !reports || !login || !home) throw new Error("no web build: run npm run build first");
  const boot = [...(graph.get(entry)?.lazy ?? [])];
  const first = closure(entry, ...preloads, ...boot, login);
  const own = [...closure(reports)].filter((name) => !first.has(name));
  // The pages the router imports on demand: what their closures hold besides the reports page's is shared.
  const pages = boot.flatMap((name) => [...closure(name)]).flatMap((name) => [...(graph.get(name)?.lazy ?? [])]);
  const others = closure(...pages.filter((name) => name !== reports));
  const alone = own.filter((name) => !others.has(name));
  const shared = own.filter((name) => others.has(name));
  const gz = (names: Iterable<string>) =>
    [...names].reduce((sum, name) => sum + gzipSync(texts.get(name) as string).length, 0);
  const raw = (names: Iterable<string>) =>
    [...names].reduce((sum, name) => sum + Buffer.byteLength(texts.get(name) as string), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const charts = files.filter((name) => texts.get(name)?.includes("recharts-surface"));
  const named = (names: Iterable<string>) => [...names].map((name) => name.replace(/-[\w-]{8}\.js$/, ".js")).join(", ");
  row(
    `web build: the reports page's chunk and the chunks it alone pulls in (${named(alone)})`,
    `${kb(gz(alone))} gzipped (${kb(raw(alone))} raw); recharts and @mantine/charts are in ${named(charts)}`,
    "—",
  );
  if (shared.length > 0) {
    row(
      "web build: chunks the reports page loads beyond the first page's that other pages share",
      `${kb(gz(shared))} gzipped (${shared.length} chunks: ${named(shared)})`,
      "—",
    );
  }
  // On demand, and what that imports on demand in turn (the workbook's library).
  const later = new Set<string>();
  const pending = own.flatMap((name) => [...(graph.get(name)?.lazy ?? [])]);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const reached of closure(name)) {
      if (later.has(reached) || first.has(reached)) continue;
      later.add(reached);
      pending.push(...(graph.get(reached)?.lazy ?? []));
    }
  }
  const onClick = [...later].filter((name) => !first.has(name) && !own.includes(name));
  if (onClick.length > 0) {
    row(
      "web build: what the reports page imports on demand (its Excel export and the workbook library, when Export is clicked; shared with the searches' export)",
      `${kb(gz(onClick))} gzipped: ${named(onClick)}`,
      "—",
    );
  }
  const loads = (names: Set<string>) => [reports, ...alone, ...charts].filter((name) => names.has(name));
  const firstLoads = loads(first);
  const homeLoads = loads(closure(home, ...(shell ? [shell] : [])));
  const met = firstLoads.length === 0 && homeLoads.length === 0 ? "met" : "**missed**";
  row(
    `web build: what the first page (index.html: ${preloads.length} modulepreload links, its script and boot; the login chunk) and Home (its chunk and the shell's, with their imports) load of it`,
    `first page: ${firstLoads.length === 0 ? "none" : named(firstLoads)}; Home: ${homeLoads.length === 0 ? "none" : named(homeLoads)}`,
    `none: ${met}`,
  );
}

async function main() {
  if (process.env.TIME_CLOCK_URL) throw new Error("TIME_CLOCK_URL is set: it would win over the setting measured");
  const started = performance.now();
  await onSeededEngines({ postgres: SCALE, pglite: SCALE }, async (engine, env) => {
    const base = `http://127.0.0.1:${PORT}`;
    const server = { process: await startServer({ ...env, ...JOBS_OFF }, PORT) };
    try {
      const token = await demoToken(base, "admin");
      const stopped = await measureReports(engine, base, token);
      if (stopped.length > 0) {
        await end(server.process);
        await measureUnbounded(engine, env, base, stopped);
        server.process = await startServer({ ...env, ...JOBS_OFF }, PORT);
      }
      await measureAsOf(engine, env, base, server);
      if (env.DATABASE_URL) await measureSettings(env, base);
    } finally {
      await end(server.process);
    }
  });
  webChunks();
  console.log(
    `\nSettings and reports (issue 37), ${isoDay(0)}, scale ${SCALE}, ${cpus()[0]?.model} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; the run took ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  console.log("| measure | result | aim |\n| --- | --- | --- |");
  for (const line of rows) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
