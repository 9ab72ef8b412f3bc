import { costliestWhere } from "@office/core";
import { sql } from "kysely";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { READS_RUNNING_PER_EMPLOYEE } from "../src/data/read-gate.js";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";

const ROWS = 30_000;
// Well under the heavy where's cost (unstopped, 1.3 s on PostgreSQL and 4.8 s on PGlite over these
// notes, 2026-11-27) and well over a light read's on a machine busy with the rest of the suite.
const BUDGET_MS = { pglite: 1_000, postgres: 300 };
// Within the where grammar's limits, and seconds of work over these rows.
const HEAVY_WHERE = costliestWhere("ProjectNotesDesc");

/**
 * One account's read that would hold the database for seconds: stopped at its budget (PGlite:
 * its thread restarted; PostgreSQL: its statement timeout), answered 503 with Retry-After, and
 * that account's searches pause while everyone else's go on.
 */
describe.each(ENGINES)("a read that runs too long on $name", (engine) => {
  // What waits behind a stopped read waits for the stop, not a timer: on a busy machine
  // PGlite's reopening after a stop took longer than the 5 s a statement may wait for the
  // connection (or a read for its turn), and a delete sent with the stopped one answered 503
  // for the wait (seen on CI and with six busy cores) where the test looks for the pause's 429.
  const patience = { poolAcquireTimeoutMs: 30_000 };
  const t = useTestApp(engine, {
    engine:
      engine.name === "pglite"
        ? { pgliteReadTimeoutMs: BUDGET_MS.pglite, ...patience }
        : { statementTimeoutMs: BUDGET_MS.postgres, ...patience },
    config: patience,
  });
  const { admin, staff, together } = t;

  beforeAll(async () => {
    const insert = sql`insert into "tblProjectNotes" ("projectID", "empID", "ProjectNotesMinutes", "ProjectNotesDesc", "createdTS")
      select 1, 5, 15, 'budget ' || n || repeat('x', 480), now() from generate_series(1, ${ROWS}) n`;
    if (t.testDb.url) {
      // On PostgreSQL the insert itself would be over the test's statement timeout.
      const client = new pg.Client({ connectionString: t.testDb.url });
      await client.connect();
      const { sql: text, parameters } = insert.compile(t.db);
      await client.query(text, [...parameters]).finally(() => client.end());
    } else await insert.execute(t.db);
    // Signed in before the tests time their calls.
    await together(staff.token, admin.token);
  });

  it("is stopped at its budget and pauses its account's searches, not anyone else's", async () => {
    // Without the stop the heavy read answers 200, and on PGlite the light call waits all of it.
    const [stopped, light] = await together(
      () =>
        staff.query({
          table: "tblProjectNotes",
          fields: "projectNotesID",
          where: HEAVY_WHERE,
          rowLimit: 1,
          continue: 1,
        }),
      () => admin.call("GET", "/API/EmployeeInfo/"),
    );

    expect(stopped.statusCode).toBe(503);
    expect(stopped.headers["retry-after"]).toBe("30");
    expect(stopped.json().message).toMatch(/ran too long and was stopped/);
    expect(light.statusCode).toBe(200);

    const paused = await staff.query({ table: "tblProject", fields: "projectID", rowLimit: 1 });
    expect(paused.statusCode).toBe(429);
    // The seconds left of the pause, however long the reopening took on a busy machine.
    expect(Number(paused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(paused.headers["retry-after"])).toBeLessThanOrEqual(30);
    expect((await admin.query({ table: "tblProject", fields: "projectID", rowLimit: 1 })).statusCode).toBe(200);
  });

  it("stops one account's deletes whose where runs too long, deleting nothing; the others it sent at once are refused", async () => {
    const notes = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from "tblProjectNotes"`.execute(t.db)).rows[0]?.n;
    const before = await notes();
    // Deletes take a read's turn: PGlite runs one at a time, PostgreSQL an account's two.
    const answers = await together(4, () => admin.remove("tblProjectNotes", HEAVY_WHERE));
    const stopped = answers.filter((answer) => answer.statusCode === 503);
    expect(stopped.length).toBeGreaterThanOrEqual(1);
    expect(stopped.length).toBeLessThanOrEqual(engine.name === "pglite" ? 1 : READS_RUNNING_PER_EMPLOYEE);
    for (const answer of stopped) expect(answer.json().message).toMatch(/ran too long and was stopped/);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(answers.length - stopped.length);
    expect(await notes()).toBe(before);
    const paused = await admin.query({ table: "tblProject", fields: "projectID", rowLimit: 1 });
    expect(paused.statusCode).toBe(429);
    expect((await admin.update("tblProjectNotes", "projectNotesID = 1", { ProjectNotesMinutes: 30 })).statusCode).toBe(
      429,
    );
  });
});
