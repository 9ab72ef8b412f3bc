import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./countries.js";
import {
  ACTIVE_INACTIVE,
  APPROVAL,
  APPROVAL_STATUSES,
  CARD_STATUS,
  CLIENT_STATUS,
  CLIENT_STATUSES,
  DELIVERY_TYPE,
  DELIVERY_TYPES,
  EDIT_SCOPE,
  EMPLOYEE_TYPES,
  HYPERLINK_TARGETS,
  lookupLabel,
  PROJECT_TIME_CHOICES,
  RECURRENCE,
  RECURRENCES,
  RECURRING_EDIT_SCOPES,
  VENDOR_BUSINESS_TYPES,
  VENDOR_PREFERRED_QUOTES,
  VISIBLE_FOR,
} from "./enumerations.js";
import { US_STATES } from "./us-states.js";

const pairs = (list: readonly { value: number; label: string }[]) => list.map((o) => [o.value, o.label]);

describe("the lookup lists of spec 3", () => {
  it("has the 50 US states, each a distinct two-letter code with a name", () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(50);
    for (const state of US_STATES) {
      expect(state.code).toMatch(/^[A-Z]{2}$/);
      expect(state.name.length).toBeGreaterThan(3);
    }
    expect(US_STATES.map((s) => s.code)).not.toContain("DC");
    expect(US_STATES.find((s) => s.code === "NY")?.name).toBe("New York");
    expect(US_STATES.find((s) => s.code === "WY")?.name).toBe("Wyoming");
  });

  it("has every one of the 249 ISO 3166-1 countries by code, named as browsers name them, in name order", () => {
    expect(COUNTRIES).toHaveLength(249);
    for (const key of ["code", "name"] as const) expect(new Set(COUNTRIES.map((c) => c[key])).size).toBe(249);
    const regions = new Intl.DisplayNames(["en"], { type: "region" });
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name, country.code).toBe(regions.of(country.code));
    }
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
    expect(COUNTRIES.find((c) => c.code === "US")).toEqual({ code: "US", name: "United States" });
    expect(COUNTRIES.find((c) => c.code === "CI")?.name).toBe("Côte d’Ivoire");
  });

  it("has each enumeration with the spec's ids and words, in the spec's order", () => {
    expect(pairs(ACTIVE_INACTIVE)).toEqual([
      [1, "Active"],
      [0, "Inactive"],
    ]);
    expect(pairs(CLIENT_STATUSES)).toEqual([
      [2, "Active"],
      [3, "Inactive"],
      [1, "Prospect"],
    ]);
    expect(pairs(VENDOR_BUSINESS_TYPES)).toEqual([
      [1, "Inc"],
      [2, "1099"],
    ]);
    expect(pairs(VENDOR_PREFERRED_QUOTES)).toEqual([
      [1, "Fax"],
      [2, "E-Mail"],
      [3, "Phone"],
    ]);
    expect(pairs(EMPLOYEE_TYPES)).toEqual([
      [1, "Full Time"],
      [2, "Part Time"],
      [3, "Subcontractor"],
      [4, "Intern"],
    ]);
    expect(pairs(DELIVERY_TYPES)).toEqual([
      [1, "Ground"],
      [2, "2 Day"],
      [3, "3 Day"],
      [4, "Next Day"],
      [5, "Next Day Early AM"],
      [6, "Other"],
    ]);
    expect(pairs(VISIBLE_FOR)).toEqual([
      [1, "Attendees"],
      [2, "Everybody"],
    ]);
    expect(pairs(RECURRING_EDIT_SCOPES)).toEqual([
      [1, "This event"],
      [2, "This and following events"],
      [3, "All events"],
    ]);
    expect(pairs(RECURRENCES)).toEqual([
      [1, "Once"],
      [2, "Daily"],
      [3, "Weekly"],
      [4, "Monthly"],
    ]);
    expect(pairs(HYPERLINK_TARGETS)).toEqual([
      [0, "New Tab"],
      [1, "Current Tab"],
    ]);
    expect(pairs(APPROVAL_STATUSES)).toEqual([
      [0, "Pending"],
      [1, "Approved"],
      [2, "Denied"],
    ]);
  });

  it("offers the project time choices 1 … 45, then every 15 minutes from 60 to 750, as h:mm", () => {
    const minutes = PROJECT_TIME_CHOICES.map((o) => o.value);
    expect(minutes.slice(0, 10)).toEqual([1, 3, 5, 10, 15, 20, 25, 30, 45, 60]);
    expect(minutes.at(-1)).toBe(750);
    expect(minutes).toHaveLength(9 + 47);
    for (let i = 10; i < minutes.length; i++) expect((minutes[i] ?? 0) - (minutes[i - 1] ?? 0)).toBe(15);
    const label = (m: number) => PROJECT_TIME_CHOICES.find((o) => o.value === m)?.label;
    expect([label(1), label(45), label(60), label(75), label(600), label(750)]).toEqual([
      "0:01",
      "0:45",
      "1:00",
      "1:15",
      "10:00",
      "12:30",
    ]);
  });

  it("prints a stored value by its label, and an unknown one as itself", () => {
    expect(lookupLabel(CLIENT_STATUSES, 1)).toBe("Prospect");
    expect(lookupLabel(HYPERLINK_TARGETS, 0)).toBe("New Tab");
    expect(lookupLabel(CLIENT_STATUSES, 9)).toBe("9");
    expect(lookupLabel(CLIENT_STATUSES, null)).toBe("");
  });
});

describe("enumerations with named codes", () => {
  it("give each option's value by name, in the options' order", () => {
    expect(APPROVAL.code).toEqual({ pending: 0, approved: 1, denied: 2 });
    expect(APPROVAL_STATUSES.map((o) => o.label)).toEqual(["Pending", "Approved", "Denied"]);
    expect(CARD_STATUS.code.closed).toBe(0);
    expect(EDIT_SCOPE.code.thisAndFollowing).toBe(2);
    expect(RECURRENCE.options.map((o) => o.value)).toEqual([1, 2, 3, 4]);
    expect(DELIVERY_TYPE.code.nextDayEarly).toBe(5);
    expect(lookupLabel(CLIENT_STATUSES, CLIENT_STATUS.code.prospect)).toBe("Prospect");
  });
});
