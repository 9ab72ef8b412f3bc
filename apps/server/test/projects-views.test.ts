import { ERROR_MESSAGES, LOOKUP_GROUPS, PAGES } from "@office/core";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import type { DataClient } from "./support/data.js";
import { empIDOf, type PageGrant, setPermissions } from "./support/db.js";
import { ONE_ENGINE } from "./support/engines.js";
import { expectError } from "./support/errors.js";
import { histories, listValues, newProject, type StatusRow, statusRows, toSecondMs } from "./support/projects.js";

type Row = Record<string, unknown>;

class Rollback extends Error {}

/*
 * Issue 8: the views of the projects area name what a project refers to, the status a change
 * replaced, and the signed-in user's recent projects; each is read with its page's right.
 */
describe.each(ONE_ENGINE)("the projects area's views on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm } = t;
  let adminID: number;
  let staffID: number;
  let codes: number[];

  beforeAll(async () => {
    adminID = await empIDOf(t.db, "admin");
    staffID = await empIDOf(t.db, "staff");
    codes = (await listValues(t.db, LOOKUP_GROUPS.projectStatusCodes)).map((v) => v.appLookupID);

    // Histories the seed does not have: three statuses of one time (the key decides), a
    // project without any status, and statuses the admin set just now.
    const tied = await project("Tied Times");
    await t.db
      .insertInto("tblProjectStatus")
      .values(
        [2, 0, 1].map((i) => ({
          projectID: tied,
          projectStatusCodeID: codes[i] as number,
          empID: staffID,
          createdTS: new Date("2026-02-02T10:00:00Z"),
        })),
      )
      .execute();
    await project("No Status");
    const set = await project("Set By Admin");
    for (const i of [1, 3]) {
      const response = await admin.insert("tblProjectStatus", { projectID: set, projectStatusCodeID: codes[i] });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  const project = (projectName: string) => newProject(admin, projectName, { projectClientID: 1, projectCategory: 300 });

  /** Runs a check with noperm given these rows alone (none again after). */
  async function withPagesOfNoperm(grants: PageGrant[], check: () => Promise<void>) {
    const nopermID = await empIDOf(t.db, "noperm");
    await setPermissions(t.db, nopermID, grants);
    try {
      await check();
    } finally {
      await setPermissions(t.db, nopermID, []);
    }
  }

  /** Every row of a resource through the data service. */
  async function all(client: DataClient, table: string, params: Record<string, string> = {}) {
    const response = await client.query({ table, rowLimit: 100_000, continue: 1, ...params });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Row[];
  }

  const byKey = <T extends Row>(rows: T[], key: string) => [...rows].sort((a, b) => Number(a[key]) - Number(b[key]));

  describe("vwProjectList", () => {
    it("names each project's client, category, owner and latest status as the tables do", async () => {
      const [projects, clients, lookups, employees] = await Promise.all([
        t.db.selectFrom("tblProject").selectAll().execute(),
        t.db.selectFrom("tblClient").select(["clientID", "clientName"]).execute(),
        t.db.selectFrom("tblAppLookup").select(["appLookupID", "appLookupValue"]).execute(),
        t.db.selectFrom("tblEmployee").select(["empID", "empFirstName", "empLastName"]).execute(),
      ]);
      const client = new Map(clients.map((c) => [c.clientID, c.clientName]));
      const lookup = new Map(lookups.map((l) => [l.appLookupID, l.appLookupValue]));
      const employee = new Map(employees.map((e) => [e.empID, `${e.empLastName}, ${e.empFirstName}`]));
      const name = <K>(map: Map<K, string | null>, key: K | null) => (key === null ? null : (map.get(key) ?? null));
      const expected = byKey(
        projects.map((p) => ({
          projectID: p.projectID,
          projectName: p.projectName,
          projectLatestStatusCodeID: p.projectLatestStatusCodeID,
          clientName: name(client, p.projectClientID),
          categoryName: name(lookup, p.projectCategory),
          ownerName: name(employee, p.projectOwnerID),
          latestStatusName: name(lookup, p.projectLatestStatusCodeID),
        })),
        "projectID",
      );
      const fields =
        "projectID,projectName,projectLatestStatusCodeID,clientName,categoryName,ownerName,latestStatusName";
      const rows = byKey(await all(admin, "vwProjectList", { fields }), "projectID");
      expect(rows).toEqual(expected);
      // Each kind of name is there for some project, and a project without a status has none.
      for (const column of ["clientName", "categoryName", "ownerName", "latestStatusName"]) {
        expect(
          rows.some((r) => r[column] !== null),
          column,
        ).toBe(true);
      }
      expect(rows.find((r) => r.projectName === "No Status")?.latestStatusName).toBeNull();
      // The header's project search reads the same kept status.
      const search = byKey(
        await all(admin, "vwProjectSearch", { fields: "projectID,latestStatusCodeID" }),
        "projectID",
      );
      expect(search).toEqual(
        expected.map((p) => ({ projectID: p.projectID, latestStatusCodeID: p.projectLatestStatusCodeID })),
      );
      // Staff read it with view on page 3, as they read the projects.
      expect(byKey(await all(staff, "vwProjectList", { fields }), "projectID")).toEqual(expected);
    });
  });

  describe("vwProjectStatusAudit", () => {
    it("gives each change the status of the project's previous row (by time, then key)", async () => {
      const history = histories(await statusRows(t.db));
      const names = new Map(
        (await t.db.selectFrom("tblAppLookup").select(["appLookupID", "appLookupValue"]).execute()).map((l) => [
          l.appLookupID,
          l.appLookupValue,
        ]),
      );
      // The projects with the longest histories, and the one whose statuses share a time.
      const chosen = [...history.entries()]
        .sort((a, b) => b[1].length - a[1].length)
        .slice(0, 4)
        .map(([projectID]) => projectID);
      const tied = (
        await t.db
          .selectFrom("tblProject")
          .select("projectID")
          .where("projectName", "=", "Tied Times")
          .executeTakeFirstOrThrow()
      ).projectID;
      if (!chosen.includes(tied)) chosen.push(tied);

      const expected = chosen.flatMap((projectID) =>
        (history.get(projectID) as StatusRow[]).map((row, i, list) => {
          const previous = i > 0 ? (list[i - 1] as StatusRow).projectStatusCodeID : null;
          return {
            projectStatusID: row.projectStatusID,
            projectID,
            projectStatusCodeID: row.projectStatusCodeID,
            statusName: names.get(row.projectStatusCodeID) ?? null,
            oldStatusCodeID: previous,
            oldStatusName: previous === null ? null : (names.get(previous) ?? null),
          };
        }),
      );
      expect(expected.length).toBeGreaterThan(8);
      const rows = await all(admin, "vwProjectStatusAudit", {
        fields: "projectStatusID,projectID,projectStatusCodeID,statusName,oldStatusCodeID,oldStatusName",
        where: `projectID IN (${chosen.join(",")})`,
      });
      expect(byKey(rows, "projectStatusID")).toEqual(byKey(expected, "projectStatusID"));

      // Every row of the whole audit: its old status is the previous row of its project.
      const everything = await all(admin, "vwProjectStatusAudit", { fields: "projectStatusID,oldStatusCodeID" });
      const previousOf = new Map<number, number | null>();
      for (const list of history.values()) {
        for (const [i, row] of list.entries()) {
          previousOf.set(row.projectStatusID, i > 0 ? (list[i - 1] as StatusRow).projectStatusCodeID : null);
        }
      }
      expect(everything).toHaveLength(previousOf.size);
      for (const row of everything) {
        expect(row.oldStatusCodeID, `status row ${row.projectStatusID}`).toBe(
          previousOf.get(row.projectStatusID as number),
        );
      }
    });

    it("is page 57's: staff and noperm are refused, as for the totals, and view on page 57 alone reads it", async () => {
      expectError(await staff.query({ table: "vwProjectStatusAudit" }), 403);
      expectError(await noperm.query({ table: "vwProjectStatusAudit" }), 403, ERROR_MESSAGES.accessDenied);
      await withPagesOfNoperm([{ page: PAGES.statusAudit, view: 1 }], async () => {
        expect((await noperm.query({ table: "vwProjectStatusAudit", rowLimit: 1 })).statusCode).toBe(200);
      });
    });
  });

  describe("vwMyRecentProjects", () => {
    /** Each project's last activity of an employee, in epoch milliseconds to the second, computed from the tables. */
    async function recentOf(empID: number): Promise<Map<number, number>> {
      const { rows } = await sql<{ projectID: number; us: string }>`
        select "projectID", (extract(epoch from "createdTS") * 1000000)::bigint::text as us
          from "tblProjectNotes" where "empID" = ${empID}
        union all
        select "projectID", (extract(epoch from "createdTS") * 1000000)::bigint::text
          from "tblProjectStatus" where "empID" = ${empID}
        union all
        select "projectID", (extract(epoch from "projectCreatedTS") * 1000000)::bigint::text
          from "tblProject" where "projectOwnerID" = ${empID}`.execute(t.db);
      const last = new Map<number, bigint>();
      for (const row of rows) {
        const us = BigInt(row.us);
        const known = last.get(row.projectID);
        if (known === undefined || us > known) last.set(row.projectID, us);
      }
      return new Map([...last].map(([projectID, us]) => [projectID, toSecondMs(us)]));
    }

    it("answers each caller their own projects, with the time of their last note, status or ownership", async () => {
      for (const [client, empID] of [
        [admin, adminID],
        [staff, staffID],
      ] as const) {
        const expected = await recentOf(empID);
        expect(expected.size, `employee ${empID} has activity`).toBeGreaterThan(0);
        const rows = await all(client, "vwMyRecentProjects");
        expect(rows.every((r) => r.empID === empID)).toBe(true);
        const answered = new Map(rows.map((r) => [r.projectID as number, Date.parse(r.lastActivityTS as string)]));
        expect(answered).toEqual(expected);
        // Asking for another's rows finds none.
        const other = empID === adminID ? staffID : adminID;
        expect(await all(client, "vwMyRecentProjects", { where: `empID = ${other}` })).toEqual([]);
      }
      // The statuses the admin set are among the admin's projects; the tied statuses staff set, among staff's.
      const adminRows = await all(admin, "vwMyRecentProjects", { where: "projectName = 'Set By Admin'" });
      expect(adminRows).toHaveLength(1);
      const staffRows = await all(staff, "vwMyRecentProjects", { where: "projectName = 'Tied Times'" });
      expect(staffRows).toHaveLength(1);
    });

    /**
     * Pairs of employee and project whose kept last activity (tblProjectActivity, migration
     * 0009) differs from what the three tables say now, for every employee.
     */
    async function drift(): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        with computed as (
          select "empID", "projectID", max("ts") as "lastActivityTS" from (
            select "empID", "projectID", "createdTS" as "ts" from "tblProjectNotes" where "empID" is not null
            union all
            select "empID", "projectID", "createdTS" from "tblProjectStatus" where "empID" is not null
            union all
            select "projectOwnerID", "projectID", "projectCreatedTS" from "tblProject" where "projectOwnerID" is not null
          ) u group by 1, 2
        )
        select count(*)::int as n from (
          (select * from computed except select * from "tblProjectActivity")
          union all
          (select * from "tblProjectActivity" except select * from computed)
        ) d`.execute(t.db);
      return rows[0]?.n ?? -1;
    }

    it("follows every write: notes, statuses and owners added, moved back in time, moved on and removed", async () => {
      expect(await drift()).toBe(0);
      const [one, two] = [await project("Activity One"), await project("Activity Two")];
      const later = new Date("2031-03-04T05:06:07Z");
      const earlier = new Date("2021-01-02T03:04:05Z");
      const note = (createdTS: Date, projectID = one) =>
        t.db
          .insertInto("tblProjectNotes")
          .values({ projectID, empID: staffID, ProjectNotesMinutes: 15, createdTS })
          .returning("projectNotesID")
          .executeTakeFirstOrThrow();
      const staffLast = async () =>
        new Map(
          (await all(staff, "vwMyRecentProjects", { where: `projectID IN (${one}, ${two})` })).map((r) => [
            r.projectID,
            Date.parse(r.lastActivityTS as string),
          ]),
        );

      const { projectNotesID: newest } = await note(later);
      await note(new Date("2020-05-05T00:00:00Z"));
      expect(await drift()).toBe(0);
      expect((await staffLast()).get(one)).toBe(later.getTime());
      const steps = [
        // Back in time, then to another project, then to another employee: each pair recomputed.
        () => t.db.updateTable("tblProjectNotes").set({ createdTS: earlier }).where("projectNotesID", "=", newest),
        () => t.db.updateTable("tblProjectNotes").set({ projectID: two }).where("projectNotesID", "=", newest),
        () =>
          t.db
            .updateTable("tblProjectNotes")
            .set({ ProjectNotesDesc: "text alone" })
            .where("projectNotesID", "=", newest),
        () => t.db.updateTable("tblProjectNotes").set({ empID: adminID }).where("projectNotesID", "=", newest),
        () =>
          t.db
            .insertInto("tblProjectStatus")
            .values({ projectID: two, projectStatusCodeID: codes[0] as number, empID: staffID, createdTS: later }),
        () => t.db.deleteFrom("tblProjectStatus").where("projectID", "=", two).where("empID", "=", staffID),
        () => t.db.updateTable("tblProject").set({ projectOwnerID: staffID }).where("projectID", "in", [one, two]),
        () => t.db.updateTable("tblProject").set({ projectOwnerID: adminID }).where("projectID", "=", two),
        () => t.db.deleteFrom("tblProjectNotes").where("projectID", "in", [one, two]),
        () => t.db.deleteFrom("tblProject").where("projectID", "=", two),
      ];
      for (const [i, step] of steps.entries()) {
        await step().execute();
        expect(await drift(), `after step ${i + 1}`).toBe(0);
      }
      // Staff now owns project one alone; project two is gone.
      expect([...(await staffLast()).keys()]).toEqual([one]);
    });

    it("is computed again when a history is emptied at once (TRUNCATE fires no row triggers)", async () => {
      // In a transaction rolled back, so the other tests keep their statuses.
      await t.db
        .transaction()
        .execute(async (trx) => {
          await sql`truncate "tblProjectStatus"`.execute(trx);
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from "tblProjectActivity" a
            where not exists (select 1 from "tblProjectNotes" n where n."empID" = a."empID" and n."projectID" = a."projectID")
              and not exists (select 1 from "tblProject" p where p."projectOwnerID" = a."empID" and p."projectID" = a."projectID")`.execute(
            trx,
          );
          expect(rows[0]?.n).toBe(0);
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      expect(await drift()).toBe(0);
    });

    it("is refused to noperm, and read with view on the dashboard (page 2) alone", async () => {
      expectError(await noperm.query({ table: "vwMyRecentProjects" }), 403, ERROR_MESSAGES.accessDenied);
      await withPagesOfNoperm([{ page: PAGES.statusDashboard, view: 1 }], async () => {
        expect((await noperm.query({ table: "vwMyRecentProjects" })).statusCode).toBe(200);
      });
    });
  });

  describe("page rights of the views", () => {
    it("lets staff read the project list, the notes search and the status history, not the status audit", async () => {
      for (const table of ["vwProjectList", "vwProjectNoteSearch", "vwProjectStatusHistory"]) {
        const response = await staff.query({ table, rowLimit: 1 });
        expect(response.statusCode, `${table}: ${response.body}`).toBe(200);
        expect(response.json().meta.TotalRecords).toBeGreaterThan(0);
      }
      expectError(await staff.query({ table: "vwProjectStatusAudit", rowLimit: 1 }), 403);
      expectError(await staff.query({ table: "vwPortalOrderList", rowLimit: 1 }), 403);
      for (const table of ["vwProjectList", "vwProjectNoteSearch", "vwProjectStatusHistory"]) {
        expectError(await noperm.query({ table, rowLimit: 1 }), 403, ERROR_MESSAGES.accessDenied);
      }
    });
  });
});
