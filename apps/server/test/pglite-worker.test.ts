import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { asRead } from "../src/db/caller.js";
import { DatabaseUnavailableError } from "../src/db/errors.js";
import { pglitePool } from "../src/db/pglite-pool.js";
import { StatementStoppedError, startPgliteWorker } from "../src/db/pglite-worker-client.js";
import { classify } from "../src/http/error-handler.js";
import { useTestApp } from "./support/context.js";
import { ENGINES, emptyPgliteDataDir } from "./support/engines.js";
import { listening } from "./support/event-stream.js";

const pglite = ENGINES.find((engine) => engine.name === "pglite");
if (!pglite) throw new Error("PGlite is always a test engine");

// About a second of PGlite's work on an idle machine: a cross join that can be neither
// skipped nor answered from an index.
const SIDE = 3000;
const SLOW_TEXT = `select count(*)::int as n
  from generate_series(1, ${SIDE}) a, generate_series(1, ${SIDE}) b where (a * b) % 7 = 3`;
const SLOW = sql.raw<{ n: number }>(SLOW_TEXT);
const slowCount = () => {
  const residues = Array<number>(7).fill(0);
  for (let a = 1; a <= SIDE; a++) residues[a % 7] = (residues[a % 7] ?? 0) + 1;
  let n = 0;
  for (const [r, rs] of residues.entries())
    for (const [s, ss] of residues.entries()) if ((r * s) % 7 === 3) n += rs * ss;
  return n;
};
// Below this the statement proves nothing about a thread being blocked by it.
const SLOW_ENOUGH_MS = 250;
const ACQUIRE_TIMEOUT_MS = 100;

const since = (start: number) => performance.now() - start;

/**
 * The longest wait of this thread's event loop between ticks of a 10 ms interval, the last
 * up to stop(): a loop blocked from the start to the end is seen too (perf_hooks'
 * monitorEventLoopDelay records nothing for a block before its first tick).
 */
function loopGaps() {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 10);
  return {
    stop() {
      tick();
      clearInterval(timer);
      return longest;
    },
  };
}

describe("PGlite in its own thread", () => {
  const t = useTestApp(pglite, { engine: { poolAcquireTimeoutMs: ACQUIRE_TIMEOUT_MS } });
  let base: string;
  let token: string;
  beforeAll(async () => {
    base = await listening(t.app);
    token = await t.staff.token();
  });

  it("leaves this thread's event loop free during a slow statement, and refuses a connection waiting behind it", async () => {
    const db = t.db;
    const loop = loopGaps();
    const start = performance.now();
    const slow = SLOW.execute(db).then(({ rows }) => ({ n: rows[0]?.n, ms: since(start) }));
    const behind = sql`select 1`.execute(db).then(
      () => ({ granted: true, ms: since(start) }),
      (error: unknown) => ({ error, ms: since(start) }),
    );
    const [done, waited] = await Promise.all([slow, behind]);
    const longestGap = loop.stop();

    expect(done.n).toBe(slowCount());
    expect(done.ms).toBeGreaterThan(SLOW_ENOUGH_MS);
    expect(waited).toMatchObject({ error: expect.any(DatabaseUnavailableError) });
    expect(waited.ms).toBeLessThan(done.ms);
    // Blocked, the loop would have waited the whole statement between two ticks.
    expect(longestGap).toBeLessThan(done.ms / 4);
  });

  it("answers /healthz, and 503 where the database is needed, while a slow statement runs", async () => {
    const start = performance.now();
    const slow = SLOW.execute(t.db).then(() => since(start));
    const answered = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, ms: since(start) };
    };
    const [health, employees] = await Promise.all([answered("/healthz"), answered("/API/EmployeeInfo/")]);
    const slowMs = await slow;

    expect(slowMs).toBeGreaterThan(SLOW_ENOUGH_MS);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(slowMs);
    expect(employees.status).toBe(503);
    expect(employees.ms).toBeLessThan(slowMs);
  });

  it("brings back values as the driver parses them, in the company's zone", async () => {
    const { rows } = await sql<Record<string, unknown>>`select 9007199254740991::int8 as big, '2026-12-01'::date as day,
      '2026-06-15 12:00:00+00'::timestamptz as at, '\\x0102'::bytea as bytes, '{"a":[1]}'::jsonb as doc,
      current_setting('TimeZone') as zone`.execute(t.db);
    expect(rows[0]).toEqual({
      big: Number.MAX_SAFE_INTEGER,
      day: "2026-12-01",
      at: new Date("2026-06-15T12:00:00Z"),
      bytes: new Uint8Array([1, 2]),
      doc: { a: [1] },
      zone: "America/New_York",
    });
  });

  it("raises PostgreSQL's errors with the fields the error handler reads", async () => {
    const db = t.db;
    await sql`create temporary table pair (id int constraint pair_pk primary key)`.execute(db);
    await sql`insert into pair values (1)`.execute(db);
    const error = await sql`insert into pair values (1)`.execute(db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "pair_pk",
      table: "pair",
      detail: "Key (id)=(1) already exists.",
      severity: "ERROR",
      message: expect.stringContaining("pair_pk"),
    });
    expect(classify(error).statusCode).toBe(409);
  });

  it("hears NOTIFY until it stops listening", async () => {
    const db = t.db;
    const heard: string[] = [];
    const stop = await t.database.listen("pglite_worker_test", {
      onPayload: (payload) => heard.push(payload),
      onGap: () => {},
    });
    await sql`select pg_notify('pglite_worker_test', 'one')`.execute(db);
    expect(heard).toEqual(["one"]);
    stop();
    // The unlisten holds the one connection: this statement runs after it.
    await sql`select pg_notify('pglite_worker_test', 'two')`.execute(db);
    expect(heard).toEqual(["one"]);
  });
});

/** A thread over an empty cluster of its own, on disk (where a read's budget applies). */
async function emptyThread() {
  const dataDir = (await emptyPgliteDataDir()) ?? mkdtempSync(join(tmpdir(), "office-pglite-"));
  return startPgliteWorker({ dataDir: join(dataDir, "pglite"), companyTimeZone: "UTC" });
}

describe("a PGlite thread that ends", () => {
  it("answers the statement in flight and every later one with 503, without taking the process down", async () => {
    const thread = await emptyThread();
    const pool = pglitePool(thread, ACQUIRE_TIMEOUT_MS);
    const client = await pool.connect();
    const inFlight = client.query(SLOW_TEXT, []).catch((e: unknown) => e);
    await thread.thread.terminate();
    const failure = await inFlight;
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(classify(failure).statusCode).toBe(503);
    await expect(client.query("select 1", [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    client.release();
    await pool.end();
  });

  it("closes by ending its thread", async () => {
    const thread = await emptyThread();
    expect((await thread.query("select 1 as one", [])).rows).toEqual([{ one: 1 }]);
    const exited = once(thread.thread, "exit");
    await thread.close();
    await exited;
    await expect(thread.query("select 1", [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});

// Each test opens a cluster, and a stop opens it again: 4-5 s on an idle machine, over 30 s
// where `npm test` runs this suite at a lower priority beside the browser suite.
describe("a data-service read over its budget on PGlite", { timeout: 120_000 }, () => {
  const BUDGET_MS = 100;
  const timed = async <T>(work: Promise<T>) => {
    const start = performance.now();
    const outcome = await work.catch((error: unknown) => error);
    return { outcome, ms: since(start) };
  };

  it("is stopped with its thread; other statements run to their end, and the data and listens carry on", async () => {
    const thread = await emptyThread();
    const pool = pglitePool(thread, 60_000, BUDGET_MS);
    const run = async (text: string, read = false) => {
      const client = await pool.connect();
      try {
        return (await (read ? asRead(() => client.query(text, [])) : client.query(text, []))).rows;
      } finally {
        client.release();
      }
    };
    await run("create table kept (n int)");
    await run("insert into kept values (1)");
    const heard: string[] = [];
    await thread.listen("budget_test", (payload) => heard.push(payload));
    const first = thread.thread;

    const whole = await timed(run(SLOW_TEXT));
    expect(whole.outcome).toEqual([{ n: slowCount() }]);
    expect(whole.ms).toBeGreaterThan(SLOW_ENOUGH_MS);
    const read = await timed(run(SLOW_TEXT, true));
    expect(read.outcome).toBeInstanceOf(StatementStoppedError);
    expect(read.outcome).toMatchObject({ code: "57014" });
    expect(classify(read.outcome).statusCode).toBe(503);
    expect(read.ms).toBeLessThan(whole.ms / 2);

    expect(thread.thread).not.toBe(first);
    expect(await run("select n from kept")).toEqual([{ n: 1 }]);
    await run("select pg_notify('budget_test', 'after')");
    expect(heard).toEqual(["after"]);

    // Stopped again with a transaction waiting for the new thread: it runs after the listens
    // are made, so its rollback cannot undo them.
    const stopped = run(SLOW_TEXT, true).catch((error: unknown) => error);
    const rolledBack = (async () => {
      const client = await pool.connect();
      await client.query("begin", []);
      await client.query("select 1", []);
      await client.query("rollback", []);
      client.release();
    })();
    expect(await stopped).toBeInstanceOf(StatementStoppedError);
    await rolledBack;
    await run("select pg_notify('budget_test', 'after a rollback')");
    expect(heard).toEqual(["after", "after a rollback"]);
    await pool.end();
  });

  it("opens no new thread when a read is stopped while the database closes", async () => {
    const thread = await emptyThread();
    const pool = pglitePool(thread, 60_000, BUDGET_MS);
    const client = await pool.connect();
    const first = thread.thread;
    const read = asRead(() => client.query(SLOW_TEXT, [])).catch((error: unknown) => error);
    await pool.end();
    expect(await read).toBeInstanceOf(StatementStoppedError);
    expect(thread.thread).toBe(first);
  });

  it("ends the transaction it ran in: the holder's next statements are refused, its rollback is not", async () => {
    const thread = await emptyThread();
    const pool = pglitePool(thread, 60_000, BUDGET_MS);
    const client = await pool.connect();
    await client.query("create table kept (n int)", []);
    await client.query("begin", []);
    await client.query("insert into kept values (1)", []);
    await expect(asRead(() => client.query(SLOW_TEXT, []))).rejects.toBeInstanceOf(StatementStoppedError);
    await expect(client.query("insert into kept values (2)", [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(client.query("rollback", [])).resolves.toMatchObject({ rows: [] });
    client.release();
    const next = await pool.connect();
    // The insert before the stop rolled back with the thread; the one after was never sent.
    expect((await next.query("select count(*)::int as n from kept", [])).rows).toEqual([{ n: 0 }]);
    next.release();
    await pool.end();
  });
});
