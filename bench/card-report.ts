/**
 * The card report and the statement import of issue 20 through the API, on PostgreSQL with the
 * demo company at `--scale 20` (480 cards) and a year of charges on top (BENCH_CHARGES_PER_DAY
 * per card, default 1: 175,200 charges). The report's calls as its page sends them for the
 * year: the first 50 charges with their total, and the four totals (by card, employee, project
 * and month); then a 5,000-line statement previewed and imported into a card of its own.
 * Each report call BENCH_REQUESTS times (default 100) after BENCH_WARMUP (10); the import
 * BENCH_IMPORTS times (default 5), each into a fresh card. Prints Markdown for bench/RESULTS.md.
 *
 * The database is BENCH_DATABASE (default `bench_card_report`) on the server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres): dropped, made and seeded (BENCH_RESEED=0
 * measures the one left by a previous run instead).
 */
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { CARD_REPORT, NON_PROJECT_EXPENSES, type SearchPage, TOTALS_PAGE_GROUPS } from "@office/core";
import pg from "pg";
import { tokenOf } from "./app.js";
import { median, percentile, root, seedPostgres, startProcess, statementCsv, stop, timedCalls } from "./processes.js";

const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const PER_DAY = Number(process.env.BENCH_CHARGES_PER_DAY ?? 1);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 5);
const DATABASE = process.env.BENCH_DATABASE ?? "bench_card_report";
const RESEED = process.env.BENCH_RESEED !== "0";
const PORT = 3542;
const REPORT_AIM_MS = 300;
const IMPORT_AIM_MS = 3_000;
const STATEMENT_LINES = 5_000;
const progress = (line: string) => process.stderr.write(`${line}\n`);

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`BENCH_DATABASE ${DATABASE}: a plain lower-case name`);
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DATABASE}`;

const day = (d: Date) => d.toISOString().slice(0, 10);
const today = new Date();
const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>("show server_version")).rows[0]?.server_version;
  if (RESEED) {
    progress(`dropping, making and seeding ${DATABASE} at scale ${SCALE}`);
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  }
  await admin.end();
  const db = new pg.Client({ connectionString: benchUrl.toString() });
  if (RESEED) {
    await seedPostgres(benchUrl.toString(), SCALE);
    await db.connect();
    progress(`a year of charges: ${PER_DAY} a day on each card`);
    await db.query(
      `insert into "tblCCCharge" ("ccID", "empID", "projectID", "ccChargeDate", "ccChargeAmount", "ccChargeMerchant", "ccChargeSource")
       select c."ccID", case when random() < 0.8 then c."empID" end,
         case when random() < 0.7 then 1 + (random() * (select max("projectID") - 1 from "tblProject"))::int end,
         current_date - d, round((5 + random() * 495)::numeric, 2), 'Merchant ' || (random() * 50)::int, 'statement'
       from "tblCC" c cross join generate_series(1, 365) d cross join generate_series(1, ${PER_DAY}) k`,
    );
    await db.query("analyze");
  } else await db.connect();
  const counts = (await db.query<{ n: number }>(`select count(*)::int as n from "tblCCCharge"`)).rows[0]?.n;
  const holder = (await db.query<{ empID: number }>(`select "empID" from "tblEmployee" where "empID" = 1`)).rows[0]
    ?.empID;

  const base = `http://127.0.0.1:${PORT}`;
  const server = await startProcess(
    [join(root, "apps/server/dist/main.js")],
    { PORT: String(PORT), HOST: "127.0.0.1", DATABASE_URL: benchUrl.toString(), SEED_DEMO: "false" },
    `${base}/readyz`,
  );
  try {
    const token = await tokenOf(base, "admin");
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const where = `ccChargeDate >= '${day(yearAgo)}' AND ccChargeDate <= '${day(today)}'`;
    const get = async (path: string, params: Record<string, string>) => {
      const response = await fetch(`${base}${path}?${new URLSearchParams(params)}`, { headers });
      const body = (await response.json()) as { meta?: { TotalRecords?: number } };
      if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    // As the page asks (features/searches/totals-query.ts): the first groups a page shows, in
    // each table's order (the largest first, the months in theirs).
    const rowLimit = String(TOTALS_PAGE_GROUPS);
    const totalsOf = (page: SearchPage, named: string) =>
      page.totals.map(
        ({ by, order }) =>
          [
            `${named}: a year's totals by ${by}${order === "total" ? ", largest first" : ""}`,
            () => get("/API/Totals/", { table: page.list.name, by, where, rowLimit, ...(order ? { order } : {}) }),
          ] as [string, () => Promise<{ meta?: { TotalRecords?: number } }>],
      );
    const calls: Array<[string, () => Promise<{ meta?: { TotalRecords?: number } }>]> = [
      [
        "a year's charges, the first 50 with the total",
        () =>
          get("/API/Query/", {
            table: "vwCardCharges",
            where,
            order: "ccChargeDate DESC, ccChargeID DESC",
            rowLimit: "50",
          }),
      ],
      ...totalsOf(CARD_REPORT, "report"),
      ...totalsOf(NON_PROJECT_EXPENSES, "non-project expenses"),
    ];
    const lines: string[] = [];
    for (const [name, call] of calls) {
      progress(`${name}: ${WARMUP} warm-up, ${REQUESTS} measured`);
      const { answer, times } = await timedCalls(call, WARMUP, REQUESTS);
      const p95 = percentile(times, 0.95);
      lines.push(
        `| ${name} | ${answer.meta?.TotalRecords ?? "?"} | ${median(times).toFixed(0)} | ${p95.toFixed(0)} | ${p95 < REPORT_AIM_MS ? "yes" : "no"} |`,
      );
    }

    progress(`a ${STATEMENT_LINES}-line statement, previewed and imported ${IMPORTS} times`);
    const previews: number[] = [];
    const imports: number[] = [];
    for (let i = 0; i < IMPORTS; i++) {
      const { rows } = await db.query<{ ccID: number }>(
        `insert into "tblCC" ("empID", "ccName", "ccLastFour", "ccMonthlyLimit") values ($1, 'Bench import', '0042', 10000) returning "ccID"`,
        [holder],
      );
      const csv = statementCsv(STATEMENT_LINES, i);
      const send = async (preview: boolean) => {
        const started = performance.now();
        const response = await fetch(`${base}/API/CreditCard/Statements`, {
          method: "POST",
          headers,
          body: JSON.stringify({ ccID: rows[0]?.ccID, fileName: "bench.csv", csv, preview }),
        });
        const body = (await response.json()) as { counts?: { lines: number } };
        if (!response.ok || body.counts?.lines !== STATEMENT_LINES) throw new Error(JSON.stringify(body).slice(0, 300));
        return performance.now() - started;
      };
      previews.push(await send(true));
      imports.push(await send(false));
    }
    const cpu = cpus()[0]?.model ?? "?";
    console.log(
      `\nPostgreSQL ${version}, scale ${SCALE}, ${counts} charges, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${day(today)}\n`,
    );
    console.log(`| call | groups or rows | median ms | p95 ms | p95 under ${REPORT_AIM_MS} ms |`);
    console.log("| --- | ---: | ---: | ---: | --- |");
    for (const line of lines) console.log(line);
    console.log(`\n| statement of ${STATEMENT_LINES} lines | median ms | slowest ms | under ${IMPORT_AIM_MS} ms |`);
    console.log("| --- | ---: | ---: | --- |");
    for (const [name, times] of [
      ["preview", previews],
      ["import (one transaction)", imports],
    ] as const) {
      const slowest = Math.max(...times);
      console.log(
        `| ${name} | ${median(times).toFixed(0)} | ${slowest.toFixed(0)} | ${slowest < IMPORT_AIM_MS ? "yes" : "no"} |`,
      );
    }
  } finally {
    await stop(server);
    await db.end();
  }
}

await main();
