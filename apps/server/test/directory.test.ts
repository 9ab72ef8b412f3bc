import {
  ERROR_MESSAGES,
  LOOKUP_GROUPS,
  OPERATIONS,
  type Operation,
  PAGE_IDS,
  type PermissionRow,
  requestOf,
} from "@office/core";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sqlState } from "../src/db/errors.js";
import { signIn } from "./support/app.js";
import { useTestApp } from "./support/context.js";
import { type DataClient, dataClient } from "./support/data.js";
import { auditSince, lastAuditID } from "./support/db.js";
import { ONE_ENGINE } from "./support/engines.js";
import { expectError } from "./support/errors.js";

const ADMIN = 1;
const STAFF = 2;
const NOPERM = 3;
const LAST_ADMINISTRATOR = "The last administrator cannot be removed.";
const FLAGS = ["permissionView", "permissionAdd", "permissionChange", "permissionDel"] as const;

type Grid = PermissionRow[];
type PermissionSnapshot = Array<PermissionRow & { empID: number }>;

const row = (page: number, view: number, add = 0, change = 0, del = 0): PermissionRow => ({
  permissionPageID: page,
  permissionView: view,
  permissionAdd: add,
  permissionChange: change,
  permissionDel: del,
});

/** staff's rows as the demo company seeds them: view on nine pages, add on Notes. */
const STAFF_GRID: Grid = [1, 2, 3, 9, 22, 23, 24, 35, 39, 42].map((page) => (page === 9 ? row(9, 0, 1) : row(page, 1)));
const ADMIN_GRID: Grid = [...PAGE_IDS].sort((a, b) => a - b).map((page) => row(page, 1, 1, 1, 1));

/** The administration's calls as the web app makes them. */
function administration(client: DataClient) {
  // The body apart from the path's parameters: a malformed one may hold a field named like one.
  const save = (op: Operation<unknown, unknown>, empID: number | string, body: unknown) =>
    client.call(op.method, requestOf(op, { empID }).path, body as object);
  return {
    readGrid: (empID: number | string) => client.operation(OPERATIONS.permissionGrid, { empID }),
    saveGrid: (empID: number | string, body: unknown) => save(OPERATIONS.savePermissionGrid, empID, body),
    readSignIn: (empID: number | string) => client.operation(OPERATIONS.signIn, { empID }),
    saveSignIn: (empID: number | string, body: unknown) => save(OPERATIONS.saveSignIn, empID, body),
    reorder: (body: Record<string, unknown>) => client.operation(OPERATIONS.reorderList, body),
  };
}

describe.each(ONE_ENGINE)("the directory and its administration on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm, until, together } = t;
  const adminApi = administration(admin);
  const staffApi = administration(staff);
  const nopermApi = administration(noperm);
  /** Every permission row as seeded, to put back after each test. */
  let seeded: PermissionSnapshot;
  /** Employees a test created, removed again after it. */
  const createdEmployees = new Set<number>();
  /** Accounts a test created, removed again after it. */
  const createdAccounts = new Set<number>();

  beforeAll(async () => {
    seeded = await allPermissions();
  });

  async function allPermissions(): Promise<PermissionSnapshot> {
    return t.db
      .selectFrom("tblPermission")
      .select(["empID", "permissionPageID", ...FLAGS])
      .orderBy("empID")
      .orderBy("permissionPageID")
      .execute();
  }

  const rowsOf = async (empID: number): Promise<Grid> =>
    (await allPermissions()).filter((r) => r.empID === empID).map(({ empID: _, ...rest }) => rest);

  const isAdministrator = async (empID: number) =>
    (
      await sql<{ yes: boolean }>`select exists (select 1 from "tblEmployee" e join "tblPermission" p
        on p."empID" = e."empID" join "authAccount" a on a."empID" = e."empID" where e."empID" = ${empID}
        and e."empActive" = 1 and p."permissionPageID" = 40 and p."permissionView" = 1 and not a.disabled) as yes`.execute(
        t.db,
      )
    ).rows[0]?.yes;

  const administrators = async () =>
    (
      await sql<{ empID: number }>`select e."empID" from "tblEmployee" e join "tblPermission" p
        on p."empID" = e."empID" join "authAccount" a on a."empID" = e."empID" where e."empActive" = 1
        and p."permissionPageID" = 40 and p."permissionView" = 1 and not a.disabled order by 1`.execute(t.db)
    ).rows.map((r) => r.empID);

  /** An active employee of the demo company (not a demo account) without a sign-in. */
  async function employeeWithoutSignIn(): Promise<number> {
    const found = await t.db
      .selectFrom("tblEmployee as e")
      .leftJoin("authAccount as a", "a.empID", "e.empID")
      .select("e.empID")
      .where("a.empID", "is", null)
      .where("e.empActive", "=", 1)
      .where("e.empID", ">", 3)
      .where("e.empID", "not in", [0, ...createdEmployees])
      .orderBy("e.empID")
      .executeTakeFirstOrThrow();
    return found.empID;
  }

  /** A new employee through the data service, removed again after the test. */
  async function newEmployee(fields: Record<string, unknown> = {}): Promise<number> {
    const response = await admin.insert("tblEmployee", { empFirstName: "Test", empLastName: "Person", ...fields });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json();
    createdEmployees.add(id);
    return id;
  }

  const grantAdministrator = async (empID: number) => {
    const grid = [...(await rowsOf(empID)).filter((r) => r.permissionPageID !== 40), row(40, 1)];
    const response = await adminApi.saveGrid(empID, { rows: grid });
    expect(response.statusCode, response.body).toBe(200);
    expect(await isAdministrator(empID)).toBe(true);
  };

  // Tests share the database: whatever a test did to permissions, employees and accounts is
  // undone here, in one transaction (so the company is never without an administrator).
  afterEach(async () => {
    await t.db.transaction().execute(async (tx) => {
      await tx.updateTable("tblEmployee").set({ empActive: 1 }).where("empID", "in", [ADMIN, STAFF]).execute();
      await tx.deleteFrom("tblPermission").execute();
      await tx.insertInto("tblPermission").values(seeded).execute();
      for (const empID of createdAccounts) await tx.deleteFrom("authAccount").where("empID", "=", empID).execute();
      for (const empID of createdEmployees) await tx.deleteFrom("tblEmployee").where("empID", "=", empID).execute();
    });
    createdAccounts.clear();
    createdEmployees.clear();
    expect(await administrators()).toEqual([ADMIN]);
  });

  describe("the permission grid", () => {
    it("shows an administrator an employee's permission rows", async () => {
      const response = await adminApi.readGrid(STAFF);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: STAFF_GRID });
      expect((await adminApi.readGrid(NOPERM)).json()).toEqual({ data: [] });
      expect((await adminApi.readGrid(ADMIN)).json()).toEqual({ data: ADMIN_GRID });
    });

    it("saves a grid as the employee's rows, drops all-zero pages and audits each change", async () => {
      const before = await t.db.selectFrom("tblPermission").selectAll().where("empID", "=", STAFF).execute();
      const since = await lastAuditID(t.db);
      const grid = [row(1, 1, 1), row(2, 0, 0, 0, 0), row(22, 1), row(26, 1, 0, 1)];
      const saved = await adminApi.saveGrid(STAFF, { rows: grid });
      expect(saved.statusCode, saved.body).toBe(200);
      // 1 changed, 22 kept, 26 added; 2 (all zero) and the seven pages left out deleted.
      expect(saved.json()).toEqual({ status: "success", count: 10 });

      const expected = [row(1, 1, 1), row(22, 1), row(26, 1, 0, 1)];
      expect((await adminApi.readGrid(STAFF)).json()).toEqual({ data: expected });
      expect(await rowsOf(STAFF)).toEqual(expected);
      // Nobody else's rows moved.
      expect((await allPermissions()).filter((r) => r.empID !== STAFF)).toEqual(
        seeded.filter((r) => r.empID !== STAFF),
      );

      const trail = await auditSince(t.db, since);
      expect(trail.every((a) => a.tableName === "tblPermission" && a.empID === ADMIN)).toBe(true);
      const byAction = (action: string) => trail.filter((a) => a.action === action);
      const page = (image: unknown) => (image as { permissionPageID: number }).permissionPageID;
      const gone = before.filter((r) => ![1, 22].includes(r.permissionPageID));
      expect(
        byAction("delete")
          .map((a) => a.recordKey)
          .sort(),
      ).toEqual(gone.map((r) => String(r.permissionID)).sort());
      expect(
        byAction("delete")
          .map((a) => page(a.before))
          .sort((a, b) => a - b),
      ).toEqual([2, 3, 9, 23, 24, 35, 39, 42]);
      expect(byAction("update")).toHaveLength(1);
      expect(byAction("update")[0]?.before).toMatchObject({ permissionPageID: 1, permissionAdd: 0, empID: STAFF });
      expect(byAction("update")[0]?.after).toMatchObject({ permissionPageID: 1, permissionAdd: 1, empID: STAFF });
      expect(byAction("insert")).toHaveLength(1);
      expect(byAction("insert")[0]?.after).toMatchObject({
        permissionPageID: 26,
        permissionView: 1,
        permissionChange: 1,
        empID: STAFF,
      });
      expect(trail).toHaveLength(10);

      // The same grid again changes nothing and writes no trail.
      const again = await lastAuditID(t.db);
      expect((await adminApi.saveGrid(STAFF, { rows: grid })).json()).toEqual({ status: "success", count: 0 });
      expect(await auditSince(t.db, again)).toEqual([]);
    });

    it("gives a grid's changes to the employee at their next call", async () => {
      expect((await noperm.query({ table: "tblProject", fields: "projectID", rowLimit: 1 })).statusCode).toBe(403);
      const saved = await adminApi.saveGrid(NOPERM, { rows: [row(3, 1)] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await noperm.query({ table: "tblProject", fields: "projectID", rowLimit: 1 })).statusCode).toBe(200);
    });

    it("is refused to staff (403) and to an employee without permissions ('Access Denied!')", async () => {
      const since = await lastAuditID(t.db);
      expectError(await staffApi.readGrid(STAFF), 403);
      expectError(await staffApi.readGrid(ADMIN), 403);
      // Not even to give oneself the administrator's page.
      expectError(await staffApi.saveGrid(STAFF, { rows: [...STAFF_GRID, row(40, 1)] }), 403);
      expectError(await staffApi.saveGrid(NOPERM, { rows: [row(1, 1)] }), 403);
      expectError(await nopermApi.readGrid(NOPERM), 403, ERROR_MESSAGES.accessDenied);
      expectError(await nopermApi.saveGrid(NOPERM, { rows: [row(40, 1)] }), 403, ERROR_MESSAGES.accessDenied);
      expect(await allPermissions()).toEqual(seeded);
      expect(await auditSince(t.db, since)).toEqual([]);
    });

    it("refuses those who may not use the administrators' calls before reading what they sent", async () => {
      // A malformed body or id tells them nothing: the answer is the refusal, as for a valid one.
      expectError(await staffApi.saveGrid(STAFF, { rows: "all of them" }), 403);
      expectError(await nopermApi.saveGrid(NOPERM, { nonsense: true }), 403, ERROR_MESSAGES.accessDenied);
      expectError(await staffApi.readGrid("abc"), 403);
      expectError(await staffApi.saveSignIn(STAFF, { username: "" }), 403);
      expectError(await staffApi.reorder({ group: 5 }), 403);
    });

    it("refuses malformed grids and employee ids with the error shape, changing nothing", async () => {
      const since = await lastAuditID(t.db);
      const bodies: Array<[string, unknown]> = [
        ["an unknown page", { rows: [row(999, 1)] }],
        ["page 0", { rows: [row(0, 1)] }],
        ["a page twice", { rows: [row(1, 1), row(1, 0, 1)] }],
        ["a flag of 2", { rows: [{ ...row(1, 1), permissionAdd: 2 }] }],
        ["a flag of true", { rows: [{ ...row(1, 1), permissionDel: true }] }],
        ["a flag as text", { rows: [{ ...row(1, 1), permissionView: "1" }] }],
        [
          "a missing flag",
          { rows: [{ permissionPageID: 1, permissionView: 1, permissionAdd: 0, permissionChange: 0 }] },
        ],
        ["an extra property on a row", { rows: [{ ...row(1, 1), empID: ADMIN }] }],
        ["an extra property on the body", { rows: [row(1, 1)], empID: ADMIN }],
        ["rows that are not a list", { rows: { 1: row(1, 1) } }],
        ["no rows", {}],
        ["a row that is not an object", { rows: [1] }],
        ["more rows than pages", { rows: Array.from({ length: PAGE_IDS.length + 1 }, () => row(1, 1)) }],
      ];
      for (const [name, body] of bodies) {
        const response = await adminApi.saveGrid(STAFF, body);
        const error = expectError(response, 400);
        expect(error.fieldErrors, name).toBeDefined();
      }
      const paths: Array<[string, number]> = [
        ["abc", 400],
        ["99999999999", 400],
        ["2147483648", 400],
        ["0", 400],
        ["-2", 400],
        ["1.5", 400],
        ["99999", 404],
      ];
      for (const [empID, status] of paths) {
        expectError(await adminApi.readGrid(empID), status);
        expectError(await adminApi.saveGrid(empID, { rows: [row(1, 1)] }), status);
      }
      expect(await allPermissions()).toEqual(seeded);
      expect(await auditSince(t.db, since)).toEqual([]);
    });
  });

  describe("the last administrator", () => {
    it("refuses a grid that removes the last administrator's rights as a whole: none of its changes land", async () => {
      const since = await lastAuditID(t.db);
      const changed = ADMIN_GRID.map((r) =>
        r.permissionPageID === 1 ? row(1, 1) : r.permissionPageID === 26 ? row(26, 0) : r,
      ).filter((r) => r.permissionPageID !== 2);
      const grids: Array<[string, Grid]> = [
        ["page 40 view off", changed.map((r) => (r.permissionPageID === 40 ? row(40, 0, 1, 1, 1) : r))],
        ["page 40 all zero", changed.map((r) => (r.permissionPageID === 40 ? row(40, 0) : r))],
        ["page 40 left out", changed.filter((r) => r.permissionPageID !== 40)],
        ["every page left out", []],
      ];
      for (const [name, grid] of grids) {
        const response = await adminApi.saveGrid(ADMIN, { rows: grid });
        expectError(response, 409, LAST_ADMINISTRATOR);
        expect(await allPermissions(), name).toEqual(seeded);
        expect(await auditSince(t.db, since), name).toEqual([]);
      }
      expect(await isAdministrator(ADMIN)).toBe(true);
      expect((await adminApi.readGrid(ADMIN)).json()).toEqual({ data: ADMIN_GRID });
    });

    it("cannot be removed through the data service's Update and Delete", async () => {
      const since = await lastAuditID(t.db);
      const own = "empID = 1 AND permissionPageID = 40";
      const attempts: Array<[string, () => Promise<LightMyRequestResponse>]> = [
        ["Update tblPermission view 0", () => admin.update("tblPermission", own, { permissionView: 0 })],
        ["Update (POST) tblPermission view 0", () => admin.update("tblPermission", own, { permissionView: 0 }, "POST")],
        ["Update tblPermission to another page", () => admin.update("tblPermission", own, { permissionPageID: 41 })],
        [
          "Update every page-40 row",
          () => admin.update("tblPermission", "permissionPageID = 40", { permissionView: 0 }),
        ],
        ["Delete tblPermission page 40", () => admin.remove("tblPermission", own)],
        ["Delete all of admin's rows", () => admin.remove("tblPermission", "empID = 1")],
        ["Update tblEmployee empActive 0", () => admin.update("tblEmployee", "empID = 1", { empActive: 0 })],
      ];
      for (const [name, attempt] of attempts) {
        const response = await attempt();
        expect(response.statusCode, `${name}: ${response.body}`).toBe(409);
        expectError(response, 409, LAST_ADMINISTRATOR);
        expect(await isAdministrator(ADMIN), name).toBe(true);
        expect(await allPermissions(), name).toEqual(seeded);
      }
      // Deleting the employee is refused too (their notes and cards refer to them as well).
      expectError(await admin.remove("tblEmployee", "empID = 1"), 409);
      expect(await isAdministrator(ADMIN)).toBe(true);
      expect(await auditSince(t.db, since)).toEqual([]);
      // Still an administrator in practice: the admin pages answer.
      expect((await adminApi.readGrid(ADMIN)).statusCode).toBe(200);
    });

    it("cannot be removed by deleting, deactivating or disabling the sign-in of an employee", async () => {
      const sole = await newEmployee();
      const signIn = await adminApi.saveSignIn(sole, { username: `sole.${sole}`, password: "correct horse" });
      expect(signIn.statusCode, signIn.body).toBe(200);
      createdAccounts.add(sole);
      await grantAdministrator(sole);
      // Two administrators: admin's rights may go now.
      const dropped = await admin.update("tblPermission", "empID = 1 AND permissionPageID = 40", { permissionView: 0 });
      expect(dropped.statusCode, dropped.body).toBe(200);
      expect(await administrators()).toEqual([sole]);
      // admin keeps del on Employees (page 22); an employee with permissions is never deleted by cascade.
      expectError(await admin.remove("tblEmployee", `empID = ${sole}`), 409);
      expectError(await admin.update("tblEmployee", `empID = ${sole}`, { empActive: 0 }), 409, LAST_ADMINISTRATOR);
      expectError(
        await admin.remove("tblPermission", `empID = ${sole} AND permissionPageID = 40`),
        409,
        LAST_ADMINISTRATOR,
      );
      // admin may no longer use the sign-in call; the rule holds for the table itself.
      await expect(
        t.db.updateTable("authAccount").set({ disabled: true }).where("empID", "=", sole).execute(),
      ).rejects.toMatchObject({ code: "23A01" });
      await expect(t.db.deleteFrom("authAccount").where("empID", "=", sole).execute()).rejects.toMatchObject({
        code: "23A01",
      });
      expect(await administrators()).toEqual([sole]);
    });

    it("is never an employee who cannot sign in: page 40 for someone without a sign-in leaves admin the last", async () => {
      const noSignIn = await newEmployee();
      const grid = await adminApi.saveGrid(noSignIn, { rows: [row(40, 1)] });
      expect(grid.statusCode, grid.body).toBe(200);
      expectError(await adminApi.saveGrid(ADMIN, { rows: ADMIN_GRID.filter((r) => r.permissionPageID !== 40) }), 409);
      // Nor someone whose sign-in is disabled.
      await grantAdministrator(STAFF);
      await t.db.updateTable("authAccount").set({ disabled: true }).where("empID", "=", STAFF).execute();
      expectError(await adminApi.saveGrid(ADMIN, { rows: ADMIN_GRID.filter((r) => r.permissionPageID !== 40) }), 409);
      await t.db.updateTable("authAccount").set({ disabled: false }).where("empID", "=", STAFF).execute();
      expect(await administrators()).toEqual([ADMIN, STAFF]);
    });

    it("an employee who holds permissions or a sign-in is not deleted (their rows would go unaudited)", async () => {
      const withRows = await newEmployee();
      expect((await adminApi.saveGrid(withRows, { rows: [row(1, 1)] })).statusCode).toBe(200);
      expectError(await admin.remove("tblEmployee", `empID = ${withRows}`), 409);
      expect(await rowsOf(withRows)).toHaveLength(1);
      expect((await adminApi.saveGrid(withRows, { rows: [] })).statusCode).toBe(200);
      const withSignIn = await newEmployee();
      expect(
        (await adminApi.saveSignIn(withSignIn, { username: `signed.${withSignIn}`, password: "correct horse" }))
          .statusCode,
      ).toBe(200);
      createdAccounts.add(withSignIn);
      expectError(await admin.remove("tblEmployee", `empID = ${withSignIn}`), 409);
      expect(
        await t.db.selectFrom("authAccount").select("empID").where("empID", "=", withSignIn).execute(),
      ).toHaveLength(1);
      // Without either, an employee made by mistake is deleted.
      const bare = await newEmployee();
      expect((await admin.remove("tblEmployee", `empID = ${bare}`)).statusCode).toBe(200);
    });

    it("with a second administrator, the first's rights can be removed (and then the second's cannot)", async () => {
      const removals: Array<[string, () => Promise<LightMyRequestResponse>]> = [
        ["the grid", () => adminApi.saveGrid(ADMIN, { rows: ADMIN_GRID.filter((r) => r.permissionPageID !== 40) })],
        ["Update", () => admin.update("tblPermission", "empID = 1 AND permissionPageID = 40", { permissionView: 0 })],
        ["Delete", () => admin.remove("tblPermission", "empID = 1 AND permissionPageID = 40")],
        ["empActive 0", () => admin.update("tblEmployee", "empID = 1", { empActive: 0 })],
      ];
      for (const [name, remove] of removals) {
        await grantAdministrator(STAFF);
        expect((await staffApi.readGrid(ADMIN)).statusCode, name).toBe(200);
        const response = await remove();
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
        expect(await administrators(), name).toEqual([STAFF]);
        if (name !== "empActive 0") expectError(await adminApi.readGrid(ADMIN), 403);
        // staff is now the last one: their own grid without page 40 is refused.
        expectError(await staffApi.saveGrid(STAFF, { rows: STAFF_GRID }), 409, LAST_ADMINISTRATOR);
        expect(await administrators(), name).toEqual([STAFF]);
        // staff gives admin their rights back the way an administrator would.
        // (staff may not change employees: admin is made active again by hand.)
        if (name === "empActive 0") {
          expectError(await adminApi.readGrid(ADMIN), 401);
          await t.db.updateTable("tblEmployee").set({ empActive: 1 }).where("empID", "=", ADMIN).execute();
          // Deactivation ended admin's sessions for good (reactivation does not revive them): sign in again.
          expectError(await adminApi.readGrid(ADMIN), 401);
          await admin.signInAgain();
        }
        const back = await staffApi.saveGrid(ADMIN, { rows: ADMIN_GRID });
        expect(back.statusCode, back.body).toBe(200);
        const withdrawn = await adminApi.saveGrid(STAFF, { rows: STAFF_GRID });
        expect(withdrawn.statusCode, withdrawn.body).toBe(200);
        expect(await administrators(), name).toEqual([ADMIN]);
        expect(await allPermissions(), name).toEqual(seeded);
      }
    });

    it("two grid saves at once that each remove one of two administrators: exactly one succeeds", async () => {
      for (let round = 0; round < 5; round++) {
        await grantAdministrator(STAFF);
        const staffWithout = (await rowsOf(STAFF)).filter((r) => r.permissionPageID !== 40);
        // Each removes their own rights: neither is refused for lacking them when the call begins.
        const responses = await together(
          () => adminApi.saveGrid(ADMIN, { rows: ADMIN_GRID.filter((r) => r.permissionPageID !== 40) }),
          () => staffApi.saveGrid(STAFF, { rows: staffWithout }),
        );
        expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(await administrators()).toHaveLength(1);
        // Put both back as administrators for the next round (one transaction, by hand).
        await t.db.transaction().execute(async (tx) => {
          await tx.deleteFrom("tblPermission").execute();
          await tx.insertInto("tblPermission").values(seeded).execute();
        });
      }
    });

    /** The answers, and what the server logged of a call that failed (its error's code and message). */
    const failures = (responses: LightMyRequestResponse[]) =>
      responses
        .map((r) => {
          const id = r.json().requestId;
          const logged = id ? t.logs.find((line) => line.includes(id) && line.includes("request failed")) : undefined;
          const err = logged ? JSON.parse(logged).err : undefined;
          return `${r.body}${err ? ` logged: ${err.code} ${err.message} ${err.detail ?? ""}` : ""}`;
        })
        .join("\n");

    /** Sessions of this test's database waiting for a lock (PostgreSQL). */
    const waitingSessions = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
      ).rows[0]?.n ?? 0;

    /**
     * Runs calls while another transaction holds a lock on rows each of them needs, so that all
     * are inside their transactions (past their first locks) when it lets go: the interleaving
     * two administrators clicking Save at the same moment can produce.
     */
    async function behindALock(
      blocking: ReturnType<typeof sql>,
      calls: Array<() => Promise<LightMyRequestResponse>>,
    ): Promise<LightMyRequestResponse[]> {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const blocker = t.db.transaction().execute(async (tx) => {
        await blocking.execute(tx);
        locked();
        await held;
      });
      await lockTaken;
      const responses = together(...calls);
      try {
        await until(async () => (await waitingSessions()) >= calls.length);
      } finally {
        release();
        await blocker;
      }
      return responses;
    }

    // PGlite has one connection: its transactions never overlap.
    if (engine.name === "postgres")
      it("two administrators saving each other's grids at the same time both succeed", async () => {
        await grantAdministrator(STAFF);
        const staffGrid = [...(await rowsOf(STAFF)), row(26, 1)].sort(
          (a, b) => a.permissionPageID - b.permissionPageID,
        );
        const adminGrid = ADMIN_GRID.map((r) => (r.permissionPageID === 1 ? row(1, 1) : r));
        const responses = await behindALock(sql`select 1 from "tblPermission" where "empID" in (1, 2) for update`, [
          () => adminApi.saveGrid(STAFF, { rows: staffGrid }),
          () => staffApi.saveGrid(ADMIN, { rows: adminGrid }),
        ]);
        expect(
          responses.map((r) => r.statusCode),
          failures(responses),
        ).toEqual([200, 200]);
        expect(await rowsOf(STAFF)).toEqual(staffGrid);
        expect(await rowsOf(ADMIN)).toEqual(adminGrid);
      });

    if (engine.name === "postgres")
      it("two administrators renaming each other's sign-ins at the same time both succeed", async () => {
        await grantAdministrator(STAFF);
        const responses = await behindALock(sql`select 1 from "authAccount" where "empID" in (1, 2) for update`, [
          () => adminApi.saveSignIn(STAFF, { username: "Staff" }),
          () => staffApi.saveSignIn(ADMIN, { username: "Admin" }),
        ]);
        try {
          expect(
            responses.map((r) => r.statusCode),
            failures(responses),
          ).toEqual([200, 200]);
        } finally {
          await t.db.updateTable("authAccount").set({ username: "admin" }).where("empID", "=", ADMIN).execute();
          await t.db.updateTable("authAccount").set({ username: "staff" }).where("empID", "=", STAFF).execute();
        }
      });

    if (engine.name === "postgres")
      it("two transactions each removing one of two administrators: the second waits for the first and is refused", async () => {
        await grantAdministrator(STAFF);
        const remove = (empID: number) =>
          sql`update "tblPermission" set "permissionView" = 0
            where "empID" = ${empID} and "permissionPageID" = 40`;
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let updated: () => void = () => {};
        const firstUpdated = new Promise<void>((resolve) => {
          updated = resolve;
        });
        const first = t.db.transaction().execute(async (tx) => {
          await remove(ADMIN).execute(tx);
          updated();
          await held;
        });
        await firstUpdated;
        let secondDone = false;
        const second = t.db
          .transaction()
          .execute(async (tx) => {
            await remove(STAFF).execute(tx);
          })
          .finally(() => {
            secondDone = true;
          });
        // The second must queue behind the first (its advisory lock) rather than check at once.
        const waiting = async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_locks l
              join pg_database d on d.oid = l.database
              where d.datname = current_database() and l.locktype = 'advisory' and not l.granted`.execute(t.db)
          ).rows[0]?.n ?? 0;
        let queued: number;
        let doneWhileFirstOpen: boolean;
        try {
          await until(async () => (await waiting()) > 0);
          queued = await waiting();
          doneWhileFirstOpen = secondDone;
        } finally {
          release();
        }
        const [a, b] = await Promise.allSettled([first, second]);
        expect(queued).toBe(1);
        expect(doneWhileFirstOpen).toBe(false);
        expect(a.status).toBe("fulfilled");
        expect(b.status).toBe("rejected");
        expect(sqlState((b as PromiseRejectedResult).reason)).toBe("23A01");
        expect(await administrators()).toEqual([STAFF]);
      });
  });

  describe("sign-ins", () => {
    it("an administrator creates a sign-in for an employee without one, and it signs in", async () => {
      const empID = await employeeWithoutSignIn();
      createdAccounts.add(empID);
      expect((await adminApi.readSignIn(empID)).json()).toEqual({ data: null });
      const since = await lastAuditID(t.db);
      const created = await adminApi.saveSignIn(empID, { username: "new.person", password: "correct horse" });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toEqual({ status: "success" });

      const read = (await adminApi.readSignIn(empID)).json();
      expect(read.data).toMatchObject({ username: "new.person", disabled: false });
      expect(Number.isNaN(Date.parse(read.data.passwordChangedTS))).toBe(false);
      const signedIn = await signIn(t.app, "new.person", "correct horse");
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(typeof signedIn.json().token).toBe("string");

      const trail = await auditSince(t.db, since);
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ action: "insert", tableName: "authAccount", recordKey: String(empID) });
      expect(JSON.stringify(trail[0]?.after)).not.toMatch(/passwordHash|\$argon|\$2[aby]\$|scrypt/);
    });

    it("a new password or a disabling ends the account's sessions; a rename does not", async () => {
      const empID = await employeeWithoutSignIn();
      createdAccounts.add(empID);
      const username = `reset.${empID}`;
      expect((await adminApi.saveSignIn(empID, { username, password: "first password" })).statusCode).toBe(200);
      const works = (token: string) => dataClient(t.app, token).query({ table: "tblAppLookup", rowLimit: 1 });
      const first = (await signIn(t.app, username, "first password")).json().token as string;
      expect((await works(first)).statusCode).toBe(200);

      const before = (await adminApi.readSignIn(empID)).json().data.passwordChangedTS;
      expect((await adminApi.saveSignIn(empID, { username, password: "second password" })).statusCode).toBe(200);
      expectError(await works(first), 401);
      expect((await adminApi.readSignIn(empID)).json().data.passwordChangedTS).not.toBe(before);
      const second = (await signIn(t.app, username, "second password")).json().token as string;
      expect((await works(second)).statusCode).toBe(200);

      // Renaming alone keeps the session.
      const renamed = `renamed.${empID}`;
      expect((await adminApi.saveSignIn(empID, { username: renamed })).statusCode).toBe(200);
      expect((await works(second)).statusCode).toBe(200);
      const third = (await signIn(t.app, renamed, "second password")).json().token as string;

      // Disabling ends it, and the account cannot sign in any more.
      expect((await adminApi.saveSignIn(empID, { username: renamed, disabled: true })).statusCode).toBe(200);
      expectError(await works(second), 401);
      expectError(await works(third), 401);
      expect((await adminApi.readSignIn(empID)).json().data.disabled).toBe(true);
      expect((await signIn(t.app, renamed, "second password", "10.9.9.1")).statusCode).toBe(401);
    });

    it("a new sign-in needs a password of at least 8 characters", async () => {
      const empID = await employeeWithoutSignIn();
      createdAccounts.add(empID);
      const missing = expectError(await adminApi.saveSignIn(empID, { username: "no.password" }), 400);
      expect(missing.fieldErrors?.password).toBe("Password is required");
      const short = expectError(
        await adminApi.saveSignIn(empID, { username: "short.password", password: "1234567" }),
        400,
      );
      expect(short.fieldErrors?.password).toBe("must have at least 8 characters");
      const bad = expectError(
        await adminApi.saveSignIn(empID, { username: "has space", password: "long enough" }),
        400,
      );
      expect(bad.fieldErrors?.username).toBeDefined();
      expectError(await adminApi.saveSignIn(empID, { username: "x", password: "long enough", admin: true }), 400);
      expect((await adminApi.readSignIn(empID)).json()).toEqual({ data: null });
      expect(await t.db.selectFrom("authAccount").select("empID").where("empID", "=", empID).execute()).toEqual([]);
    });

    it("refuses a username another account holds, whatever its case (409)", async () => {
      const empID = await employeeWithoutSignIn();
      createdAccounts.add(empID);
      for (const username of ["STAFF", "Admin", "noperm"]) {
        const refused = expectError(await adminApi.saveSignIn(empID, { username, password: "long enough" }), 409);
        expect(refused.fieldErrors?.username).toBeDefined();
      }
      expect((await adminApi.readSignIn(empID)).json()).toEqual({ data: null });
      // Renaming an existing account to another's name is refused the same way.
      expectError(await adminApi.saveSignIn(NOPERM, { username: "sTaFf" }), 409);
      expect((await adminApi.readSignIn(NOPERM)).json().data.username).toBe("noperm");
      // Its own name in another case is not another account's.
      expect((await adminApi.saveSignIn(NOPERM, { username: "NoPerm" })).statusCode).toBe(200);
      expect((await adminApi.saveSignIn(NOPERM, { username: "noperm" })).statusCode).toBe(200);
      expect((await noperm.query({ table: "tblAppLookup", rowLimit: 1 })).statusCode).toBe(403);
    });

    it("nobody may disable their own sign-in (409)", async () => {
      const since = await lastAuditID(t.db);
      expectError(await adminApi.saveSignIn(ADMIN, { username: "admin", disabled: true }), 409);
      expect((await adminApi.readSignIn(ADMIN)).json().data).toMatchObject({ username: "admin", disabled: false });
      expect((await adminApi.readGrid(ADMIN)).statusCode).toBe(200);
      expect(await auditSince(t.db, since)).toEqual([]);
    });

    it("is refused to staff and to an employee without permissions; an unknown employee is a 404", async () => {
      const empID = await employeeWithoutSignIn();
      expectError(await staffApi.readSignIn(NOPERM), 403);
      expectError(await staffApi.saveSignIn(empID, { username: "by.staff", password: "long enough" }), 403);
      expectError(await staffApi.saveSignIn(STAFF, { username: "staff", password: "new password" }), 403);
      expectError(await nopermApi.readSignIn(NOPERM), 403, ERROR_MESSAGES.accessDenied);
      expectError(await nopermApi.saveSignIn(NOPERM, { username: "noperm", password: "new password" }), 403);
      expectError(await adminApi.readSignIn(99_999), 404);
      expectError(await adminApi.saveSignIn(99_999, { username: "ghost", password: "long enough" }), 404);
      expectError(await adminApi.readSignIn("abc"), 400);
      expect((await adminApi.readSignIn(empID)).json()).toEqual({ data: null });
      expect((await signIn(t.app, "staff")).statusCode).toBe(200);
    });
  });

  describe("list order", () => {
    const group = LOOKUP_GROUPS.vendorCategories;
    const readOrder = async () => {
      const response = await staff.query({
        table: "tblAppLookup",
        fields: "appLookupID,appLookupSort",
        where: `appLookupParentID = '${group}'`,
        order: "appLookupSort, appLookupID",
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Array<{ appLookupID: number; appLookupSort: number }>;
    };

    it("puts a list's values in the order given, read back by appLookupSort", async () => {
      const original = await readOrder();
      const ids = original.map((r) => r.appLookupID);
      expect(ids.length).toBeGreaterThan(2);
      const since = await lastAuditID(t.db);
      const reversed = [...ids].reverse();
      try {
        const saved = await adminApi.reorder({ group, ids: reversed });
        expect(saved.statusCode, saved.body).toBe(200);
        const moved = reversed.filter((id, sort) => original.find((r) => r.appLookupID === id)?.appLookupSort !== sort);
        expect(saved.json()).toEqual({ status: "success", count: moved.length });
        expect(await readOrder()).toEqual(
          reversed.map((appLookupID, appLookupSort) => ({ appLookupID, appLookupSort })),
        );
        const trail = await auditSince(t.db, since);
        expect(trail).toHaveLength(moved.length);
        expect(trail.every((a) => a.action === "update" && a.tableName === "tblAppLookup")).toBe(true);
      } finally {
        expect((await adminApi.reorder({ group, ids })).statusCode).toBe(200);
      }
      expect(await readOrder()).toEqual(original);
    });

    it("refuses an order that is not exactly the list's ids (409), changing nothing", async () => {
      const original = await readOrder();
      const ids = original.map((r) => r.appLookupID);
      const foreign = 300; // a project category
      const orders: Array<[string, number[]]> = [
        ["a missing id", ids.slice(1)],
        ["a foreign id instead of one", [foreign, ...ids.slice(1)]],
        ["a foreign id added", [...ids, foreign]],
        ["an id twice instead of one", [ids[1] as number, ...ids.slice(1)]],
        ["an unknown id", [...ids.slice(1), 987_654]],
      ];
      for (const [name, order] of orders) {
        expectError(await adminApi.reorder({ group, ids: [...order].reverse() }), 409);
        expect(await readOrder(), name).toEqual(original);
      }
    });

    it("needs change on the Lists page (26), not the administrator's page", async () => {
      const granted = await adminApi.saveGrid(NOPERM, { rows: [row(26, 1, 0, 1)] });
      expect(granted.statusCode, granted.body).toBe(200);
      const original = (await readOrder()).map((r) => r.appLookupID);
      const moved = await nopermApi.reorder({ group, ids: [...original].reverse() });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await readOrder()).map((r) => r.appLookupID)).toEqual([...original].reverse());
      expect((await nopermApi.reorder({ group, ids: original })).statusCode).toBe(200);
      expectError(await nopermApi.readGrid(NOPERM), 403);
      // View alone on Lists is not enough.
      expect((await adminApi.saveGrid(NOPERM, { rows: [row(26, 1)] })).statusCode).toBe(200);
      expectError(await nopermApi.reorder({ group, ids: [...original].reverse() }), 403);
      expect((await readOrder()).map((r) => r.appLookupID)).toEqual(original);
    });

    it("refuses a list that is not editable (400), malformed bodies (400), staff and noperm (403)", async () => {
      const sitePages = (
        await admin.query({ table: "tblAppLookup", fields: "appLookupID", where: "appLookupParentID = 'sitePages1'" })
      ).json().data as Array<{ appLookupID: number }>;
      const before = await t.db.selectFrom("tblAppLookup").selectAll().orderBy("appLookupID").execute();
      expectError(
        await adminApi.reorder({ group: "sitePages1", ids: sitePages.map((r) => r.appLookupID).reverse() }),
        400,
      );
      expectError(await adminApi.reorder({ group: LOOKUP_GROUPS.departments, ids: [136] }), 400);
      expectError(await adminApi.reorder({ group, ids: [] }), 400);
      expectError(await adminApi.reorder({ group, ids: ["320"] }), 400);
      expectError(await adminApi.reorder({ group, ids: [320], extra: 1 }), 400);
      const ids = (await readOrder()).map((r) => r.appLookupID).reverse();
      expectError(await staffApi.reorder({ group, ids }), 403);
      expectError(await nopermApi.reorder({ group, ids }), 403, ERROR_MESSAGES.accessDenied);
      expect(await t.db.selectFrom("tblAppLookup").selectAll().orderBy("appLookupID").execute()).toEqual(before);
    });
  });

  describe("the lists' write protection", () => {
    const lookup = (id: number) =>
      t.db.selectFrom("tblAppLookup").selectAll().where("appLookupID", "=", id).executeTakeFirst();

    it("refuses an insert into a group that is not an editable list (400 on appLookupParentID)", async () => {
      const count = async () =>
        (await t.db.selectFrom("tblAppLookup").select(sql<number>`count(*)::int`.as("n")).executeTakeFirst())?.n;
      const before = await count();
      for (const parent of ["sitePages1", LOOKUP_GROUPS.departments, "groups", "nonsense", null]) {
        const response = await admin.insert("tblAppLookup", { appLookupParentID: parent, appLookupValue: "Intruder" });
        const error = expectError(response, 400);
        expect(error.fieldErrors?.appLookupParentID, String(parent)).toBeDefined();
      }
      // Left out, the group is missing: a row of no list is refused too.
      expectError(await admin.insert("tblAppLookup", { appLookupValue: "Intruder" }), 400);
      expect(await count()).toBe(before);
      // An editable list takes it.
      const added = await admin.insert("tblAppLookup", {
        appLookupParentID: LOOKUP_GROUPS.vendorCategories,
        appLookupValue: "Landscaping",
      });
      expect(added.statusCode, added.body).toBe(200);
      const { id } = added.json();
      expect((await admin.remove("tblAppLookup", `appLookupID = ${id}`)).statusCode).toBe(200);
      expect(await count()).toBe(before);
    });

    it("answers 404 to an update or delete of rows outside the editable lists, and never moves a row out", async () => {
      const page = await lookup(40);
      expectError(await admin.update("tblAppLookup", "appLookupID = 40", { appLookupValue: "Hacked" }), 404);
      expectError(await admin.update("tblAppLookup", "appLookupParentID = 'sitePages1'", { appLookupSort: 0 }), 404);
      expectError(await admin.remove("tblAppLookup", "appLookupID = 40"), 404);
      expectError(await admin.remove("tblAppLookup", `appLookupID = ${136}`), 404); // a department
      expect(await lookup(40)).toEqual(page);
      expect(await lookup(136)).toBeDefined();

      // A where that matches both: only the editable row changes.
      const category = await lookup(320);
      const both = await admin.update("tblAppLookup", "appLookupID IN (40, 320)", { appLookupCode: "ZZZ" });
      expect(both.json()).toEqual({ status: "success", count: 1 });
      expect(await lookup(40)).toEqual(page);
      expect((await lookup(320))?.appLookupCode).toBe("ZZZ");
      // An editable row cannot be moved into another group.
      const moved = expectError(
        await admin.update("tblAppLookup", "appLookupID = 320", { appLookupParentID: "sitePages1" }),
        400,
      );
      expect(moved.fieldErrors?.appLookupParentID).toBeDefined();
      // Nor into another editable list: a value in use (a client's category) would leave its
      // list and its protection.
      for (const group of ["vendorCategories", "68"]) {
        const across = expectError(
          await admin.update("tblAppLookup", "appLookupID = 304", { appLookupParentID: group }),
          400,
        );
        expect(across.fieldErrors?.appLookupParentID, group).toBeDefined();
      }
      expect((await lookup(304))?.appLookupParentID).toBe("clientCategories");
      expect(
        (await admin.update("tblAppLookup", "appLookupID = 320", { appLookupCode: category?.appLookupCode ?? null }))
          .statusCode,
      ).toBe(200);
      expect(await lookup(320)).toEqual(category);
    });

    it("refuses to delete the values whose ids the spec fixes (105, 56, 66, 194), though they may be renamed", async () => {
      for (const id of [105, 56, 66, 194]) {
        expectError(
          await admin.remove("tblAppLookup", `appLookupID = ${id}`),
          409,
          "This value is one the application relies on and cannot be deleted.",
        );
        expect(await lookup(id), String(id)).toBeDefined();
      }
      const before = await lookup(105);
      expect((await admin.update("tblAppLookup", "appLookupID = 105", { appLookupValue: "Other" })).statusCode).toBe(
        200,
      );
      expect(
        (await admin.update("tblAppLookup", "appLookupID = 105", { appLookupValue: before?.appLookupValue }))
          .statusCode,
      ).toBe(200);
    });

    it("refuses to delete a project category a client uses (409)", async () => {
      const used = await t.db
        .selectFrom("tblClient")
        .select("clientCategory")
        .where("clientCategory", "is not", null)
        .executeTakeFirstOrThrow();
      const id = used.clientCategory as number;
      const before = await lookup(id);
      expectError(await admin.remove("tblAppLookup", `appLookupID = ${id}`), 409);
      expect(await lookup(id)).toEqual(before);
    });

    it("deletes an unused category, and the audit trail restores it as it was", async () => {
      const used = (await t.db.selectFrom("tblClient").select("clientCategory").execute()).map((r) => r.clientCategory);
      const categories = await t.db
        .selectFrom("tblAppLookup")
        .selectAll()
        .where("appLookupParentID", "=", LOOKUP_GROUPS.projectCategories)
        .orderBy("appLookupID")
        .execute();
      const unused = categories.find((c) => !used.includes(c.appLookupID));
      if (!unused) throw new Error("every project category is in use");
      const since = await lastAuditID(t.db);
      const deleted = await admin.remove("tblAppLookup", `appLookupID = ${unused.appLookupID}`);
      expect(deleted.json()).toEqual({ id: 1, keys: [unused.appLookupID] });
      expect(await lookup(unused.appLookupID)).toBeUndefined();
      const record = (await auditSince(t.db, since)).find((a) => a.action === "delete");
      expect(record).toMatchObject({ tableName: "tblAppLookup", recordKey: String(unused.appLookupID) });
      const restored = await admin.restore(record?.auditID as number);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toEqual({ id: unused.appLookupID });
      expect(await lookup(unused.appLookupID)).toEqual(unused);
    });
  });

  describe("references", () => {
    it("refuses a department that is not a row of the departments list", async () => {
      const count = async () =>
        (await t.db.selectFrom("tblEmployee").select(sql<number>`count(*)::int`.as("n")).executeTakeFirst())?.n;
      const before = await count();
      for (const empDepartment of [105, 300, 40, 135, 999_999]) {
        const refused = expectError(
          await admin.insert("tblEmployee", { empFirstName: "Dee", empLastName: "Partment", empDepartment }),
          400,
        );
        expect(refused.fieldErrors, String(empDepartment)).toEqual({
          empDepartment: "Department is not one of the choices",
        });
      }
      const manager = expectError(
        await admin.insert("tblEmployee", { empFirstName: "Dee", empLastName: "Partment", empManagerID: 999_999 }),
        400,
      );
      expect(manager.fieldErrors).toEqual({ empManagerID: "Manager is not one of the choices" });
      expect(await count()).toBe(before);

      const empID = await newEmployee({ empDepartment: 136, empManagerID: ADMIN });
      expect(
        await t.db
          .selectFrom("tblEmployee")
          .select(["empDepartment", "empManagerID"])
          .where("empID", "=", empID)
          .executeTakeFirst(),
      ).toEqual({ empDepartment: 136, empManagerID: ADMIN });
      // An update is checked the same way.
      const update = expectError(await admin.update("tblEmployee", `empID = ${empID}`, { empDepartment: 105 }), 400);
      expect(update.fieldErrors).toEqual({ empDepartment: "Department is not one of the choices" });
      expect((await admin.update("tblEmployee", `empID = ${empID}`, { empDepartment: null })).statusCode).toBe(200);
    });

    it("refuses a client category or vendor category from another list", async () => {
      const clients = await t.db.selectFrom("tblClient").select("clientID").execute();
      const vendors = await t.db.selectFrom("tblVendor").select("vendorID").execute();
      const client = expectError(
        await admin.insert("tblClient", { clientName: "Wrong List", clientCategory: 320 }),
        400,
      );
      expect(client.fieldErrors).toEqual({ clientCategory: "Category is not one of the choices" });
      const vendor = expectError(
        await admin.insert("tblVendor", { vendorName: "Wrong List", vendorCategory: 300 }),
        400,
      );
      expect(vendor.fieldErrors).toEqual({ vendorCategory: "Category is not one of the choices" });
      const master = expectError(
        await admin.insert("tblClient", { clientName: "No Master", masterClientID: 999_999 }),
        400,
      );
      expect(master.fieldErrors?.masterClientID).toBe("Master Client is not one of the choices");
      expectError(await admin.update("tblClient", `clientID = ${clients[0]?.clientID}`, { clientCategory: 105 }), 400);
      expect(await t.db.selectFrom("tblClient").select("clientID").execute()).toEqual(clients);
      expect(await t.db.selectFrom("tblVendor").select("vendorID").execute()).toEqual(vendors);

      const ok = await admin.insert("tblClient", { clientName: "Right List", clientCategory: 300 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await admin.remove("tblClient", `clientID = ${ok.json().id}`)).statusCode).toBe(200);
    });
  });

  describe("validation messages", () => {
    it("names the field and the rule on a client", async () => {
      const before = await t.db.selectFrom("tblClient").select("clientID").execute();
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ clientName: "Acme", clientPhone: "555-1234" }, { clientPhone: "Phone is not `tel` format" }],
        [{ clientName: "Acme", clientFax: "5551234567" }, { clientFax: "Fax is not `tel` format" }],
        [{ clientName: "Acme", clientEmail: "nope" }, { clientEmail: "E-Mail is not `email` format" }],
        [{ clientName: "Acme", clientEmail: "a@b" }, { clientEmail: "E-Mail is not `email` format" }],
        [{ clientName: "Acme", clientWebsite: "www.acme.example" }, { clientWebsite: "Website is not `url` format" }],
        [{ clientPhone: "(555) 123-4567" }, { clientName: "Name is required" }],
        [{ clientName: "Acme", clientStatus: 4 }, { clientStatus: "Status is not one of the choices" }],
        [{ clientName: "Acme", clientState: "XX" }, { clientState: "State is not one of the choices" }],
        [{ clientName: "   " }, { clientName: "Name is required" }],
        [
          { clientPhone: "555-1234", clientEmail: "nope" },
          {
            clientName: "Name is required",
            clientPhone: "Phone is not `tel` format",
            clientEmail: "E-Mail is not `email` format",
          },
        ],
      ];
      for (const [fields, fieldErrors] of cases) {
        const error = expectError(await admin.insert("tblClient", fields), 400);
        expect(error.fieldErrors, JSON.stringify(fields)).toEqual(fieldErrors);
      }
      expect(await t.db.selectFrom("tblClient").select("clientID").execute()).toEqual(before);

      const good = await admin.insert("tblClient", {
        clientName: "Acme",
        clientPhone: "(555) 123-4567",
        clientEmail: "office@acme.example",
        clientWebsite: "https://acme.example/",
      });
      expect(good.statusCode, good.body).toBe(200);
      const id = good.json().id;
      const update = expectError(
        await admin.update("tblClient", `clientID = ${id}`, { clientEmail: "two words@x.y" }),
        400,
      );
      expect(update.fieldErrors).toEqual({ clientEmail: "E-Mail is not `email` format" });
      expect((await admin.remove("tblClient", `clientID = ${id}`)).statusCode).toBe(200);
    });

    it("accepts only delivery types of the list, once each, in the list's order", async () => {
      for (const types of ["|9|", "|0|", "|1|1|", "|4|1|", "1|4", "Ground"]) {
        const error = expectError(
          await admin.insert("tblShippingCompany", { shippingCompanyName: "Bad Types", shippingDeliveryTypes: types }),
          400,
        );
        expect(error.fieldErrors, types).toEqual({
          shippingDeliveryTypes: "Delivery Types is not a list of the choices",
        });
      }
      const bad = await t.db
        .selectFrom("tblShippingCompany")
        .selectAll()
        .where("shippingCompanyName", "=", "Bad Types")
        .execute();
      expect(bad).toEqual([]);
      const good = await admin.insert("tblShippingCompany", {
        shippingCompanyName: "Good Types",
        shippingDeliveryTypes: "|1|4|",
        shippingTrackingURL: "https://track.example/?n={trackingNumber}",
      });
      expect(good.statusCode, good.body).toBe(200);
      const id = good.json().id;
      const stored = await t.db
        .selectFrom("tblShippingCompany")
        .select("shippingDeliveryTypes")
        .where("shippingCompanyID", "=", id)
        .executeTakeFirst();
      expect(stored).toEqual({ shippingDeliveryTypes: "|1|4|" });
      const url = expectError(
        await admin.update("tblShippingCompany", `shippingCompanyID = ${id}`, { shippingTrackingURL: "track.example" }),
        400,
      );
      expect(url.fieldErrors).toEqual({ shippingTrackingURL: "Tracking Address is not `url` format" });
      expect((await admin.remove("tblShippingCompany", `shippingCompanyID = ${id}`)).statusCode).toBe(200);
    });
  });

  describe("the list views", () => {
    it("vwClientDirectory carries each client's master client name and category value", async () => {
      // One client surely has both.
      const master = await t.db.selectFrom("tblMasterClient").select("masterClientID").executeTakeFirstOrThrow();
      const added = await admin.insert("tblClient", {
        clientName: "Joined Client",
        masterClientID: master.masterClientID,
        clientCategory: 301,
      });
      expect(added.statusCode, added.body).toBe(200);
      const clientID = added.json().id;
      try {
        const response = await staff.query({
          table: "vwClientDirectory",
          fields: "clientID,clientName,masterClientName,categoryName",
          order: "clientID",
        });
        expect(response.statusCode, response.body).toBe(200);
        const joined = await t.db
          .selectFrom("tblClient as c")
          .leftJoin("tblMasterClient as m", "m.masterClientID", "c.masterClientID")
          .leftJoin("tblAppLookup as l", "l.appLookupID", "c.clientCategory")
          .select(["c.clientID", "c.clientName", "m.masterClientName", "l.appLookupValue as categoryName"])
          .orderBy("c.clientID")
          .execute();
        expect(response.json().data).toEqual(joined);
        expect(response.json().meta.TotalRecords).toBe(joined.length);
        const mine = joined.find((r) => r.clientID === clientID);
        expect(mine?.masterClientName).toEqual(expect.any(String));
        expect(mine?.categoryName).toBe("Residential");
      } finally {
        expect((await admin.remove("tblClient", `clientID = ${clientID}`)).statusCode).toBe(200);
      }
    });

    it("vwEmployeeDirectory: staff (view on Employees) reads it with department and manager names; noperm cannot", async () => {
      const response = await staff.query({
        table: "vwEmployeeDirectory",
        fields: "empID,empName,departmentName,managerName",
        order: "empID",
      });
      expect(response.statusCode, response.body).toBe(200);
      const joined = await t.db
        .selectFrom("tblEmployee as e")
        .leftJoin("tblAppLookup as d", "d.appLookupID", "e.empDepartment")
        .leftJoin("tblEmployee as m", "m.empID", "e.empManagerID")
        .select([
          "e.empID",
          sql<string>`e."empLastName" || ', ' || e."empFirstName"`.as("empName"),
          "d.appLookupPrompt as departmentName",
          sql<string | null>`m."empLastName" || ', ' || m."empFirstName"`.as("managerName"),
        ])
        .orderBy("e.empID")
        .execute();
      expect(response.json().data).toEqual(joined);
      expect(joined.find((r) => r.empID === STAFF)?.managerName).toEqual(expect.any(String));

      expectError(
        await noperm.query({ table: "vwEmployeeDirectory", fields: "empID" }),
        403,
        ERROR_MESSAGES.accessDenied,
      );
      // A view is read-only, even to an administrator: no table Insert serves.
      expectError(await admin.insert("vwEmployeeDirectory", { empFirstName: "View", empLastName: "Write" }), 400);
    });
  });
});
