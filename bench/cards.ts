/**
 * The inbox count of issue 20 through the API, on PostgreSQL: 2,000 employees in a six-level
 * manager hierarchy (one head, then 5, 25, 125, 625 and 1,219 under them), a card for each
 * of the 781 managers, and 100,000 requests by the holders' teams, 3% of them waiting for the
 * holder and 1% over the limit waiting for page 45. The count is asked
 * (`POST /API/ExecuteQuery/ pendingApprovalCount`) as the head (every employee is in their
 * team, and they approve over-limit requests), as a level-2 and a level-4 holder, and the
 * inbox's list as the head. Each BENCH_REQUESTS times (default 300) after BENCH_WARMUP (30).
 * Prints a Markdown table for bench/RESULTS.md.
 *
 * The database is BENCH_DATABASE (default `bench_cards`) on the server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres): dropped, made, seeded at scale 1
 * and filled as above, then left in place for EXPLAIN in psql.
 */
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { tokenOf } from "./app.js";
import { median, percentile, root, seedPostgres, startProcess, stop, timedCalls } from "./processes.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const DATABASE = process.env.BENCH_DATABASE ?? "bench_cards";
const PORT = 3541;
const AIM_MS = 20;
const EMPLOYEES = 2_000;
const LEVELS = [1, 5, 25, 125, 625];
const CARD_REQUESTS = 100_000;
const progress = (line: string) => process.stderr.write(`${line}\n`);

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`BENCH_DATABASE ${DATABASE}: a plain lower-case name`);
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DATABASE}`;

/** The hierarchy, the cards and the requests, in a few set-based statements; answers who to ask as. */
async function fill(db: pg.Client): Promise<{ head: number; level2: number; level4: number }> {
  // The demo's own requests would blur what is measured.
  await db.query(`delete from "tblCCCharge"`);
  await db.query(`delete from "tblCCPermission"`);
  const { rows } = await db.query<{ first: number }>(
    `insert into "tblEmployee" ("empFirstName", "empLastName", "empActive")
       select 'Bench', 'Employee ' || n, 1 from generate_series(1, ${EMPLOYEES}) n
     returning "empID" as first`,
  );
  const ids = rows.map((r) => r.first);
  // Level by level: each employee's manager is one of the level above, round robin.
  let above = [ids[0] as number];
  let next = 1;
  const levels: number[][] = [above];
  for (const size of [...LEVELS.slice(1), EMPLOYEES - LEVELS.reduce((a, b) => a + b, 0)]) {
    const level = ids.slice(next, next + size);
    next += size;
    await db.query(
      `update "tblEmployee" e set "empManagerID" = m.manager
       from unnest($1::int[], $2::int[]) m(emp, manager) where e."empID" = m.emp`,
      [level, level.map((_, i) => above[i % above.length])],
    );
    levels.push(level);
    above = level;
  }
  const head = ids[0] as number;
  const managers = levels.slice(0, 5).flat();
  await db.query(
    `insert into "tblCC" ("empID", "ccName", "ccLastFour", "ccMonthlyLimit")
     select m, 'Bench card', lpad((m % 10000)::text, 4, '0'), 10000 from unnest($1::int[]) m`,
    [managers],
  );
  // Requests by a random member of the holder's team; 3% waiting for the holder, 1% over the
  // limit waiting for page 45, the rest decided.
  await db.query(
    `insert into "tblCCPermission" ("ccID", "empID", "ccPermissionAmount", "ccPermissionPurpose",
       "ccPermissionOverLimit", "ccPermissionCCUsedApprovalStatus", "ccPermissionOverLimitApprovalStatus",
       "ccPermissionRequestedTS")
     select c."ccID", t."empID", 25.00, 'Bench', case when r < 0.01 then 1 else 0 end,
       case when r < 0.01 then 1 when r < 0.04 then 0 when r < 0.9 then 1 else 2 end,
       case when r < 0.01 then 0 else 1 end,
       now() - (random() * interval '60 days')
     from generate_series(1, ${CARD_REQUESTS}) n
     cross join lateral (select random() as r, n as k) x
     cross join lateral (select "ccID", "empID" as holder from "tblCC" where "ccName" = 'Bench card'
       order by "ccID" offset (n % ${managers.length}) limit 1) c
     cross join lateral (select array(select "empID" from "fnTeam"(c.holder)) as team) a
     cross join lateral (select a.team[1 + n % nullif(cardinality(a.team), 0)] as "empID") t
     where t."empID" is not null`,
  );
  const { rows: admins } = await db.query<{ passwordHash: string }>(
    `select "passwordHash" from "authAccount" where username = 'admin'`,
  );
  const asUser = async (empID: number, username: string, page45: boolean) => {
    await db.query(`insert into "authAccount" ("empID", username, "passwordHash") values ($1, $2, $3)`, [
      empID,
      username,
      admins[0]?.passwordHash,
    ]);
    await db.query(
      `insert into "tblPermission" ("empID", "permissionPageID", "permissionView") values ($1, 1, 1)${page45 ? ", ($1, 45, 1)" : ""}`,
      [empID],
    );
  };
  const level2 = levels[1]?.[0] as number;
  const level4 = levels[3]?.[0] as number;
  await asUser(head, "bench_head", true);
  await asUser(level2, "bench_level2", false);
  await asUser(level4, "bench_level4", false);
  // A settled database, as one in use is: autovacuum would otherwise run during the first calls.
  await db.query("vacuum analyze");
  return { head, level2, level4 };
}

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>("show server_version")).rows[0]?.server_version;
  progress(`dropping, making and seeding ${DATABASE}`);
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  await seedPostgres(benchUrl.toString(), 1);
  const db = new pg.Client({ connectionString: benchUrl.toString() });
  await db.connect();
  progress(`${EMPLOYEES} employees in six levels, ${CARD_REQUESTS} requests`);
  await fill(db);
  const counts = await db.query<{ n: number; waiting: number }>(
    `select count(*)::int as n, count(*) filter (where "ccPermissionCCUsedApprovalStatus" = 0)::int as waiting from "tblCCPermission"`,
  );
  await db.end();

  const base = `http://127.0.0.1:${PORT}`;
  const server = await startProcess(
    [join(root, "apps/server/dist/main.js")],
    { PORT: String(PORT), HOST: "127.0.0.1", DATABASE_URL: benchUrl.toString(), SEED_DEMO: "false" },
    `${base}/readyz`,
  );
  try {
    const lines: string[] = [];
    const cases: Array<[string, string, "count" | "inbox"]> = [
      ["count as the head (all 1,999 in the team, page 45)", "bench_head", "count"],
      ["count as a level-2 holder (399 in the team)", "bench_level2", "count"],
      ["count as a level-4 holder (about 10 in the team)", "bench_level4", "count"],
      ["inbox as the head (the 100 oldest, with the total)", "bench_head", "inbox"],
    ];
    for (const [name, username, kind] of cases) {
      const token = await tokenOf(base, username);
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const call = async () => {
        const response =
          kind === "count"
            ? await fetch(`${base}/API/ExecuteQuery/`, {
                method: "POST",
                headers,
                body: JSON.stringify({ query: "pendingApprovalCount" }),
              })
            : await fetch(`${base}/API/CreditCard/Inbox`, { headers });
        const body = (await response.json()) as {
          data: Array<{ TotalCount?: number }>;
          meta?: { TotalRecords: number };
        };
        if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
        return kind === "count" ? (body.data[0]?.TotalCount ?? 0) : (body.meta?.TotalRecords ?? 0);
      };
      progress(`${name}: ${WARMUP} warm-up, ${REQUESTS} measured`);
      const { answer, times } = await timedCalls(call, WARMUP, REQUESTS);
      const p99 = percentile(times, 0.99);
      lines.push(
        `| ${name} | ${answer} | ${median(times).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${p99.toFixed(1)} | ${p99 < AIM_MS ? "yes" : "no"} |`,
      );
    }
    const cpu = cpus()[0]?.model ?? "?";
    console.log(
      `\nPostgreSQL ${version}, ${counts.rows[0]?.n} requests (${counts.rows[0]?.waiting} waiting for a holder), ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${new Date().toISOString().slice(0, 10)}\n`,
    );
    console.log(`| call | answer | median ms | p95 ms | p99 ms | p99 under ${AIM_MS} ms |`);
    console.log("| --- | ---: | ---: | ---: | ---: | --- |");
    for (const line of lines) console.log(line);
  } finally {
    await stop(server);
  }
}

await main();
