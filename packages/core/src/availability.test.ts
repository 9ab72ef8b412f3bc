import { describe, expect, it } from "vitest";
import {
  type AvailabilitySource,
  availabilityColour,
  availabilityLabel,
  availabilityRow,
  availabilityText,
  departmentCounts,
  departmentGroups,
  durationSince,
  findColleagues,
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
