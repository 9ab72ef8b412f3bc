import { ERROR_MESSAGES } from "@office/core";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { type DataClient, dataClient } from "./support/data.js";
import { countOf, empIDOf, setPermissions } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";

interface Group {
  key: number | string | null;
  label: string | null;
  count: number;
  total: number;
}
interface Totals {
  data: Group[];
  meta: { TotalRecords: number; count: number; total: number };
}

/** The first quarter of 2026, in the company's time (the where's dates are read in it). */
const FROM = "2026-01-01 00:00:00";
const TO = "2026-03-31 23:59:59";
const RANGE = `createdTS BETWEEN '${FROM}' AND '${TO}'`;

const byKey = (groups: Group[]) =>
  [...groups].sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : Number(a.key) - Number(b.key)));

/** Groups rows by a column, counting them and summing another, as GET /API/Totals/ should. */
function grouped(rows: Record<string, unknown>[], by: string, label: string, sum?: string): Totals {
  const groups = new Map<unknown, Group>();
  for (const row of rows) {
    const key = (row[by] ?? null) as number | null;
    const group = groups.get(key) ?? { key, label: (row[label] ?? null) as string | null, count: 0, total: 0 };
    group.count += 1;
    group.total += sum ? Number(row[sum] ?? 0) : 0;
    groups.set(key, group);
  }
  const data = byKey([...groups.values()]);
  return {
    data,
    meta: {
      TotalRecords: data.length,
      count: rows.length,
      total: data.reduce((n, g) => n + g.total, 0),
    },
  };
}

/* Issue 8: GET /API/Totals/ counts and sums a resource's rows by one of its declared columns. */
describe.each(ENGINES)("GET /API/Totals/ on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm } = t;

  beforeAll(async () => {
    // A project without any status: the totals by status have a group without a key.
    const response = await admin.insert("tblProject", { projectName: "Totals Without Status" });
    expect(response.statusCode, response.body).toBe(200);
  });

  const totals = (client: DataClient | null, query: InjectOptions["query"]) => {
    const options: InjectOptions = { method: "GET", url: "/API/Totals/", query };
    return client ? client.inject(options) : t.app.inject(options);
  };

  async function ok(client: DataClient, query: Record<string, string>): Promise<Totals> {
    const response = await totals(client, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The rows of the notes search a where matches, through the data service. */
  async function noteRows(where: string) {
    const response = await admin.query({
      table: "vwProjectNoteSearch",
      fields: "projectNotesID,empID,empName,ProjectNotesMinutes",
      where,
      rowLimit: 100_000,
      continue: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Record<string, unknown>[];
  }

  describe("the notes search by employee", () => {
    it("counts and sums one employee's notes of a date range as their raw rows do", async () => {
      const { rows: busiest } = await sql<{ empID: number; n: number; minutes: number }>`
        select "empID", count(*)::int as n, sum("ProjectNotesMinutes")::int as minutes from "tblProjectNotes"
        where "createdTS" between ${FROM}::timestamptz and ${TO}::timestamptz
        group by "empID" order by 2 desc, 1 limit 1`.execute(t.db);
      const chosen = busiest[0];
      expect(chosen?.n).toBeGreaterThan(1);
      const empID = chosen?.empID as number;
      const where = `empID = ${empID} AND ${RANGE}`;

      const rows = await noteRows(where);
      // The view holds every note of the table in the range: nothing is lost in its joins.
      expect(rows).toHaveLength(chosen?.n as number);
      const expected = grouped(rows, "empID", "empName", "ProjectNotesMinutes");
      expect(expected.meta.total).toBe(chosen?.minutes);
      const answer = await ok(admin, { table: "vwProjectNoteSearch", by: "empID", where });
      expect(answer).toEqual(expected);
      expect(answer.data).toHaveLength(1);
      const employee = await t.db
        .selectFrom("tblEmployee")
        .select(["empFirstName", "empLastName"])
        .where("empID", "=", empID)
        .executeTakeFirstOrThrow();
      expect(answer.data[0]?.label).toBe(`${employee.empLastName}, ${employee.empFirstName}`);
    });

    it("answers every group of the range, the grand totals over all of them, and caps only the data", async () => {
      const rows = await noteRows(RANGE);
      const expected = grouped(rows, "empID", "empName", "ProjectNotesMinutes");
      expect(expected.data.length).toBeGreaterThan(5);
      const answer = await ok(admin, { table: "vwProjectNoteSearch", by: "empID", where: RANGE });
      expect(byKey(answer.data)).toEqual(expected.data);
      expect(answer.meta).toEqual(expected.meta);

      for (const rowLimit of ["1", "3", "10000"]) {
        const capped = await ok(admin, { table: "vwProjectNoteSearch", by: "empID", where: RANGE, rowLimit });
        expect(capped.data).toEqual(answer.data.slice(0, Number(rowLimit)));
        expect(capped.meta).toEqual(expected.meta);
      }
      // The same rows by project and by note type add up to the same grand totals.
      for (const by of ["projectID", "projectNoteCategory"]) {
        const other = await ok(admin, { table: "vwProjectNoteSearch", by, where: RANGE });
        expect(other.meta.count, by).toBe(expected.meta.count);
        expect(other.meta.total, by).toBe(expected.meta.total);
        expect(other.data.reduce((n, g) => n + g.count, 0)).toBe(expected.meta.count);
      }
    });

    it("names the groups by project from the projects and orders them by name or the largest first", async () => {
      const rows = await noteRows(RANGE);
      const withNames = await admin.query({
        table: "vwProjectNoteSearch",
        fields: "projectNotesID,projectID,projectName,ProjectNotesMinutes",
        where: RANGE,
        rowLimit: 100_000,
        continue: 1,
      });
      const expected = grouped(withNames.json().data, "projectID", "projectName", "ProjectNotesMinutes");
      expect(expected.meta.count).toBe(rows.length);
      expect(expected.data.length).toBeGreaterThan(5);
      const byName = (a: Group, b: Group) =>
        a.label === b.label ? Number(a.key) - Number(b.key) : String(a.label) < String(b.label) ? -1 : 1;
      const largest = (a: Group, b: Group) => b.total - a.total || b.count - a.count || Number(a.key) - Number(b.key);
      for (const [order, compare] of [
        [undefined, byName],
        ["label", byName],
        ["total", largest],
      ] as const) {
        const query = { table: "vwProjectNoteSearch", by: "projectID", where: RANGE, ...(order ? { order } : {}) };
        const answer = await ok(admin, query);
        expect(answer.data, order).toEqual([...expected.data].sort(compare));
        expect(answer.meta).toEqual(expected.meta);
        const capped = await ok(admin, { ...query, rowLimit: "3" });
        expect(capped.data).toEqual(answer.data.slice(0, 3));
        expect(capped.meta).toEqual(expected.meta);
      }
      // Groupings named by their rows order the same ways.
      const employees = await ok(admin, {
        table: "vwProjectNoteSearch",
        by: "empID",
        where: RANGE,
        order: "total",
      });
      const people = grouped(rows, "empID", "empName", "ProjectNotesMinutes");
      expect(employees.data).toEqual([...people.data].sort(largest));
      expectError(await totals(admin, { table: "vwProjectNoteSearch", by: "empID", order: "size" }), 400);
    });

    it("answers no groups and zero totals for a where that matches nothing", async () => {
      expect(await ok(admin, { table: "vwProjectNoteSearch", by: "empID", where: "empID = 987654" })).toEqual({
        data: [],
        meta: { TotalRecords: 0, count: 0, total: 0 },
      });
    });

    it("lets staff count the notes search (page 35)", async () => {
      const mine = await ok(staff, { table: "vwProjectNoteSearch", by: "empID", where: RANGE });
      const theirs = await ok(admin, { table: "vwProjectNoteSearch", by: "empID", where: RANGE });
      expect(mine).toEqual(theirs);
    });
  });

  /** Projects by kept status straight from the table, with the status's name. */
  async function countedFromTable(condition = sql`true`) {
    const { rows } = await sql<{ key: number | null; label: string | null; count: number }>`
      select p."projectLatestStatusCodeID" as key, l."appLookupValue" as label, count(*)::int as count
      from "tblProject" p left join "tblAppLookup" l on l."appLookupID" = p."projectLatestStatusCodeID"
      where ${condition} group by 1, 2`.execute(t.db);
    return byKey(rows.map((r) => ({ ...r, total: 0 })));
  }

  describe("the project list by latest status", () => {
    it("counts projects by their kept status as a GROUP BY of the table does, the unset last", async () => {
      for (const [where, condition] of [
        ["", sql`true`],
        ["projectClientID = 1", sql`"projectClientID" = 1`],
      ] as const) {
        const expected = await countedFromTable(condition);
        const answer = await ok(staff, { table: "vwProjectList", by: "projectLatestStatusCodeID", where });
        expect(byKey(answer.data), where).toEqual(expected);
        expect(answer.meta).toEqual({
          TotalRecords: expected.length,
          count: expected.reduce((n, g) => n + g.count, 0),
          total: 0,
        });
        if (where === "") {
          expect(answer.data.at(-1)).toMatchObject({ key: null, label: null });
          expect(expected.length).toBeGreaterThan(2);
        }
      }
    });
  });

  describe("the status dashboard's counts (page 2)", () => {
    it("counts every project by its latest status for staff, those without one as the group without a key", async () => {
      const expected = await countedFromTable();
      expect(expected.length).toBeGreaterThan(2);
      const answer = await ok(staff, { table: "vwProjectsByStatus", by: "projectLatestStatusCodeID", where: "" });
      expect(byKey(answer.data)).toEqual(expected);
      expect(answer.data.at(-1)).toMatchObject({ key: null, label: null });
      expect(answer.meta).toEqual({
        TotalRecords: expected.length,
        count: await countOf(t.db, "tblProject"),
        total: 0,
      });
    });

    it("is the dashboard's: view on page 2 alone counts it, and not the project search's list", async () => {
      const nopermID = await empIDOf(t.db, "noperm");
      await setPermissions(t.db, nopermID, [{ page: 2, view: 1 }]);
      try {
        const answer = await ok(noperm, { table: "vwProjectsByStatus", by: "projectLatestStatusCodeID" });
        expect(byKey(answer.data)).toEqual(await countedFromTable());
        expectError(await totals(noperm, { table: "vwProjectList", by: "projectLatestStatusCodeID" }), 403);
        await setPermissions(t.db, nopermID, [{ page: 3, view: 1 }]);
        expectError(await totals(noperm, { table: "vwProjectsByStatus", by: "projectLatestStatusCodeID" }), 403);
      } finally {
        await setPermissions(t.db, nopermID, []);
      }
    });
  });

  describe("refusals", () => {
    const valid = { table: "vwProjectNoteSearch", by: "empID", where: RANGE };

    const HOSTILE: Record<string, Record<string, string | string[]>> = {
      "an unknown by": { ...valid, by: "nope" },
      "a column not declared for totals": { ...valid, by: "ProjectNotesDesc" },
      "the summed column as by": { ...valid, by: "ProjectNotesMinutes" },
      "a name column as by": { ...valid, by: "empName" },
      "an inherited property as by": { ...valid, by: "__proto__" },
      "constructor as by": { ...valid, by: "constructor" },
      "toString as by": { ...valid, by: "toString" },
      "SQL in by": { ...valid, by: 'empID; DROP TABLE "tblProject"' },
      "a quoted by": { ...valid, by: '"empID"' },
      "a by with a direction": { ...valid, by: "empID DESC" },
      "an empty by": { ...valid, by: "" },
      "a too long by": { ...valid, by: "e".repeat(65) },
      "two bys": { ...valid, by: ["empID", "projectID"] },
      "no by": { table: "vwProjectNoteSearch" },
      "a table without totals": { table: "tblProject", by: "projectID" },
      "the status audit (no totals)": { table: "vwProjectStatusAudit", by: "projectStatusCodeID" },
      "an unknown table": { table: "tblNope", by: "empID" },
      "SQL in table": { table: 'vwProjectNoteSearch"; DROP TABLE "tblProject', by: "empID" },
      "no table": { by: "empID" },
      "a malformed where": { ...valid, where: "empID = " },
      "an unbalanced where": { ...valid, where: "(empID = 1" },
      "stacked statements in where": { ...valid, where: 'empID = 1; DROP TABLE "tblProject"' },
      "UNION in where": { ...valid, where: 'empID = 1 UNION SELECT "passwordHash" FROM "authAccount"' },
      "a function in where": { ...valid, where: "pg_sleep(1) = 1" },
      "a comment in where": { ...valid, where: "empID = 1 --" },
      "an unknown column in where": { ...valid, where: "passwordHash = 'x'" },
      "a bad date in where": { ...valid, where: "createdTS > 'yesterday-ish'" },
      "an extra parameter": { ...valid, foo: "1" },
      "fields, which totals do not take": { ...valid, fields: "empID" },
      "order, which totals do not take": { ...valid, order: "empID" },
      "rowLimit 0": { ...valid, rowLimit: "0" },
      "rowLimit -1": { ...valid, rowLimit: "-1" },
      "rowLimit past the most groups": { ...valid, rowLimit: "10001" },
      "a huge rowLimit": { ...valid, rowLimit: "99999999999999999999" },
      "a text rowLimit": { ...valid, rowLimit: "all" },
      "a fractional rowLimit": { ...valid, rowLimit: "1.5" },
      "an empty rowLimit": { ...valid, rowLimit: "" },
    };

    const digest = async () => {
      const parts: unknown[] = [];
      for (const table of ["tblProject", "tblProjectNotes", "tblProjectStatus", "authAccount"]) {
        const { rows } = await sql<{ d: string }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), ''))
          as d from ${sql.table(table)} t`.execute(t.db);
        parts.push(rows[0]?.d);
      }
      return parts.join(",");
    };

    it("answers each hostile or malformed call 400 with the error body, and stays well", async () => {
      const before = await digest();
      const failures = () => t.logs.filter((line) => line.includes('"request failed"')).length;
      const failed = failures();
      for (const [name, query] of Object.entries(HOSTILE)) {
        const response = await totals(admin, query);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        const body = expectError(response, 400);
        expect(body.params, name).toEqual(expect.any(Object));
        expect(body.message, name).not.toMatch(/select|syntax error at|relation|stack/i);
      }
      expect(failures()).toBe(failed);
      expect(await digest()).toBe(before);
      // The process answers the next call as before.
      const rows = await noteRows(RANGE);
      expect((await ok(admin, valid)).meta).toEqual(grouped(rows, "empID", "empName", "ProjectNotesMinutes").meta);
    });

    it("names what went wrong for a by or a table that has no totals", async () => {
      const unknownBy = expectError(await totals(admin, { ...valid, by: "ProjectNotesDesc" }), 400);
      expect(unknownBy.fieldErrors).toEqual({ by: "is not a total" });
      const noTotals = expectError(await totals(admin, { table: "tblProject", by: "projectID" }), 400);
      expect(noTotals.fieldErrors).toEqual({ table: "has no totals" });
      const unknownTable = expectError(await totals(admin, { table: "tblNope", by: "empID" }), 400);
      expect(unknownTable.fieldErrors).toEqual({ table: "is not a known table" });
    });

    it("answers 401 without a session and 403 without the rights", async () => {
      expectError(await totals(null, valid), 401);
      expectError(await totals(dataClient(t.app, "not-a-token"), valid), 401);
      expectError(await totals(noperm, valid), 403, ERROR_MESSAGES.accessDenied);
      expectError(
        await totals(noperm, { table: "vwProjectList", by: "projectLatestStatusCodeID" }),
        403,
        ERROR_MESSAGES.accessDenied,
      );
      // Which tables have totals is the API document's (the table's enumeration): told before the rights.
      expectError(await totals(staff, { table: "vwProjectStatusAudit", by: "projectStatusCodeID" }), 400);
      expectError(await totals(staff, { table: "vwPortalOrderList", by: "clientID" }), 400);
      expectError(await totals(admin, { table: "vwPortalOrderList", by: "clientID" }), 400);
    });
  });
});
