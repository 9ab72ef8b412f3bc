import type { ReportAnswer } from "@office/core";
import { addDays, dateIn, ERROR_MESSAGES, PAGES, wallToInstant } from "@office/core";
import type { LightMyRequestResponse } from "fastify";
import { type Kysely, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../src/db/schema.js";
import { reportRoutes } from "../src/reports/routes.js";
import { type AccountClient, useTestApp } from "./support/context.js";
import { empIDOf, lastAuditID, setPermissions } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";

/** The company's zone, as the test app's (support/app.ts). */
const ZONE = "America/New_York";
/** A year of the demo company's history, which ends on 15 June 2026 (TEST_ANCHOR), all past. */
const RANGE = { from: "2025-07-01", to: "2026-06-30" };

type Key = number | string | null;
interface Group {
  key: Key;
  label: string | null;
  count: number;
  total: number | string;
}

/** A company day's first instant, in milliseconds. */
const midnight = (day: string) => wallToInstant(Date.parse(`${day}T00:00:00Z`), ZONE);
const dayOf = (instant: Date) => dateIn(instant, ZONE);
const inRange = (day: string, range = RANGE) => day >= range.from && day <= range.to;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const amount = (cents: number) => (cents / 100).toFixed(2);
const byKey = (a: { key: Key }, b: { key: Key }) =>
  String(a.key ?? "").localeCompare(String(b.key ?? ""), "en", { numeric: true });

/** Rows counted and summed by a key, each group named by its rows, as a report's groups should be. */
function grouped<R>(
  rows: readonly R[],
  keyOf: (row: R) => Key,
  labelOf: (row: R) => string | null,
  amountOf: (row: R) => number,
  money = false,
): Group[] {
  const groups = new Map<Key, { key: Key; label: string | null; count: number; sum: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? { key, label: labelOf(row), count: 0, sum: 0 };
    group.count += 1;
    group.sum += amountOf(row);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ key, label, count, sum }) => ({ key, label, count, total: money ? amount(sum) : sum }))
    .sort(byKey);
}

/** An answer's groups without their series, by key. */
const groupsOf = (answer: ReportAnswer): Group[] =>
  answer.data.map(({ key, label, count, total }) => ({ key, label, count, total })).sort(byKey);

/** The grand totals a list of groups gives. */
function grand(groups: readonly Group[], money = false) {
  const count = groups.reduce((n, g) => n + g.count, 0);
  const total = groups.reduce((n, g) => n + (money ? cents(String(g.total)) : Number(g.total)), 0);
  return { TotalRecords: groups.length, count, total: money ? amount(total) : total };
}

/** Whether an answer's groups come in the grouping's order: the largest first, or by name (a month's is its date). */
function isOrdered(answer: ReportAnswer, order: "total" | "label"): boolean {
  const values = answer.data.map((row) => (order === "total" ? Number(row.total) : String(row.key)));
  return values.every((value, i) => {
    const before = values[i - 1];
    return before === undefined || (order === "total" ? value <= before : value > before);
  });
}

/*
 * Reports (issue 37, page 25): each report's totals equal sums made here from the rows read
 * with plain SQL; card limits as of past days equal the states a scripted history passed
 * through; bad input is a clear 4xx that changes nothing.
 */
describe.each(ENGINES)("reports on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm } = t;

  beforeAll(async () => {
    // Until the app registers the reports' routes itself (app.ts), the test adds them.
    if (!t.app.hasRoute({ method: "GET", url: "/API/Reports/:report" })) {
      await t.app.register(reportRoutes, { db: t.db, timeZone: () => ZONE });
    }
  });

  const call = (client: AccountClient, report: string, query: Record<string, string> = {}) =>
    client.inject({ method: "GET", url: `/API/Reports/${report}`, query });

  async function ok(report: string, query: Record<string, string> = {}, client = admin): Promise<ReportAnswer> {
    const response = await call(client, report, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it("is in the API document: its reports and groupings as enumerations, the where and days it takes", async () => {
    const doc = (await admin.call("GET", "/API/docs/openapi.json")).json();
    const documented = doc.paths["/API/Reports/{report}"]?.get;
    expect(documented?.tags).toEqual(["Reports"]);
    const parameters = Object.fromEntries(
      (documented?.parameters ?? []).map((p: { name: string; schema: unknown }) => [p.name, p.schema]),
    );
    expect(parameters.report).toMatchObject({
      enum: ["hours", "projectStatus", "timeInStatus", "cardSpending", "cardLimits"],
    });
    expect(parameters.by).toMatchObject({ enum: expect.arrayContaining(["employee", "month", "status", "card"]) });
    expect(Object.keys(parameters)).toEqual(expect.arrayContaining(["from", "to", "where", "asOf"]));
  });

  describe("hours", () => {
    let notes: Array<{
      empID: number;
      projectID: number;
      category: number;
      minutes: number;
      day: string;
      empName: string;
      projectName: string;
      categoryName: string | null;
    }>;

    beforeAll(async () => {
      const { rows } = await sql<{
        empID: number;
        projectID: number;
        category: number;
        minutes: number;
        createdTS: Date;
        empName: string;
        projectName: string;
        categoryName: string | null;
      }>`select n."empID", n."projectID", n."projectNoteCategory" as category, n."ProjectNotesMinutes" as minutes,
          n."createdTS", e."empLastName" || ', ' || e."empFirstName" as "empName", p."projectName",
          c."appLookupValue" as "categoryName"
        from "tblProjectNotes" n join "tblEmployee" e on e."empID" = n."empID"
        join "tblProject" p on p."projectID" = n."projectID"
        left join "tblAppLookup" c on c."appLookupID" = n."projectNoteCategory"`.execute(t.db);
      notes = rows
        .map(({ createdTS, ...note }) => ({ ...note, day: dayOf(new Date(createdTS)) }))
        .filter((note) => inRange(note.day));
      expect(notes.length).toBeGreaterThan(50);
    });

    it.each([
      ["employee", (n: (typeof notes)[number]) => n.empID, (n: (typeof notes)[number]) => n.empName],
      ["project", (n: (typeof notes)[number]) => n.projectID, (n: (typeof notes)[number]) => n.projectName],
      ["category", (n: (typeof notes)[number]) => n.category, (n: (typeof notes)[number]) => n.categoryName],
      ["month", (n: (typeof notes)[number]) => n.day.slice(0, 7), (n: (typeof notes)[number]) => n.day.slice(0, 7)],
    ] as const)("by %s: the minutes of each group's notes in the range, summed", async (by, keyOf, labelOf) => {
      const expected = grouped(notes, keyOf, labelOf, (n) => n.minutes);
      expect(expected.length).toBeGreaterThan(1);
      const answer = await ok("hours", { by, ...RANGE });
      expect(groupsOf(answer)).toEqual(expected);
      expect(answer.meta).toEqual({ ...grand(expected), by, ...RANGE, asOf: null });
      expect(answer.series).toEqual([]);
      expect(isOrdered(answer, by === "month" ? "label" : "total")).toBe(true);
    });

    it("counts only the notes a where matches, of the days asked", async () => {
      const range = { from: "2026-01-01", to: "2026-03-31" };
      const chosen = notes.filter((n) => n.category === 105 && inRange(n.day, range));
      expect(chosen.length).toBeGreaterThan(5);
      const answer = await ok("hours", { by: "employee", ...range, where: "projectNoteCategory = 105" });
      expect(groupsOf(answer)).toEqual(
        grouped(
          chosen,
          (n) => n.empID,
          (n) => n.empName,
          (n) => n.minutes,
        ),
      );
    });
  });

  describe("card spending", () => {
    type Charge = {
      ccID: number;
      empID: number | null;
      holder: number;
      amount: string;
      day: string;
      card: string;
      spender: string | null;
      holderName: string;
    };
    let charges: Charge[];

    beforeAll(async () => {
      const { rows } = await sql<Charge>`select ch."ccID", ch."empID", c."empID" as holder,
          ch."ccChargeAmount" as amount, ch."ccChargeDate" as day, c."ccName" || ' ••' || c."ccLastFour" as card,
          s."empLastName" || ', ' || s."empFirstName" as spender, h."empLastName" || ', ' || h."empFirstName" as "holderName"
        from "tblCCCharge" ch join "tblCC" c on c."ccID" = ch."ccID"
        join "tblEmployee" h on h."empID" = c."empID" left join "tblEmployee" s on s."empID" = ch."empID"`.execute(
        t.db,
      );
      charges = rows.map((row) => ({ ...row, day: String(row.day).slice(0, 10) })).filter((row) => inRange(row.day));
      expect(charges.length).toBeGreaterThan(10);
    });

    it.each([
      ["month", (c: Charge) => c.day.slice(0, 7), (c: Charge) => c.day.slice(0, 7)],
      ["card", (c: Charge) => c.ccID, (c: Charge) => c.card],
      ["employee", (c: Charge) => c.empID, (c: Charge) => c.spender],
      ["holder", (c: Charge) => c.holder, (c: Charge) => c.holderName],
    ] as const)("by %s: each group's charges of the range, summed to the cent", async (by, keyOf, labelOf) => {
      const expected = grouped(charges, keyOf, labelOf, (c) => cents(c.amount), true);
      expect(expected.length).toBeGreaterThan(1);
      const answer = await ok("cardSpending", { by, ...RANGE });
      expect(groupsOf(answer)).toEqual(expected);
      expect(answer.meta).toMatchObject(grand(expected, true));
    });
  });

  describe("card limits", () => {
    it.each(["card", "holder", "status"])("by %s: the cards' monthly limits as they are", async (by) => {
      const { rows } = await sql<{
        ccID: number;
        ccName: string;
        empID: number;
        ccStatus: number;
        limit: string;
        holderName: string;
      }>`select c."ccID", c."ccName", c."empID", c."ccStatus", c."ccMonthlyLimit" as limit,
          e."empLastName" || ', ' || e."empFirstName" as "holderName"
        from "tblCC" c join "tblEmployee" e on e."empID" = c."empID"`.execute(t.db);
      const statusNames: Record<number, string> = { 0: "Closed", 1: "Active", 2: "Frozen" };
      const expected = grouped(
        rows,
        (c) => (by === "card" ? c.ccID : by === "holder" ? c.empID : c.ccStatus),
        (c) => (by === "card" ? c.ccName : by === "holder" ? c.holderName : (statusNames[c.ccStatus] ?? null)),
        (c) => cents(c.limit),
        true,
      );
      const answer = await ok("cardLimits", { by });
      expect(groupsOf(answer)).toEqual(expected);
      expect(answer.meta).toEqual({ ...grand(expected, true), by, from: null, to: null, asOf: null });
    });
  });

  describe("project statuses", () => {
    type Status = { projectStatusID: number; projectID: number; code: number; at: Date };
    let history: Status[];
    let names: Map<number, string | null>;

    beforeAll(async () => {
      const { rows } = await sql<Status>`select "projectStatusID", "projectID", "projectStatusCodeID" as code,
          "createdTS" as at from "tblProjectStatus"`.execute(t.db);
      history = rows.map((row) => ({ ...row, at: new Date(row.at) }));
      const lookups = await t.db.selectFrom("tblAppLookup").select(["appLookupID", "appLookupValue"]).execute();
      names = new Map(lookups.map((row) => [row.appLookupID, row.appLookupValue]));
    });

    /** Each project's status at the end of a day: its latest row made on or before it. */
    function statusesOn(day: string, projects?: (projectID: number) => boolean) {
      const latest = new Map<number, Status>();
      for (const row of history) {
        if (dayOf(row.at) > day || (projects && !projects(row.projectID))) continue;
        const known = latest.get(row.projectID);
        const later =
          !known || row.at > known.at || (+row.at === +known.at && row.projectStatusID > known.projectStatusID);
        if (later) latest.set(row.projectID, row);
      }
      return [...latest.values()];
    }

    const byStatus = (rows: Status[]) =>
      grouped(
        rows,
        (s) => s.code,
        (s) => names.get(s.code) ?? null,
        () => 1,
      );

    it("by status: the projects in each status at the end of the range, and as of a past day", async () => {
      const atEnd = byStatus(statusesOn(RANGE.to));
      expect(atEnd.length).toBeGreaterThan(2);
      expect(groupsOf(await ok("projectStatus", { by: "status", ...RANGE }))).toEqual(atEnd);
      // As of 31 December 2025: what the history knew then, whatever the range.
      const asOf = "2025-12-31";
      const then = byStatus(statusesOn(asOf));
      expect(then).not.toEqual(atEnd);
      const answer = await ok("projectStatus", { by: "status", ...RANGE, asOf });
      expect(groupsOf(answer)).toEqual(then);
      expect(answer.meta).toMatchObject({ count: then.reduce((n, g) => n + g.count, 0), asOf });
    });

    it("by month: the projects in each status at each month's end, of the projects a where matches", async () => {
      const projects = (projectID: number) => projectID <= 15;
      const answer = await ok("projectStatus", { by: "month", ...RANGE, where: "projectID <= 15" });
      const months = answer.data.map((row) => row.key);
      expect(months).toEqual([
        "2025-07",
        "2025-08",
        "2025-09",
        "2025-10",
        "2025-11",
        "2025-12",
        "2026-01",
        "2026-02",
        "2026-03",
        "2026-04",
        "2026-05",
        "2026-06",
      ]);
      const seen = new Set<string>();
      for (const row of answer.data) {
        const month = String(row.key);
        const lastDay = addDays(`${nextMonth(month)}-01`, -1);
        const expected: Record<string, number> = {};
        for (const status of statusesOn(lastDay, projects)) {
          expected[String(status.code)] = (expected[String(status.code)] ?? 0) + 1;
          seen.add(String(status.code));
        }
        expect(row.values, month).toEqual(expected);
        expect(row.count).toBe(Object.values(expected).reduce((n, v) => n + v, 0));
      }
      // The series are the statuses met, named; the chart stacks them.
      expect(answer.series.map((s) => s.key).sort()).toEqual([...seen].sort());
      for (const s of answer.series) expect(s.label).toBe(names.get(Number(s.key)));
    });

    it("time in status: each period cut to the range, by status and by project", async () => {
      const start = midnight(RANGE.from);
      const end = midnight(addDays(RANGE.to, 1));
      const spent: Array<{ projectID: number; code: number; days: number }> = [];
      const byProject = groupedBy(history, (row) => row.projectID);
      for (const [projectID, rows] of byProject) {
        rows.sort((a, b) => +a.at - +b.at || a.projectStatusID - b.projectStatusID);
        rows.forEach((row, i) => {
          const until = rows[i + 1]?.at.getTime() ?? Number.POSITIVE_INFINITY;
          const ms = Math.min(until, end) - Math.max(row.at.getTime(), start);
          if (ms > 0) spent.push({ projectID, code: row.code, days: ms / 86_400_000 });
        });
      }
      const answer = await ok("timeInStatus", { by: "status", ...RANGE });
      const statuses = groupedBy(spent, (s) => s.code);
      expect(answer.data.map((row) => row.key).sort()).toEqual([...statuses.keys()].sort());
      for (const row of answer.data) {
        const periods = statuses.get(Number(row.key)) ?? [];
        expect(row.label).toBe(names.get(Number(row.key)));
        expect(row.count).toBe(new Set(periods.map((p) => p.projectID)).size);
        expect(Number(row.total)).toBeCloseTo(
          periods.reduce((n, p) => n + p.days, 0),
          1,
        );
      }
      expect(answer.meta.count).toBe(new Set(spent.map((s) => s.projectID)).size);

      const projects = await ok("timeInStatus", { by: "project", ...RANGE });
      expect(projects.meta.TotalRecords).toBe(new Set(spent.map((s) => s.projectID)).size);
      expect(isOrdered(projects, "total")).toBe(true);
      const projectNames = await t.db
        .selectFrom("tblProject")
        .select(["projectID", "projectName"])
        .where(
          "projectID",
          "in",
          projects.data.map((row) => Number(row.key)),
        )
        .execute();
      for (const row of projects.data) {
        // Each project of the page is named (named after the page is chosen).
        expect(row.label).toBe(projectNames.find((p) => p.projectID === row.key)?.projectName);
        const periods = spent.filter((s) => s.projectID === row.key);
        expect(Number(row.total)).toBeCloseTo(
          periods.reduce((n, p) => n + p.days, 0),
          1,
        );
        for (const [code, days] of Object.entries(row.values ?? {})) {
          const inStatus = periods.filter((p) => String(p.code) === code);
          expect(days).toBeCloseTo(
            inStatus.reduce((n, p) => n + p.days, 0),
            1,
          );
        }
      }
    });
  });

  describe("card limits as of past days, replayed from the audit trail", () => {
    /** The days' states: each card's limit, holder and status as the scripted history left them. */
    type State = Record<string, { limit: string; holder: number; status: number }>;
    let cards: Record<"A" | "B" | "C" | "D", number>;
    let holders: [number, number];

    /** Runs a write through the data service and places its audit entries (and the row's own time) at a moment. */
    async function at(moment: string, write: () => Promise<LightMyRequestResponse>) {
      const before = await lastAuditID(t.db);
      const response = await write();
      expect(response.statusCode, response.body).toBe(200);
      await placeAudit(t.db, before, moment);
      return response;
    }

    const insert = (name: string, limit: string, holder: number, status = 1) =>
      admin.insert("tblCC", {
        ccName: `As-of ${name}`,
        ccLastFour: "4242",
        empID: holder,
        ccStatus: status,
        ccMonthlyLimit: limit,
      });

    beforeAll(async () => {
      holders = [await empIDOf(t.db, "admin"), await empIDOf(t.db, "staff")];
      const [h1, h2] = holders;
      const ids = {} as Record<"A" | "B" | "C" | "D", number>;
      ids.A = (await at("2025-03-03 10:00", () => insert("A", "1000.00", h1))).json().id;
      ids.D = (await at("2025-03-04 11:00", () => insert("D", "300.00", h1))).json().id;
      ids.B = (await at("2025-03-05 09:30", () => insert("B", "500.00", h2))).json().id;
      await at("2025-03-08 16:00", () => admin.remove("tblCC", `ccID = ${ids.D}`));
      await at("2025-03-10 08:00", () => admin.update("tblCC", `ccID = ${ids.A}`, { ccMonthlyLimit: "1500.00" }));
      ids.C = (await at("2025-03-12 12:00", () => insert("C", "700.00", h2, 2))).json().id;
      await at("2025-03-15 23:59", () => admin.remove("tblCC", `ccID = ${ids.B}`));
      const deleted = await sql<{ auditID: number }>`select "auditID" from "auditLog"
        where "tableName" = 'tblCC' and "recordKey" = ${String(ids.D)} and "action" = 'delete'`.execute(t.db);
      await at("2025-03-18 14:00", () => admin.restore(Number(deleted.rows[0]?.auditID)));
      // Just after midnight of the 20th: the 19th ends with the old limit and holder.
      await at("2025-03-20 00:00:01", () =>
        admin.update("tblCC", `ccID = ${ids.A}`, { ccMonthlyLimit: "2000.00", empID: h2 }),
      );
      await at("2025-03-25 10:00", () => admin.update("tblCC", `ccID = ${ids.D}`, { ccMonthlyLimit: "350.00" }));
      cards = ids;
      // The rows that are still there were made when their inserts' entries say.
      for (const [name, made] of [
        ["A", "2025-03-03 10:00"],
        ["C", "2025-03-12 12:00"],
        ["D", "2025-03-04 11:00"],
      ] as const) {
        await sql`update "tblCC" set "createdTS" = ${made}::timestamptz where "ccID" = ${ids[name]}`.execute(t.db);
      }
    });

    /** The states by hand, day by day, as the history above leaves them at each day's end. */
    const states = (): Array<[string, State]> => {
      const [h1, h2] = holders;
      const A = (limit: string, holder = h1) => ({ A: { limit, holder, status: 1 } });
      const B = { B: { limit: "500.00", holder: h2, status: 1 } };
      const C = { C: { limit: "700.00", holder: h2, status: 2 } };
      const D = (limit = "300.00") => ({ D: { limit, holder: h1, status: 1 } });
      return [
        ["2025-03-02", {}],
        ["2025-03-03", { ...A("1000.00") }],
        ["2025-03-04", { ...A("1000.00"), ...D() }],
        ["2025-03-07", { ...A("1000.00"), ...B, ...D() }],
        ["2025-03-09", { ...A("1000.00"), ...B }],
        ["2025-03-12", { ...A("1500.00"), ...B, ...C }],
        ["2025-03-16", { ...A("1500.00"), ...C }],
        ["2025-03-19", { ...A("1500.00"), ...C, ...D() }],
        ["2025-03-20", { ...A("2000.00", h2), ...C, ...D() }],
        ["2025-03-26", { ...A("2000.00", h2), ...C, ...D("350.00") }],
      ];
    };

    const where = "ccName LIKE 'As-of %'";

    it("are the states the history passed through, day by day, by card", async () => {
      for (const [day, state] of states()) {
        const answer = await ok("cardLimits", { by: "card", where, asOf: day });
        const expected = Object.entries(state)
          .map(([name, card]) => ({ key: cards[name as "A"], label: `As-of ${name}`, count: 1, total: card.limit }))
          .sort(byKey);
        expect(groupsOf(answer), day).toEqual(expected);
        expect(answer.meta, day).toEqual({ ...grand(expected, true), by: "card", from: null, to: null, asOf: day });
      }
      // Today: the cards as they are.
      const [, last] = states().at(-1) as [string, State];
      const now = await ok("cardLimits", { by: "card", where });
      expect(groupsOf(now).map((g) => [g.key, g.total])).toEqual(
        Object.entries(last)
          .map(([name, card]) => [cards[name as "A"], card.limit])
          .sort((a, b) => Number(a[0]) - Number(b[0])),
      );
    });

    it("are grouped by holder and status as they were, the where applied to the rows as they were", async () => {
      const [h1, h2] = holders;
      for (const [day, state] of states()) {
        const byHolder = await ok("cardLimits", { by: "holder", where, asOf: day });
        const expected = grouped(
          Object.values(state),
          (card) => card.holder,
          () => null,
          (card) => cents(card.limit),
          true,
        );
        expect(
          groupsOf(byHolder).map(({ key, count, total }) => ({ key, count, total })),
          day,
        ).toEqual(expected.map(({ key, count, total }) => ({ key, count, total })));
        for (const group of byHolder.data) expect([h1, h2]).toContain(group.key);
        const byStatus = await ok("cardLimits", { by: "status", where: `${where} AND ccStatus = 2`, asOf: day });
        const frozen = Object.values(state).filter((card) => card.status === 2);
        expect(groupsOf(byStatus), day).toEqual(
          frozen.length ? [{ key: 2, label: "Frozen", count: 1, total: "700.00" }] : [],
        );
      }
      // A where on a value the row had only then: the limit of 1,500 on A, between the 10th and the 20th.
      const limit = `${where} AND ccMonthlyLimit = 1500.00`;
      expect((await ok("cardLimits", { by: "card", where: limit, asOf: "2025-03-12" })).data).toHaveLength(1);
      expect((await ok("cardLimits", { by: "card", where: limit, asOf: "2025-03-21" })).data).toHaveLength(0);
    });

    it("count every other card as it is when nothing changed it since and it was made by then", async () => {
      const day = "2026-05-31";
      const { rows } = await sql<{ n: number; total: string }>`select count(*)::int as n,
          coalesce(sum("ccMonthlyLimit"), 0)::numeric(16,2) as total from "tblCC"
        where "createdTS" < ${addDays(day, 1)}::timestamptz`.execute(t.db);
      const answer = await ok("cardLimits", { by: "card", asOf: day });
      expect(answer.meta.count).toBe(rows[0]?.n);
      expect(answer.meta.total).toBe(String(rows[0]?.total));
      expect(rows[0]?.n).toBeGreaterThan(3);
    });
  });

  describe("bad input", () => {
    async function refused(client: AccountClient, report: string, query: Record<string, string>, status = 400) {
      const before = await lastAuditID(t.db);
      const body = expectError(await call(client, report, query), status);
      expect(await lastAuditID(t.db)).toBe(before);
      return body;
    }

    it("refuses a where outside the grammar, or naming a column the report's rows do not have", async () => {
      const grammar = await refused(admin, "hours", { where: "empID === 3" });
      expect(grammar.message).toMatch(/^Bad where:/);
      const column = await refused(admin, "cardLimits", { where: "passwordHash = 'x'" });
      expect(column.message).toMatch(/^Bad where:/);
      const typed = await refused(admin, "hours", { where: "empID = 'three'" });
      expect(typed.message).toMatch(/is compared with a whole number/);
    });

    it("refuses a range of fifty years, and one that ends before it starts", async () => {
      const fifty = await refused(admin, "hours", { from: "1976-01-01", to: "2026-01-01" });
      expect(fifty.fieldErrors).toEqual({ to: "is more than 10 years after from" });
      const backwards = await refused(admin, "cardSpending", { from: "2026-02-01", to: "2026-01-01" });
      expect(backwards.fieldErrors).toEqual({ to: "must not be before from" });
      const notADay = await refused(admin, "hours", { from: "2026-02-30" });
      expect(notADay.fieldErrors?.from).toBeDefined();
    });

    it("refuses a grouping the report does not declare, and one by a column the caller may not read", async () => {
      const undeclared = await refused(admin, "hours", { by: "card" });
      expect(undeclared.fieldErrors).toEqual({ by: "is not a grouping of Hours (employee, project, category, month)" });
      // The secret approval code of a card's request: no report groups by it, nor by any column by its name.
      const secret = await refused(admin, "cardSpending", { by: "ccPermissionApprovalCode" });
      expect(secret.fieldErrors?.by).toBeDefined();
      const column = await refused(admin, "cardLimits", { by: "ccMonthlyLimit" });
      expect(column.fieldErrors?.by).toBeDefined();
    });

    it("refuses an unknown report, and as-of days a report does not keep or that are to come", async () => {
      expect((await refused(admin, "payroll", {})).fieldErrors).toEqual({ report: "is not a report" });
      const hours = await refused(admin, "hours", { asOf: "2026-01-31" });
      expect(hours.fieldErrors?.asOf).toMatch(/not kept as of a past day/);
      const tomorrow = addDays(dayOf(new Date()), 1);
      const future = await refused(admin, "cardLimits", { asOf: tomorrow });
      expect(future.fieldErrors).toEqual({ asOf: "must be today or a past day" });
      const range = await refused(admin, "cardLimits", { from: "2026-01-01" });
      expect(range.fieldErrors?.from).toMatch(/a report of a state/);
      // A part of the address no report takes.
      await refused(admin, "hours", { table: "tblCC" });
    });

    it("refuses staff, without Reports (page 25), before reading the call; and no permission rows at all", async () => {
      const denied = await refused(staff, "hours", {}, 403);
      expect(denied.message).toBe("Only those who may read reports may do this.");
      // The refusal comes before the input is read: a bad where is refused the same.
      await refused(staff, "hours", { where: "(((" }, 403);
      const nobody = await refused(noperm, "cardLimits", {}, 403);
      expect(nobody.message).toBe(ERROR_MESSAGES.accessDenied);
    });

    it("needs view on the rows a report is made of besides: staff with Reports reads hours, not card spending", async () => {
      const empID = await empIDOf(t.db, "staff");
      const own = await t.db.selectFrom("tblPermission").selectAll().where("empID", "=", empID).execute();
      const grants = own.map((row) => ({
        page: row.permissionPageID,
        view: row.permissionView as 0 | 1,
        add: row.permissionAdd as 0 | 1,
        change: row.permissionChange as 0 | 1,
        del: row.permissionDel as 0 | 1,
      }));
      try {
        await setPermissions(t.db, empID, [...grants, { page: PAGES.reports, view: 1 }]);
        expect((await ok("hours", { by: "month", ...RANGE }, staff)).data.length).toBeGreaterThan(1);
        const cards = await refused(staff, "cardSpending", {}, 403);
        expect(cards.message).toBe("You may not read vwCardCharges.");
      } finally {
        await setPermissions(t.db, empID, grants);
      }
    });
  });
});

/** Rows by a key of theirs, in the order met. */
function groupedBy<R, K>(rows: readonly R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/** The month after a YYYY-MM. */
function nextMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

/** Places the audit entries written since `auditID` at a moment of the company's clock (the session's zone). */
async function placeAudit(db: Kysely<DB>, auditID: number, moment: string) {
  await sql`update "auditLog" set "createdTS" = ${moment}::timestamptz where "auditID" > ${auditID}`.execute(db);
}
