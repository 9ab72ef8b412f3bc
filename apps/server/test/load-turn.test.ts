import { get, type IncomingMessage } from "node:http";
import { sql } from "kysely";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { LOAD_BATCH_ROWS } from "../src/data/query.js";
import { READS_RUNNING_PER_EMPLOYEE, READS_WAITING_PER_EMPLOYEE } from "../src/data/read-gate.js";
import { useTestApp } from "./support/context.js";
import { ENGINES, SERVER_ENGINES } from "./support/engines.js";
import { listening } from "./support/event-stream.js";

const ROWS = 30_000;
/** A load's later batch: its rows read by key (a known search's check asks `tableChange` by name). */
const isBatch = (text: string) => text.includes("= any(") && !text.includes('"tableChange"');

/** The colleague's search reads projects. */
const SEARCHED = 'from "tblProject"';

describe.each(ENGINES)("a load's read turn on $name", (engine) => {
  const statements: string[] = [];
  /** Called once the next of a load's batches has been read. */
  let afterBatch: (() => void) | undefined;
  // One read turn on either engine (a pool of 3 keeps 2 connections for light calls).
  const t = useTestApp(engine, {
    config: { poolSize: 3 },
    engine: {
      onStatement: (text) => {
        if (text.includes('"tblProjectNotes"') || text.includes(SEARCHED)) statements.push(text);
        if (text.includes("= any(")) afterBatch?.();
      },
    },
  });
  const { admin, staff } = t;
  let base: string;

  beforeAll(async () => {
    // Rows long enough that the answer (about 15 MB) cannot fit in the sockets' buffers.
    await sql`insert into "tblProjectNotes" ("projectID", "empID", "ProjectNotesMinutes", "ProjectNotesDesc", "createdTS")
      select 1, 5, 15, 'turn ' || n || repeat('x', 480), now() from generate_series(1, ${ROWS}) n`.execute(t.db);
    base = await listening(t.app);
    // Signed in before the tests count turns and statements.
    await t.together(admin.token, staff.token);
  });

  it("counts in a statement of its own, so none both counts and sorts every match (PGlite waits for each)", async () => {
    statements.length = 0;
    const answer = (
      await admin.query({
        table: "tblProjectNotes",
        fields: "projectNotesID",
        where: "ProjectNotesDesc LIKE 'turn %'",
        order: "createdTS DESC",
        continue: 1,
        rowLimit: ROWS,
      })
    ).json();
    expect(answer.data).toHaveLength(ROWS);
    expect(answer.meta.TotalRecords).toBe(ROWS);
    expect(statements.filter((text) => /select count\(\*\)::int as total/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => text.includes("over ()"))).toEqual([]);
    expect(statements.filter(isBatch)).toHaveLength(ROWS / LOAD_BATCH_ROWS);
  });

  it("gives it back between batches, so a reader that stops reading holds no turn", async () => {
    const token = await admin.token();
    const where = encodeURIComponent("ProjectNotesDesc LIKE 'turn %'");
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      get(
        `${base}/API/Query/?table=tblProjectNotes&fields=projectNotesID,ProjectNotesDesc&where=${where}&continue=1&rowLimit=${ROWS}`,
        { headers: { authorization: `Bearer ${token}` } },
        resolve,
      ).on("error", reject);
    });
    expect(response.statusCode).toBe(200);
    // The response is not read: the server's batches wait on it, each to take a turn of its own
    // when the socket wants more; the one read turn is free meanwhile.
    expect((await staff.query({ table: "tblProject", fields: "projectID", rowLimit: 1 })).statusCode).toBe(200);

    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const answer = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    expect(answer.data).toHaveLength(ROWS);
    expect(answer.meta.TotalRecords).toBe(ROWS);
  });

  it("takes a turn for each later batch, so a colleague's search comes between a load's batches", async () => {
    const token = await admin.token();
    const where = encodeURIComponent("ProjectNotesDesc LIKE 'turn %'");
    const url = `${base}/API/Query/?table=tblProjectNotes&fields=projectNotesID&where=${where}&continue=1&rowLimit=${ROWS}`;
    statements.length = 0;
    // The colleague searches once a batch has been read, while the load is read as fast as it
    // comes. (One load: an account's second load waits for its first one's turns, which a busy
    // machine may stretch past the wait a read is allowed.)
    let search: Promise<{ statusCode: number }> | undefined;
    afterBatch = () => {
      afterBatch = undefined;
      search = staff.query({ table: "tblProject", fields: "projectID", rowLimit: 1 });
    };
    const load = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      get(url, { headers: { authorization: `Bearer ${token}` } }, async (response) => {
        try {
          const chunks: Buffer[] = [];
          for await (const chunk of response) chunks.push(chunk as Buffer);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        } catch (error) {
          reject(error);
        }
      }).on("error", reject);
    });
    expect(load.status, load.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(load.body).data).toHaveLength(ROWS);
    expect((await search)?.statusCode).toBe(200);
    // In the order the statements ran: the search came after some of the load's batches and
    // before the rest (a load holding its turn to the end would keep it out for all of them).
    const order = statements.map((text) => (isBatch(text) ? "batch" : text.includes(SEARCHED) ? "search" : ""));
    const searched = order.indexOf("search");
    const batchesBefore = order.slice(0, searched).filter((kind) => kind === "batch").length;
    expect(batchesBefore).toBeGreaterThan(0);
    expect(order.lastIndexOf("batch")).toBeGreaterThan(searched);
    expect(order.filter((kind) => kind === "batch")).toHaveLength(ROWS / LOAD_BATCH_ROWS);
  });
});

// PostgreSQL only: its reads can be held by a lock taken from another connection, while the
// session checks and other tables still answer (PGlite's one connection would hold them all).
describe.each(SERVER_ENGINES)("an account's reads past its turns on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff } = t;

  it("answer 429 with Retry-After over HTTP, while another account's calls are answered", async () => {
    await t.together(staff.token, admin.token);
    if (!t.testDb.url) throw new Error("a server engine's database has an address");
    const locker = new pg.Client({ connectionString: t.testDb.url });
    await locker.connect();
    try {
      await locker.query('begin; lock table "tblProjectNotes" in access exclusive mode');
      const sent = READS_RUNNING_PER_EMPLOYEE + READS_WAITING_PER_EMPLOYEE + 3;
      const settled: Array<{ statusCode: number; headers: Record<string, unknown> }> = [];
      const calls = Array.from({ length: sent }, () =>
        staff.query({ table: "tblProjectNotes", fields: "projectNotesID", rowLimit: 1 }).then((response) => {
          settled.push(response);
          return response;
        }),
      );
      // Two run (held by the lock), sixteen wait their turn, the rest are refused at once.
      await expect.poll(() => settled.length).toBe(3);
      for (const refused of settled) {
        expect(refused.statusCode).toBe(429);
        expect(refused.headers["retry-after"]).toBe("1");
      }
      // Another account is not queued behind them.
      const me = await admin.call("GET", "/API/EmployeeInfo/");
      expect(me.statusCode).toBe(200);
      const colleague = await admin.query({
        table: "tblEmployee",
        fields: "empID",
        rowLimit: 1,
      });
      expect(colleague.statusCode).toBe(200);
      expect(settled).toHaveLength(3);

      await locker.query("rollback");
      const answers = await Promise.all(calls);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(sent - 3);
    } finally {
      await locker.end();
    }
  });
});
