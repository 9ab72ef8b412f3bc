import { randomUUID } from "node:crypto";
import { OPERATIONS } from "@office/core";
import { Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "../src/app.js";
import { createSessions } from "../src/auth/session.js";
import { createTokens } from "../src/auth/tokens.js";
import type { DB } from "../src/db/schema.js";
import { appOver, tokenOf, withToken } from "./support/app.js";
import { until, useTestApp } from "./support/context.js";
import { ENGINES, SERVER_ENGINES } from "./support/engines.js";
import { listening, openStream } from "./support/event-stream.js";

const STAFF = 2;
const NOPERM = 3;
// A server's way: changes are heard by notification; the count of changes is asked at most hourly here.
const HEARING: Partial<AppConfig> = { sessions: { versionCheckMs: 3_600_000 } };
const info = { method: "GET", url: "/API/EmployeeInfo/" } as const;

describe.each(ENGINES)("the session check kept in memory on $name", (engine) => {
  const statements: string[] = [];
  const t = useTestApp(engine, { engine: { onStatement: (text) => statements.push(text) }, config: HEARING });
  const { admin, staff } = t;

  it("reads a session once, in one statement, then checks it from memory", async () => {
    // A first call of the process asks the count of changes too (in the background).
    expect((await admin.inject(info)).statusCode).toBe(200);
    await until(() => statements.some((text) => text.includes('"authChange"')));
    // A session of its own: not yet read.
    const token = await tokenOf(t.app, "staff");
    statements.length = 0;
    expect((await t.app.inject(withToken(token, info))).statusCode).toBe(200);
    // The session, account, employee and permissions together; then the call's own read.
    expect(statements.filter((text) => text.includes('"authSession"'))).toHaveLength(1);
    statements.length = 0;
    expect((await t.app.inject(withToken(token, info))).statusCode).toBe(200);
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toContain('"authSession"');
  });

  it("refuses a logged-out session's tokens from memory, and ends its live streams at once", async () => {
    const base = await listening(t.app);
    const token = await tokenOf(t.app, "staff");
    const stream = await openStream(base, token);
    await stream.next("hello");
    const logout = await t.app.inject(withToken(token, { method: "POST", url: "/API/Logout/" }));
    expect(logout.statusCode).toBe(200);
    // Not at the stream's next check of its session (minutes away): now.
    await stream.ended;
    statements.length = 0;
    expect((await t.app.inject(withToken(token, info))).statusCode).toBe(401);
    expect(statements).toEqual([]);
  });

  it("gives an employee the rights an administrator saved at their next call", async () => {
    const rights = await admin.operation(OPERATIONS.permissionGrid, { empID: STAFF });
    const rows = rights.json().data;
    const shippers = { method: "GET", url: "/API/Query/?table=tblShippingCompany&rowLimit=1" } as const;
    expect((await staff.inject(shippers)).statusCode).toBe(403);
    const save = (grid: unknown[]) => admin.operation(OPERATIONS.savePermissionGrid, { empID: STAFF, rows: grid });
    const withShippers = [
      ...rows.filter((row: { permissionPageID: number }) => row.permissionPageID !== 33),
      { permissionPageID: 33, permissionView: 1, permissionAdd: 0, permissionChange: 0, permissionDel: 0 },
    ];
    expect((await save(withShippers)).statusCode).toBe(200);
    expect((await staff.inject(shippers)).statusCode).toBe(200);
    expect((await save(rows)).statusCode).toBe(200);
    expect((await staff.inject(shippers)).statusCode).toBe(403);
  });

  it("refuses an employee deactivated through the data service at their next call", async () => {
    // A session of its own: deactivation ends it for good.
    const noperm = await tokenOf(t.app, "noperm");
    expect((await t.app.inject(withToken(noperm, info))).statusCode).toBe(200);
    expect((await admin.update("tblEmployee", `empID = ${NOPERM}`, { empActive: 0 })).statusCode).toBe(200);
    try {
      expect((await t.app.inject(withToken(noperm, info))).statusCode).toBe(401);
    } finally {
      await admin.update("tblEmployee", `empID = ${NOPERM}`, { empActive: 1 });
    }
  });
});

describe.each(SERVER_ENGINES)("two server processes keeping session checks on $name", (engine) => {
  const t = useTestApp(engine, { config: HEARING });
  let other: Awaited<ReturnType<typeof appOver>>;
  beforeAll(async () => {
    other = await appOver(t.testDb, await t.testDb.reopen(), HEARING);
  });
  afterAll(() => other?.app.close());
  /** What the other process answers the token, asked until it answers `status`. */
  const otherAnswers = (token: string, status: number, call: typeof info | object = info) =>
    until(async () => (await other.app.inject(withToken(token, call as typeof info))).statusCode === status);

  it("hears a logout in the other process", async () => {
    const token = await tokenOf(t.app, "staff");
    expect((await other.app.inject(withToken(token, info))).statusCode).toBe(200);
    await t.app.inject(withToken(token, { method: "POST", url: "/API/Logout/" }));
    await otherAnswers(token, 401);
  });

  it("hears a sign-in disabled in the other process", async () => {
    const token = await tokenOf(t.app, "noperm");
    expect((await other.app.inject(withToken(token, info))).statusCode).toBe(200);
    const disable = (disabled: boolean) =>
      t.admin.operation(OPERATIONS.saveSignIn, { empID: NOPERM, username: "noperm", disabled });
    expect((await disable(true)).statusCode).toBe(200);
    try {
      await otherAnswers(token, 401);
    } finally {
      await disable(false);
    }
  });

  it("hears a permission change in the other process", async () => {
    const staff = await t.staff.token();
    const shippers = { method: "GET", url: "/API/Query/?table=tblShippingCompany&rowLimit=1" } as const;
    expect((await other.app.inject(withToken(staff, shippers))).statusCode).toBe(403);
    const { data: rows } = (await t.admin.operation(OPERATIONS.permissionGrid, { empID: STAFF })).json();
    const grid = [
      ...rows,
      { permissionPageID: 33, permissionView: 1, permissionAdd: 0, permissionChange: 0, permissionDel: 0 },
    ];
    const save = (payload: unknown[]) =>
      t.admin.operation(OPERATIONS.savePermissionGrid, { empID: STAFF, rows: payload });
    expect((await save(grid)).statusCode).toBe(200);
    try {
      await otherAnswers(staff, 200, shippers);
    } finally {
      await save(rows);
    }
  });

  it("forgets what it kept when the count of changes moved without a notification", async () => {
    const checking = await appOver(t.testDb, await t.testDb.reopen(), { sessions: { versionCheckMs: 100 } });
    try {
      const token = await tokenOf(t.app, "staff");
      for (const app of [other.app, checking.app])
        expect((await app.inject(withToken(token, info))).statusCode).toBe(200);
      // The session ends and the count moves, but no notification is sent (as if it were lost).
      await t.db.transaction().execute(async (tx) => {
        await sql`set local session_replication_role = replica`.execute(tx);
        await tx.deleteFrom("authSession").execute();
        await tx
          .updateTable("authChange")
          .set((eb) => ({ version: eb("version", "+", 1) }))
          .execute();
      });
      // Its check runs in the background every 100 ms; on CI's two cores, loaded by both suites,
      // it once took more than 5 s to come round.
      await until(async () => (await checking.app.inject(withToken(token, info))).statusCode === 401, {
        timeout: 20_000,
      });
      // The process that asks the count hourly heard nothing and still keeps the session.
      expect((await other.app.inject(withToken(token, info))).statusCode).toBe(200);
    } finally {
      await checking.app.close();
    }
  });
});

describe("a session check read while something else changes", () => {
  it("answers with what it read, and keeps none of it", async () => {
    const tokens = await createTokens("a secret of at least thirty-two characters");
    const answers: Array<(result: { rows: unknown[] }) => void> = [];
    let hear = (_payload: string) => {};
    // A database whose session reads the test answers when it likes; the count of changes stays 0.
    const client = {
      query: (text: string) =>
        text.includes('"authChange"')
          ? Promise.resolve({ command: "SELECT", rows: [{ version: 0 }] })
          : new Promise((resolve) => answers.push((result) => resolve({ command: "SELECT", ...result }))),
      release: () => {},
    };
    const pool = { connect: async () => client, end: async () => {} };
    const database = {
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as never }) }),
      listen: async (_channel: string, listener: { onPayload(payload: string): void }) => {
        hear = listener.onPayload;
        return async () => {};
      },
    };
    const sessions = await createSessions(database as never, tokens, { versionCheckMs: 3_600_000 });
    const { token } = await tokens.issue({ empID: 7, epoch: 0, sid: randomUUID() });
    const row = { tokenEpoch: 0, disabled: false, empActive: 1, expiresAt: new Date(Date.now() + 3_600_000) };
    const first = sessions.authenticate(`Bearer ${token}`);
    await until(() => answers.length === 1);
    // Another employee's rights change while this session is read.
    hear("e:99");
    answers[0]?.({ rows: [{ ...row, permissions: [[1, 1, 0, 0, 0]] }] });
    expect((await first).empID).toBe(7);
    // Read at a moment something changed, it was not kept: the next call reads again.
    const second = sessions.authenticate(`Bearer ${token}`);
    await until(() => answers.length === 2);
    answers[1]?.({ rows: [{ ...row, permissions: null }] });
    expect((await second).permissions.size).toBe(0);
  });
});
