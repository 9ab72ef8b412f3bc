import { ERROR_MESSAGES, LOOKUP_GROUPS } from "@office/core";
import { type Kysely, sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../src/db/schema.js";
import { useTestApp } from "./support/context.js";
import { countOf, deferred, empIDOf, setPermissions } from "./support/db.js";
import { ONE_ENGINE } from "./support/engines.js";
import { expectError } from "./support/errors.js";
import {
  expectLatestStatusesKept,
  histories,
  keptStatus,
  listValues,
  newProject,
  statusRows,
} from "./support/projects.js";

/*
 * Issue 8: a project's latest status is kept on it by the database from its history, and
 * setting a status is a change of the project (change on page 3), stamped by the server.
 */
describe.each(ONE_ENGINE)("project statuses on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm, until } = t;
  let nopermID: number;
  let adminID: number;
  /** The status list's values, in its order. */
  let codes: number[];
  let nameOf: Map<number, string | null>;

  beforeAll(async () => {
    nopermID = await empIDOf(t.db, "noperm");
    adminID = await empIDOf(t.db, "admin");
    const list = await listValues(t.db, LOOKUP_GROUPS.projectStatusCodes);
    codes = list.map((v) => v.appLookupID);
    nameOf = new Map(list.map((v) => [v.appLookupID, v.appLookupValue]));
    expect(codes.length).toBeGreaterThanOrEqual(4);
  });
  // noperm is given rows by some tests: it has none again after each.
  afterEach(() => setPermissions(t.db, nopermID, []));

  const project = (name = "Status Test") => newProject(admin, name);

  const code = (i: number) => codes[i % codes.length] as number;

  describe("the latest status kept on the project", () => {
    it("is the newest of the history for every seeded project", async () => {
      await expectLatestStatusesKept(t.db);
      // The seed's history is not trivially one row each: the rule is exercised by it.
      const many = [...histories(await statusRows(t.db)).values()].filter((h) => h.length > 1);
      expect(many.length).toBeGreaterThan(0);
    });

    it("follows each status set through the data service", async () => {
      const projectID = await project();
      expect(await keptStatus(t.db, projectID)).toEqual({
        projectLatestStatusCodeID: null,
        projectLatestStatusTS: null,
      });
      for (const i of [0, 2, 1]) {
        const response = await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(i) });
        expect(response.statusCode, response.body).toBe(200);
        expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(code(i));
        await expectLatestStatusesKept(t.db);
      }
    });

    it("is the newest by time, then by key, not the last inserted", async () => {
      const projectID = await project();
      await t.db
        .insertInto("tblProjectStatus")
        .values({ projectID, projectStatusCodeID: code(1), createdTS: new Date("2026-01-10T12:00:00Z") })
        .execute();
      // An older row inserted later does not replace the newer one.
      await t.db
        .insertInto("tblProjectStatus")
        .values({ projectID, projectStatusCodeID: code(2), createdTS: new Date("2025-01-10T12:00:00Z") })
        .execute();
      expect(await keptStatus(t.db, projectID)).toEqual({
        projectLatestStatusCodeID: code(1),
        projectLatestStatusTS: new Date("2026-01-10T12:00:00Z"),
      });
      // Two rows of the same time: the higher key is the newer, in either order of codes.
      for (const [at, first, last] of [
        ["2026-02-01T00:00:00Z", code(3), code(0)],
        ["2026-03-01T00:00:00Z", code(0), code(3)],
      ] as const) {
        await t.db
          .insertInto("tblProjectStatus")
          .values(
            [first, last].map((projectStatusCodeID) => ({ projectID, projectStatusCodeID, createdTS: new Date(at) })),
          )
          .execute();
        expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(last);
      }
      await expectLatestStatusesKept(t.db);
    });

    it("is kept for each project of a bulk insert in one statement", async () => {
      const projects = [await project("Bulk A"), await project("Bulk B"), await project("Bulk C")];
      // A seeded project too: its history already had rows.
      const seeded = (
        await t.db.selectFrom("tblProject").select("projectID").orderBy("projectID").limit(1).execute()
      )[0]?.projectID as number;
      const rows = [...projects, seeded].flatMap((projectID, i) => [
        { projectID, projectStatusCodeID: code(i), createdTS: new Date(Date.UTC(2026, 6, 1 + 3 * i, 9)) },
        { projectID, projectStatusCodeID: code(i + 1), createdTS: new Date(Date.UTC(2026, 6, 10 - 3 * i, 9)) },
        { projectID, projectStatusCodeID: code(i + 2), createdTS: new Date(Date.UTC(2026, 5, 1, 9)) },
      ]);
      await t.db.insertInto("tblProjectStatus").values(rows).execute();
      for (const [i, projectID] of [...projects, seeded].entries()) {
        // The newer of 1+3i and 10-3i July: the second row for the first two, the first after.
        const expected = 1 + 3 * i > 10 - 3 * i ? code(i) : code(i + 1);
        expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID, `project ${projectID}`).toBe(expected);
      }
      await expectLatestStatusesKept(t.db);
    });

    it("falls back to the previous status when the newest is deleted, and to none when all are", async () => {
      const projectID = await project();
      const other = await project();
      await t.db
        .insertInto("tblProjectStatus")
        .values([
          { projectID, projectStatusCodeID: code(0), createdTS: new Date("2026-03-01T00:00:00Z") },
          { projectID, projectStatusCodeID: code(1), createdTS: new Date("2026-03-02T00:00:00Z") },
          { projectID, projectStatusCodeID: code(2), createdTS: new Date("2026-03-03T00:00:00Z") },
          { projectID: other, projectStatusCodeID: code(3), createdTS: new Date("2026-03-04T00:00:00Z") },
        ])
        .execute();
      expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(code(2));

      await t.db
        .deleteFrom("tblProjectStatus")
        .where("projectID", "=", projectID)
        .where("projectStatusCodeID", "=", code(2))
        .execute();
      expect(await keptStatus(t.db, projectID)).toEqual({
        projectLatestStatusCodeID: code(1),
        projectLatestStatusTS: new Date("2026-03-02T00:00:00Z"),
      });
      await expectLatestStatusesKept(t.db);

      // One statement deleting from two projects: each is refreshed.
      await t.db.deleteFrom("tblProjectStatus").where("projectID", "in", [projectID, other]).execute();
      expect(await keptStatus(t.db, projectID)).toEqual({
        projectLatestStatusCodeID: null,
        projectLatestStatusTS: null,
      });
      expect(await keptStatus(t.db, other)).toEqual({ projectLatestStatusCodeID: null, projectLatestStatusTS: null });
      await expectLatestStatusesKept(t.db);
    });

    it("refreshes both projects when an update moves a status row, and when it changes a row's time", async () => {
      const from = await project("Move From");
      const to = await project("Move To");
      const inserted = await t.db
        .insertInto("tblProjectStatus")
        .values([
          { projectID: from, projectStatusCodeID: code(0), createdTS: new Date("2026-04-01T00:00:00Z") },
          { projectID: from, projectStatusCodeID: code(1), createdTS: new Date("2026-04-05T00:00:00Z") },
          { projectID: to, projectStatusCodeID: code(2), createdTS: new Date("2026-04-02T00:00:00Z") },
        ])
        .returning(["projectStatusID", "projectStatusCodeID"])
        .execute();
      const newestOfFrom = inserted.find((r) => r.projectStatusCodeID === code(1))?.projectStatusID as number;
      await t.db
        .updateTable("tblProjectStatus")
        .set({ projectID: to })
        .where("projectStatusID", "=", newestOfFrom)
        .execute();
      expect((await keptStatus(t.db, from)).projectLatestStatusCodeID).toBe(code(0));
      expect((await keptStatus(t.db, to)).projectLatestStatusCodeID).toBe(code(1));
      await expectLatestStatusesKept(t.db);

      // The row moved back in time: the other row of `to` is now its newest.
      await t.db
        .updateTable("tblProjectStatus")
        .set({ createdTS: new Date("2026-01-01T00:00:00Z") })
        .where("projectStatusID", "=", newestOfFrom)
        .execute();
      expect((await keptStatus(t.db, to)).projectLatestStatusCodeID).toBe(code(2));
      // A row's code changed in place: the project shows the new code.
      await t.db
        .updateTable("tblProjectStatus")
        .set({ projectStatusCodeID: code(3) })
        .where("projectID", "=", to)
        .where("projectStatusCodeID", "=", code(2))
        .execute();
      expect((await keptStatus(t.db, to)).projectLatestStatusCodeID).toBe(code(3));
      // Moving every row of `from` away leaves it without a status.
      await t.db.updateTable("tblProjectStatus").set({ projectID: to }).where("projectID", "=", from).execute();
      expect((await keptStatus(t.db, from)).projectLatestStatusCodeID).toBeNull();
      await expectLatestStatusesKept(t.db);
    });

    it("is the history's when a project is inserted, whatever the insert sends", async () => {
      // A project that had a history and was deleted (and restored, ARCHITECTURE: Restore)
      // comes back with none until its statuses do.
      // (The schema's types refuse these columns on insert: this is what a restore or SQL sends.)
      const { rows } = await sql<{ projectID: number }>`insert into "tblProject"
          ("projectName", "projectLatestStatusCodeID", "projectLatestStatusTS")
        values ('Sent Status', ${code(1)}, '2026-01-01T00:00:00Z') returning "projectID"`.execute(t.db);
      const projectID = rows[0]?.projectID as number;
      expect(await keptStatus(t.db, projectID)).toEqual({
        projectLatestStatusCodeID: null,
        projectLatestStatusTS: null,
      });
      await expectLatestStatusesKept(t.db);
    });

    /** Adds a status in a transaction of its own; answers its time in microseconds. */
    const addStatus = (tx: Kysely<DB>, projectID: number, statusCode: number) =>
      sql<{ us: string }>`insert into "tblProjectStatus" ("projectID", "projectStatusCodeID")
        values (${projectID}, ${statusCode})
        returning (extract(epoch from "createdTS") * 1000000)::bigint::text as us`.execute(tx);
    /** Sessions of this test's database waiting for a lock (PostgreSQL). */
    const waitingForLocks = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
      ).rows[0]?.n ?? 0;

    // PGlite has one connection: its transactions never overlap.
    if (engine.name === "postgres")
      it("is the newest when a transaction that began earlier adds its status after a later one", async () => {
        const projectID = await project("Race");
        const began = deferred();
        const added = deferred();
        // A begins first, so its status's time (its transaction's start) is the older; it adds
        // it only after B has added the newer one, whose project row B holds until it commits.
        const a = t.db.transaction().execute(async (tx) => {
          await sql`select now()`.execute(tx);
          began.resolve();
          await added.promise;
          return (await addStatus(tx, projectID, code(0))).rows[0]?.us;
        });
        await began.promise;
        let aWaited = false;
        const b = t.db.transaction().execute(async (tx) => {
          const us = (await addStatus(tx, projectID, code(1))).rows[0]?.us;
          added.resolve();
          // B commits only once A waits on the project B's status changed.
          aWaited = await until(async () => (await waitingForLocks()) > 0);
          return us;
        });
        const [older, newer] = await Promise.all([a, b]);
        expect(aWaited).toBe(true);
        expect(BigInt(older as string)).toBeLessThan(BigInt(newer as string));
        expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(code(1));
        await expectLatestStatusesKept(t.db);
      });

    if (engine.name === "postgres")
      it("is kept without a deadlock when both transactions adding a status already refer to the project", async () => {
        const projectID = await project("No Deadlock");
        const noted = deferred();
        const go = deferred();
        // A's time note holds a key-share lock on the project (its foreign key) until A ends.
        const a = t.db.transaction().execute(async (tx) => {
          await sql`insert into "tblProjectNotes" ("projectID", "empID", "ProjectNotesMinutes")
              values (${projectID}, ${adminID}, 15)`.execute(tx);
          noted.resolve();
          await go.promise;
          await addStatus(tx, projectID, code(0));
        });
        await noted.promise;
        let bAdded = false;
        let aWaited = false;
        const b = t.db.transaction().execute(async (tx) => {
          await addStatus(tx, projectID, code(1));
          bAdded = true;
          // B commits only once A waits on the project B's status changed.
          aWaited = await until(async () => (await waitingForLocks()) > 0);
        });
        // A adds its status once B has added its own, or waits for a lock to do so.
        expect(await until(async () => bAdded || (await waitingForLocks()) > 0)).toBe(true);
        go.resolve();
        const outcomes = await Promise.allSettled([a, b]);
        expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : o.status))).toEqual([
          "fulfilled",
          "fulfilled",
        ]);
        expect(aWaited).toBe(true);
        expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(code(1));
        await expectLatestStatusesKept(t.db);
      });

    it("cannot be written through Insert or Update", async () => {
      const projectID = await project();
      await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(1) });
      const before = await keptStatus(t.db, projectID);
      const projects = await countOf(t.db, "tblProject");

      for (const fields of [{ projectLatestStatusCodeID: code(2) }, { projectLatestStatusTS: "2026-01-01 00:00:00" }]) {
        const inserted = await admin.insert("tblProject", { projectName: "Sneaky", ...fields });
        const body = expectError(inserted, 400);
        // A column the client never writes is an unknown key of the fields.
        expect(Object.values(body.fieldErrors ?? {}).join(" ")).toContain(Object.keys(fields)[0]);
        const updated = await admin.update("tblProject", `projectID = ${projectID}`, fields);
        const updateBody = expectError(updated, 400);
        expect(Object.values(updateBody.fieldErrors ?? {}).join(" ")).toContain(Object.keys(fields)[0]);
      }
      expect(await keptStatus(t.db, projectID)).toEqual(before);
      expect(await countOf(t.db, "tblProject")).toBe(projects);
      await expectLatestStatusesKept(t.db);
    });

    // Last of this block: it empties every project's history.
    it("is cleared for every project when the history is truncated", async () => {
      const projectID = await project();
      await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(1) });
      expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(code(1));
      await sql`truncate "tblProjectStatus"`.execute(t.db);
      const kept = await t.db
        .selectFrom("tblProject")
        .select("projectID")
        .where("projectLatestStatusCodeID", "is not", null)
        .execute();
      expect(kept).toEqual([]);
      await expectLatestStatusesKept(t.db);
    });
  });

  describe("who may set a status", () => {
    const statusOf = (projectID: number) =>
      t.db.selectFrom("tblProjectStatus").selectAll().where("projectID", "=", projectID).execute();

    it("refuses staff (view on page 3 only) and noperm", async () => {
      const projectID = await project();
      expectError(
        await staff.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(0) }),
        403,
        "You may not add to tblProjectStatus.",
      );
      expectError(
        await noperm.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(0) }),
        403,
        ERROR_MESSAGES.accessDenied,
      );
      expect(await statusOf(projectID)).toEqual([]);
    });

    it("lets change on page 3 alone set it, not add on page 3 alone", async () => {
      const projectID = await project();
      await setPermissions(t.db, nopermID, [{ page: 3, add: 1 }]);
      expectError(
        await noperm.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(0) }),
        403,
        "You may not add to tblProjectStatus.",
      );
      expect(await statusOf(projectID)).toEqual([]);

      await setPermissions(t.db, nopermID, [{ page: 3, change: 1 }]);
      const response = await noperm.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(2) });
      expect(response.statusCode, response.body).toBe(200);
      const rows = await statusOf(projectID);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ projectStatusID: response.json().id, projectStatusCodeID: code(2) });
      expect((await keptStatus(t.db, projectID)).projectLatestStatusCodeID).toBe(code(2));
    });

    it("stamps the setter and the time itself, whatever the call sends", async () => {
      const projectID = await project();
      await setPermissions(t.db, nopermID, [{ page: 3, change: 1 }]);
      const response = await noperm.insert("tblProjectStatus", {
        projectID,
        projectStatusCodeID: code(1),
        empID: adminID,
        createdTS: "2001-02-03 04:05:06",
      });
      expect(response.statusCode, response.body).toBe(200);
      const { rows } = await sql<{ empID: number; age: number }>`select "empID",
          extract(epoch from (now() - "createdTS"))::float8 as age
        from "tblProjectStatus" where "projectStatusID" = ${response.json().id}`.execute(t.db);
      expect(rows[0]?.empID).toBe(nopermID);
      expect(Math.abs(rows[0]?.age ?? Number.POSITIVE_INFINITY)).toBeLessThan(120);
      // The history view names the setter.
      const history = await admin.query({ table: "vwProjectStatusHistory", where: `projectID = ${projectID}` });
      expect(history.json().data).toEqual([
        expect.objectContaining({ empID: nopermID, projectStatusCodeID: code(1), statusName: nameOf.get(code(1)) }),
      ]);
    });

    it("refuses a status that is not one of the status list", async () => {
      const projectID = await project();
      const notStatuses = await t.db
        .selectFrom("tblAppLookup")
        .select("appLookupID")
        .where("appLookupParentID", "!=", LOOKUP_GROUPS.projectStatusCodes)
        .orderBy("appLookupID")
        .limit(2)
        .execute();
      for (const projectStatusCodeID of [...notStatuses.map((r) => r.appLookupID), 987_654]) {
        const body = expectError(await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID }), 400);
        expect(body.fieldErrors).toEqual({ projectStatusCodeID: "Status is not one of the choices" });
      }
      // Nor a status of a project that does not exist.
      const unknown = expectError(
        await admin.insert("tblProjectStatus", { projectID: 987_654, projectStatusCodeID: code(0) }),
        400,
      );
      expect(unknown.fieldErrors).toEqual({ projectID: "Project is not one of the choices" });
      expect(await statusOf(projectID)).toEqual([]);
    });

    it("refuses to change or delete a status row, even to an administrator", async () => {
      const projectID = await project();
      const { id } = (await admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: code(0) })).json();
      const before = await statusOf(projectID);
      // No table Update and Delete serve: refused by their schemas, whoever asks.
      expectError(
        await admin.update("tblProjectStatus", `projectStatusID = ${id}`, { projectStatusCodeID: code(1) }),
        400,
      );
      expectError(await admin.update("tblProjectStatus", `projectStatusID = ${id}`, { projectID }, "POST"), 400);
      expectError(await admin.remove("tblProjectStatus", `projectStatusID = ${id}`), 400);
      await setPermissions(t.db, nopermID, [{ page: 3, view: 1, add: 1, change: 1, del: 1 }]);
      expectError(await noperm.remove("tblProjectStatus", `projectStatusID = ${id}`), 400);
      expect(await statusOf(projectID)).toEqual(before);
    });
  });

  describe("the dates of a project", () => {
    const DUE_BEFORE_START = "Due Date must not be before Start Date";

    it("refuses a due date before the start date on insert and on update, with the field's message", async () => {
      const projects = await countOf(t.db, "tblProject");
      const inserted = expectError(
        await admin.insert("tblProject", {
          projectName: "Backwards",
          projectStartDate: "2026-05-10",
          projectDueDate: "2026-05-09",
        }),
        400,
        DUE_BEFORE_START,
      );
      expect(inserted.fieldErrors).toEqual({ projectDueDate: DUE_BEFORE_START });
      expect(await countOf(t.db, "tblProject")).toBe(projects);

      // The same day is allowed; a later change to before the start is not.
      const ok = await admin.insert("tblProject", {
        projectName: "Same Day",
        projectStartDate: "2026-05-10",
        projectDueDate: "2026-05-10",
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const where = `projectID = ${ok.json().id}`;
      expectError(await admin.update("tblProject", where, { projectDueDate: "2026-05-01" }), 400, DUE_BEFORE_START);
      expectError(await admin.update("tblProject", where, { projectStartDate: "2026-06-01" }), 400, DUE_BEFORE_START);
      const row = await t.db
        .selectFrom("tblProject")
        .select(["projectStartDate", "projectDueDate"])
        .where("projectID", "=", ok.json().id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ projectStartDate: "2026-05-10", projectDueDate: "2026-05-10" });
    });
  });
});
