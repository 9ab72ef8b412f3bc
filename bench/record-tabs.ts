/**
 * Issue 34's measures on PostgreSQL with the demo company at `--scale 20` (60,000 projects,
 * 1,000,000 notes, 8,000 clients), signed in as `admin`, each call sent BENCH_REQUESTS times
 * (default 200) one after another after BENCH_WARMUP (default 20) unmeasured ones:
 *
 * - a record page's tab counts: for each area with a record page and related lists, the reads
 *   its tabs send when the page opens (core's child lists, as RecordTabs' useTally sends them:
 *   a one-row Query for a count, the list's Totals for hours), in parallel, rotating records;
 * - the palette's record search after its pause: every area's query for a word, in parallel;
 * - the header's project dropdown after its pause (open projects, 50 rows);
 * - the notifications list and a table's deleted records (administrators).
 *
 * The time runs from sending to the last answer's body read. Prints a Markdown table for
 * bench/RESULTS.md. The database is BENCH_DATABASE (default `bench_projects`, shared with
 * projects.ts) on the server of DATABASE_URL: made and seeded at BENCH_SCALE (default 20)
 * unless BENCH_RESEED=0 and it is there already (processes.ts, seededDatabase).
 */
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import {
  AREAS,
  OPERATIONS,
  PALETTE_AREAS,
  PROJECT_DROPDOWN_ROW_LIMIT,
  paletteRecordQuery,
  projectSearchWhere,
  whereEquals,
} from "@office/core";
import { tokenOf } from "./app.js";
import { benchDatabase, median, percentile, root, seededDatabase, startProcess, stop } from "./processes.js";

const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const DATABASE = benchDatabase("bench_projects");
const RESEED = process.env.BENCH_RESEED !== "0";
const SERVER = process.env.BENCH_SERVER ?? join(root, "apps/server/dist/main.js");
const PORT = 3543;
const AIM_MS = 100;
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** Words a person types in the palette and the header's search: common ones and narrower ones. */
const WORDS = ["Riverside", "Oak", "Library", "Smith", "HVAC", "Granite", "Fire", "Willow", "Center", "Park"];

interface Call {
  name: string;
  /** The URLs the i-th round sends, in parallel. */
  urls(i: number): string[];
}

async function main() {
  const postgres = await seededDatabase(DATABASE, SCALE, RESEED);
  const base = `http://127.0.0.1:${PORT}`;
  const server = await startProcess(
    [SERVER],
    { PORT: String(PORT), HOST: "127.0.0.1", DATABASE_URL: DATABASE.url, SEED_DEMO: "false" },
    `${base}/readyz`,
  );
  try {
    const token = await tokenOf(base, "admin");
    const headers = { authorization: `Bearer ${token}` };
    const get = async (url: string) => {
      const response = await fetch(url, { headers });
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status} for ${url}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as { data?: Array<Record<string, unknown>> };
    };
    const api = (path: string, params: Record<string, string | number>) =>
      `${base}/API/${path}/?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

    const calls: Call[] = [];
    for (const area of AREAS.filter((a) => a.recordPath && a.children.length > 0)) {
      // Records spread over the table: the newest and the oldest by key.
      const keys = await get(
        api("Query", {
          table: area.list.name,
          fields: area.resource.key,
          order: `${area.resource.key} DESC`,
          rowLimit: 100,
        }),
      );
      const ids = (keys.data ?? []).map((row) => row[area.resource.key] as number);
      if (ids.length === 0) continue;
      const tallies = (id: number) =>
        area.children.map((child) => {
          const list = child.list ?? child.resource;
          const where = whereEquals(child.foreignKey, id);
          const by = Object.keys(list.totals?.by ?? {})[0];
          return child.tally === "hours" && by
            ? api("Totals", { table: list.name, by, where, rowLimit: 1 })
            : api("Query", { table: list.name, fields: list.key, where, rowLimit: 1 });
        });
      calls.push({
        name: `${area.recordTitle} page: its ${area.children.length} tab counts (${area.children.map((c) => c.title).join(", ")})`,
        urls: (i) => tallies(ids[i % ids.length] as number),
      });
    }
    calls.push({
      name: `palette: every area's records for a word (${PALETTE_AREAS.length} in parallel)`,
      urls: (i) =>
        PALETTE_AREAS.flatMap((area) => {
          const query = paletteRecordQuery(area, WORDS[i % WORDS.length] ?? "");
          return query ? [api("Query", query as unknown as Record<string, string>)] : [];
        }),
    });
    calls.push({
      name: "header search: open projects for a word, 50 rows",
      urls: (i) => [
        api("Query", {
          table: "vwProjectSearch",
          fields: "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber",
          where: projectSearchWhere(WORDS[i % WORDS.length] ?? ""),
          order: "projectID DESC",
          rowLimit: PROJECT_DROPDOWN_ROW_LIMIT,
        }),
      ],
    });
    calls.push({
      name: "header search: closed projects too, 50 rows",
      urls: (i) => [
        api("Query", {
          table: "vwProjectSearch",
          fields: "projectID,projectName",
          where: projectSearchWhere(WORDS[i % WORDS.length] ?? "", true),
          order: "projectID DESC",
          rowLimit: PROJECT_DROPDOWN_ROW_LIMIT,
        }),
      ],
    });
    calls.push({
      name: "notifications: the newest 50 and the unread count",
      urls: () => [`${base}${OPERATIONS.myNotifications.path}`],
    });
    calls.push({
      name: "deleted time notes not back (administrators), the newest 50",
      urls: () => [`${base}${OPERATIONS.deletedRecords.path}?table=tblProjectNotes`],
    });

    const rows: string[] = [];
    for (const call of calls) {
      progress(call.name);
      for (let i = 0; i < WARMUP; i++) await Promise.all(call.urls(i).map(get));
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await Promise.all(call.urls(i).map(get));
        times.push(performance.now() - started);
      }
      const p99 = percentile(times, 0.99);
      rows.push(
        `| ${call.name} | ${median(times).toFixed(1)} | ${percentile(times, 0.9).toFixed(1)} | ${p99.toFixed(1)} | ${p99 < AIM_MS ? "yes" : "no"} |`,
      );
    }
    console.log(
      `PostgreSQL ${postgres}, demo company at --scale ${SCALE}, ${REQUESTS} rounds each after ${WARMUP}; ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${Math.round(totalmem() / 2 ** 30)} GiB\n`,
    );
    console.log(`| reads | median ms | p90 ms | p99 ms | p99 under ${AIM_MS} ms |\n| --- | --- | --- | --- | --- |`);
    for (const row of rows) console.log(row);
  } finally {
    await stop(server);
  }
}

await main();
