import {
  addDays,
  DEPARTMENT_LOOKUP_PARENT,
  EXCLUDED_PROJECT_STATUS_IDS,
  NOTE_CATEGORY_GROUP,
  PAGE_IDS,
  PAGES,
  RECURRENCE,
} from "@office/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, demoCompany } from "../src/db/seed/demo-company.js";
import { demoEvents } from "../src/db/seed/demo-events.js";
import { freshlySeededDatabase, seededDatabase, TEST_SCALE } from "./support/app.js";
import { ENGINES, type TestDatabase } from "./support/engines.js";

const ANCHOR = new Date("2026-06-15T00:00:00Z");

describe("the demo company", () => {
  const company = demoCompany(1, ANCHOR);

  it("is the same every time for the same scale and anchor", () => {
    expect(JSON.stringify(demoCompany(1, ANCHOR))).toBe(JSON.stringify(company));
  });

  it("has the volume the foundation promises at scale 1", () => {
    const departments = company.lookups.filter((l) => l.appLookupParentID === String(DEPARTMENT_LOOKUP_PARENT));
    expect(departments).toHaveLength(8);
    for (const d of departments) expect(d.appLookupMisc).toMatch(/^[a-z]+@office\.example$/);
    expect(company.employees).toHaveLength(80);
    expect(company.projects).toHaveLength(3_000);
    expect(company.notes).toHaveLength(50_000);
    expect(company.cards.length).toBeGreaterThan(10);
  });

  it("multiplies projects and notes by the scale", () => {
    const large = demoCompany(2, ANCHOR);
    expect(large.projects).toHaveLength(6_000);
    expect(large.notes).toHaveLength(100_000);
    expect(large.employees).toHaveLength(80);
  });

  it("keeps every note within the twelve months before the anchor", () => {
    const yearAgo = ANCHOR.getTime() - 366 * 86_400_000;
    for (const note of company.notes) {
      const t = Date.parse(note.createdTS);
      expect(t > yearAgo && t < ANCHOR.getTime()).toBe(true);
    }
  });

  it("gives employees office hours on weekdays, extensions, managers and a mix of availability", () => {
    const withHours = company.employees.filter((e) => e.empOfficeHoursMo && e.empOfficeHoursFr);
    expect(withHours).toHaveLength(80);
    expect(new Set(company.employees.map((e) => e.empOfficeExtention)).size).toBe(80);
    expect(company.employees.filter((e) => e.empManagerID !== null)).toHaveLength(79);
    const states = new Set(company.employees.map((e) => e.empAvailabilityType));
    expect(states).toEqual(new Set(["In", "Break", "Out", null]));
  });

  it("grants the demo accounts exactly what DESIGN.md says", () => {
    const of = (empID: number) => company.permissions.filter((p) => p.empID === empID);
    const admin = of(1);
    expect(admin.map((p) => p.permissionPageID).sort((a, b) => a - b)).toEqual([...PAGE_IDS].sort((a, b) => a - b));
    for (const p of admin)
      expect([p.permissionView, p.permissionAdd, p.permissionChange, p.permissionDel]).toEqual([1, 1, 1, 1]);
    const staff = of(2);
    expect(
      staff
        .filter((p) => p.permissionView)
        .map((p) => p.permissionPageID)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 22, 23, 24, 35, 39, 42]);
    expect(staff.filter((p) => p.permissionAdd).map((p) => p.permissionPageID)).toEqual([PAGES.notes]);
    expect(staff.some((p) => p.permissionChange || p.permissionDel)).toBe(false);
    expect(of(3)).toEqual([]);
    expect(DEMO_ACCOUNTS.map((a) => a.username)).toEqual(["admin", "staff", "noperm"]);
  });

  it("has card requests in every state, statements with matches and mismatches, and receipts for most", () => {
    const states = new Set(
      company.cardPermissions.map(
        (r) => `${r.ccPermissionCCUsedApprovalStatus}/${r.ccPermissionOverLimitApprovalStatus}`,
      ),
    );
    for (const state of ["0/1", "1/1", "2/1", "1/0", "1/2"]) expect(states, state).toContain(state);
    expect(company.cardPermissions.some((r) => r.ccPermissionOverLimit === 1)).toBe(true);
    expect(company.cards.some((c) => c.empID === 3)).toBe(false); // noperm holds no card
    const matched = company.cardCharges.filter((c) => c.ccPermissionID !== null);
    expect(matched.length).toBeGreaterThan(0);
    expect(company.cardCharges.some((c) => c.ccPermissionID === null)).toBe(true);
    const charged = new Set(matched.map((c) => String(c.ccChargeID)));
    for (const receipt of company.cardReceipts) expect(charged).toContain(receipt.recordKey);
    expect(company.cardReceipts.length).toBeGreaterThan(matched.length / 2);
    expect(company.cardReceipts.length).toBeLessThan(matched.length);
    expect(new Set(company.cardReceipts.map((r) => r.uploadID)).size).toBe(company.cardReceipts.length);
  });
});

describe("the demo calendar", () => {
  const company = demoCompany(1, ANCHOR);
  const employees = company.employees as unknown as Parameters<typeof demoEvents>[2];
  const calendar = demoEvents(1, ANCHOR, employees, "America/New_York");
  const day = (iso: unknown) => String(iso).slice(0, 10);
  const [first, last] = [addDays(day(ANCHOR.toISOString()), -91), addDays(day(ANCHOR.toISOString()), 91)];

  it("is the same every time, and keeps three months either side of the anchor", () => {
    expect(JSON.stringify(demoEvents(1, ANCHOR, employees, "America/New_York"))).toBe(JSON.stringify(calendar));
    for (const event of calendar.events) {
      expect(day(event.eventStart) >= first && day(event.eventStart) <= last, String(event.eventStart)).toBe(true);
      expect(event.eventRecurrenceUntil === null || event.eventRecurrenceUntil === last).toBe(true);
    }
  });

  it("has a stand-up for each department with its people, the company's holidays, meetings and days out, more at scale", () => {
    const titled = (title: string) => calendar.events.filter((event) => event.eventTitle === title);
    const standUps = titled("Team stand-up");
    expect(standUps).toHaveLength(8);
    for (const standUp of standUps) {
      const team = calendar.attendees.filter((a) => a.eventID === standUp.eventID).map((a) => a.empID);
      const departments = new Set(employees.filter((e) => team.includes(e.empID)).map((e) => e.empDepartment));
      expect(departments.size).toBe(1);
    }
    expect(titled("Company kickoff")[0]).toMatchObject({ eventRecurrence: RECURRENCE.code.weekly, eventVisibleFor: 2 });
    expect(titled("Monthly review")[0]?.eventStart).toMatch(/-15T14:00$/);
    // 15 June 2026: from 16 March to 14 September, Memorial Day to Labor Day and Juneteenth.
    expect(
      calendar.events
        .filter(
          (e) => e.eventAllDay === 1 && e.eventVisibleFor === 2 && !String(e.eventTitle).startsWith("Out of office"),
        )
        .map((e) => e.eventTitle),
    ).toEqual(["Memorial Day", "Juneteenth", "Independence Day", "Labor Day"]);
    const out = calendar.events.filter((event) => String(event.eventTitle).startsWith("Out of office: "));
    expect(out).toHaveLength(40);
    // Each names the one person attending it.
    for (const event of out) {
      const [person] = calendar.attendees.filter((a) => a.eventID === event.eventID).map((a) => a.empID);
      const employee = company.employees.find((e) => e.empID === person);
      expect(event.eventTitle).toBe(`Out of office: ${employee?.empFirstName} ${employee?.empLastName}`);
    }
    expect(demoEvents(2, ANCHOR, employees, "America/New_York").events.length).toBeGreaterThan(
      calendar.events.length + 300,
    );
  });
});

describe.each(ENGINES)("the seeded database on $name", (engine) => {
  let first: TestDatabase;
  let second: TestDatabase;
  let copy: TestDatabase;
  beforeAll(async () => {
    // Two seeds made here, by the code a server runs at start-up, and the copy of the run's
    // template that the other test files start from.
    [first, second, copy] = await Promise.all([
      freshlySeededDatabase(engine),
      freshlySeededDatabase(engine),
      seededDatabase(engine),
    ]);
  });
  afterAll(async () => {
    await first?.dispose();
    await second?.dispose();
    await copy?.dispose();
  });

  async function digest(testDb: TestDatabase) {
    const tables = [
      "tblAppLookup",
      "tblEmployee",
      "tblPermission",
      "tblProject",
      "tblProjectStatus",
      "tblProjectNotes",
      "tblCC",
      "tblCCPermission",
      "tblEvent",
      "tblEventAttendee",
    ];
    const digests: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await sql<{
        d: string;
      }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${sql.table(table)} t`.execute(
        testDb.database.db,
      );
      digests[table] = rows[0]?.d ?? "";
    }
    return digests;
  }

  it("holds the same data in two seeds", async () => {
    expect(await digest(first)).toEqual(await digest(second));
  });

  it("holds in the other test files' copy of the seeded template what a seed holds", async () => {
    expect(await digest(copy)).toEqual(await digest(first));
  });

  it("has site pages, note categories with the default 105, and the excluded status codes in use", async () => {
    const db = first.database.db;
    const pages = await db
      .selectFrom("tblAppLookup")
      .select("appLookupID")
      .where("appLookupParentID", "=", "sitePages1")
      .execute();
    expect(pages.map((p) => p.appLookupID).sort((a, b) => a - b)).toEqual([...PAGE_IDS].sort((a, b) => a - b));
    const categories = await db
      .selectFrom("tblAppLookup")
      .select("appLookupID")
      .where("appLookupParentID", "=", String(NOTE_CATEGORY_GROUP))
      .execute();
    expect(categories.map((c) => c.appLookupID)).toContain(105);
    const { rows } = await sql<{ code: number }>`
      select distinct on ("projectID") "projectStatusCodeID" as code from "tblProjectStatus"
      order by "projectID", "createdTS" desc`.execute(db);
    const latest = new Set(rows.map((r) => r.code));
    expect(EXCLUDED_PROJECT_STATUS_IDS.some((code) => latest.has(code))).toBe(true);
  });

  it("scales the notes and keeps the ids going after the seed", async () => {
    const db = first.database.db;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from "tblProjectNotes"`.execute(db);
    expect(rows[0]?.n).toBe(Math.round(50_000 * TEST_SCALE));
    const inserted = await db
      .insertInto("tblProject")
      .values({ projectName: "After the seed", projectFirstSourceNumber: null, projectSecondSourceNumber: null })
      .returning("projectID")
      .executeTakeFirstOrThrow();
    expect(inserted.projectID).toBeGreaterThanOrEqual(1000);
  });
});
