import { describe, expect, it } from "vitest";
import {
  type Absence,
  type AvailabilitySource,
  absenceAt,
  availabilityColour,
  availabilityLabel,
  availabilityRow,
  availabilityText,
  departmentCounts,
  departmentGroups,
  durationSince,
  findColleagues,
  nextAbsenceTurn,
  outUntilText,
  statusAt,
  withAbsences,
} from "./availability.js";

const person = (over: Partial<AvailabilitySource>): AvailabilitySource => ({
  empID: 1,
  empFirstName: "Ada",
  empLastName: "Lovelace",
  empDepartment: 1,
  departmentName: "Engineering",
  departmentEmail: "eng@example.com",
  empOfficeExtention: "201",
  todayHours: "9:00 AM - 5:00 PM",
  empAvailabilityType: "In",
  empAvailabilityTS: "2026-11-23T09:00:00Z",
  ...over,
});

describe("availability as the panel shows it", () => {
  it("colours In green, Break yellow, Out red and anything else neutral", () => {
    expect(["In", "Break", "Out", "", null, "in", "Away"].map(availabilityColour)).toEqual([
      "green",
      "yellow",
      "red",
      "neutral",
      "neutral",
      "neutral",
      "neutral",
    ]);
  });

  it("shows an empty status as NULL", () => {
    expect(availabilityText(null)).toBe("NULL");
    expect(availabilityText("")).toBe("NULL");
    expect(availabilityText("Break")).toBe("Break");
    expect(availabilityLabel(null)).toBe("—");
    expect(availabilityLabel("")).toBe("—");
    expect(availabilityLabel("Out")).toBe("Out");
  });

  it("counts HH:mm since the last change, never below zero", () => {
    const now = new Date("2026-11-23T11:35:59Z");
    expect(durationSince("2026-11-23T09:00:00Z", now)).toBe("02:35");
    expect(durationSince("2026-11-21T09:00:00Z", now)).toBe("50:35");
    expect(durationSince("2026-11-23T12:00:00Z", now)).toBe("00:00");
    expect(durationSince(null, now)).toBe("");
  });

  it("makes the displayed row: last, first; extension, today's hours, department, colour", () => {
    expect(availabilityRow(person({ empAvailabilityType: null }), new Date("2026-11-23T09:10:00Z"))).toEqual({
      empID: 1,
      name: "Lovelace, Ada",
      officeExt: "201",
      todayHours: "9:00 AM - 5:00 PM",
      department: "Engineering",
      duration: "00:10",
      status: "NULL",
      misc: "eng@example.com",
      colour: "neutral",
    });
  });

  it("groups by department, the user's own first, the others by name, people by last name", () => {
    const groups = departmentGroups(
      [
        person({ empID: 1, empDepartment: 3, departmentName: "Sales", empLastName: "Zed" }),
        person({ empID: 2, empDepartment: 2, departmentName: "Accounting" }),
        person({ empID: 3, empDepartment: 3, departmentName: "Sales", empLastName: "Abel" }),
        person({ empID: 4, empDepartment: 9, departmentName: "Design" }),
      ],
      9,
    );
    expect(groups.map((g) => [g.name, g.own, g.people.map((p) => p.empID)])).toEqual([
      ["Design", true, [4]],
      ["Accounting", false, [2]],
      ["Sales", false, [3, 1]],
    ]);
    expect(groups[0]?.email).toBe("eng@example.com");
  });

  it("finds colleagues by every word of their name, without case or accents, in their departments", () => {
    const groups = departmentGroups(
      [
        person({ empID: 1, empDepartment: 3, departmentName: "Sales", empFirstName: "Zoë", empLastName: "Adams" }),
        person({ empID: 2, empDepartment: 2, departmentName: "Accounting", empFirstName: "Lee", empLastName: "Ann" }),
        person({ empID: 3, empDepartment: 3, departmentName: "Sales", empFirstName: "Ann", empLastName: "Lee" }),
        person({ empID: 4, empDepartment: 9, departmentName: "Design", empFirstName: "Bo", empLastName: "Ray" }),
      ],
      9,
    );
    const found = (term: string) => findColleagues(groups, term).map((g) => [g.name, g.people.map((p) => p.empID)]);
    expect(found("zoe")).toEqual([["Sales", [1]]]);
    expect(found("  LEE, ann ")).toEqual([
      ["Accounting", [2]],
      ["Sales", [3]],
    ]);
    expect(found("ann lee x")).toEqual([]);
    expect(found("")).toHaveLength(3);
  });

  it("counts each department's In, Break, Out and those without a status, in the groups' order", () => {
    const groups = departmentGroups(
      [
        person({ empID: 1, empDepartment: 3, departmentName: "Sales", empAvailabilityType: "In" }),
        person({ empID: 2, empDepartment: 3, departmentName: "Sales", empAvailabilityType: "Break" }),
        person({ empID: 3, empDepartment: 3, departmentName: "Sales", empAvailabilityType: "In" }),
        person({ empID: 4, empDepartment: null, departmentName: null, empAvailabilityType: null }),
        person({ empID: 5, empDepartment: 2, departmentName: "Accounting", empAvailabilityType: "Out" }),
      ],
      3,
    );
    expect(departmentCounts(groups)).toEqual([
      { department: 3, name: "Sales", own: true, In: 2, Break: 1, Out: 0, none: 0 },
      { department: 2, name: "Accounting", own: false, In: 0, Break: 0, Out: 1, none: 0 },
      { department: null, name: "No department", own: false, In: 0, Break: 0, Out: 0, none: 1 },
    ]);
  });
});

describe("out of office (an absence) in the availability", () => {
  const ZONE = "America/New_York";
  // Tuesday 1 December 2026, 10:00 in New York.
  const NOW = new Date("2026-12-01T15:00:00Z");
  const today: Absence = { from: "2026-12-01T08:00:00-05:00", until: "2026-12-01T17:00:00-05:00", allDay: false };
  const away = (absence: Absence, over: Partial<AvailabilitySource> = {}) =>
    person({ empAvailabilityTS: "2026-11-30T09:00:00-05:00", outOfOffice: [absence], ...over });

  it("makes someone Out since it began, while it lasts, whatever their own status", () => {
    expect(statusAt(away(today), NOW)).toEqual({ type: "Out", since: today.from, absence: today });
    expect(availabilityRow(away(today), NOW)).toMatchObject({ status: "Out", colour: "red", duration: "02:00" });
    // Before it begins and once it has ended (its end not included), their own status is back by itself.
    for (const at of ["2026-12-01T12:59:59Z", "2026-12-01T22:00:00Z"])
      expect(statusAt(away(today), new Date(at))).toEqual({
        type: "In",
        since: "2026-11-30T09:00:00-05:00",
        absence: null,
      });
  });

  it("gives way to a status set after it began (back early), not to one set before", () => {
    expect(absenceAt(away(today, { empAvailabilityTS: "2026-12-01T09:30:00-05:00" }), NOW)).toBeNull();
    expect(absenceAt(away(today, { empAvailabilityTS: "2026-12-01T07:59:00-05:00" }), NOW)).toEqual(today);
    expect(absenceAt(away(today, { empAvailabilityType: null, empAvailabilityTS: null }), NOW)).toEqual(today);
  });

  it("says until when on the company's clock: a time today, a day and time later, the last day of whole days", () => {
    expect(outUntilText(today, NOW, ZONE)).toBe("Out until 05:00 PM");
    // Another zone's clock: in Tokyo it is already Wednesday, and the end is at 07:00 that day.
    expect(outUntilText(today, NOW, "Asia/Tokyo")).toBe("Out until 07:00 AM");
    expect(outUntilText(today, new Date("2026-12-01T14:59:00Z"), "Asia/Tokyo")).toBe("Out until Wed, Dec 2, 07:00 AM");
    const later = { ...today, until: "2026-12-03T13:30:00-05:00" };
    expect(outUntilText(later, NOW, ZONE)).toBe("Out until Thu, Dec 3, 01:30 PM");
    // Whole days out, Monday to Wednesday: it ends at Thursday's midnight, Wednesday is their last day.
    const days = { from: "2026-11-30T00:00:00-05:00", until: "2026-12-03T00:00:00-05:00", allDay: true };
    expect(outUntilText(days, NOW, ZONE)).toBe("Out until Wed, Dec 2");
    expect(outUntilText({ ...days, until: "2026-12-02T00:00:00-05:00" }, NOW, ZONE)).toBe("Out until Tue, Dec 1");
  });

  it("counts someone out of office as Out, at the time asked", () => {
    const groups = departmentGroups(
      [away(today, { empID: 1 }), person({ empID: 2, empAvailabilityType: "Break" }), person({ empID: 3 })],
      1,
    );
    expect(departmentCounts(groups, NOW)).toMatchObject([{ In: 1, Break: 1, Out: 1, none: 0 }]);
    expect(departmentCounts(groups, new Date("2026-12-01T22:00:00Z"))).toMatchObject([{ In: 2, Break: 1, Out: 0 }]);
  });

  it("finds the next moment a status turns, and puts each one's absences on their row", () => {
    const soon: Absence = { from: "2026-12-02T00:00:00-05:00", until: "2026-12-03T00:00:00-05:00", allDay: true };
    const people = [away(today, { empID: 1 }), away(soon, { empID: 2 })];
    expect(nextAbsenceTurn(people, NOW)).toBe(Date.parse(today.until));
    expect(nextAbsenceTurn(people, new Date(today.until))).toBe(Date.parse(soon.from));
    expect(nextAbsenceTurn(people, new Date(soon.until))).toBeNull();

    const rows = withAbsences(
      [person({ empID: 1 }), person({ empID: 2, outOfOffice: [today] })],
      [
        { empID: 1, ...today },
        { empID: 1, ...soon },
      ],
    );
    expect(rows.map((row) => row.outOfOffice)).toEqual([[today, soon], undefined]);
    expect("outOfOffice" in (rows[1] ?? {})).toBe(false);
  });
});
