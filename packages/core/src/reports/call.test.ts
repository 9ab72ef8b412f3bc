import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { printWhere } from "../where/print.js";
import {
  addYears,
  isIsoDay,
  isRefusal,
  isReportDay,
  monthStart,
  monthsOf,
  type ReportCall,
  type ReportQuery,
  type ReportRefusal,
  rangeOf,
  rangeWhere,
  readReportCall,
  reportQueryOf,
  withinMaxYears,
} from "./call.js";
import { REPORTS } from "./catalogue.js";
import { reportQuery } from "./input.js";

const TODAY = "2026-11-29";

function read(id: string, query: ReportQuery): ReportCall {
  const call = readReportCall(id, query, TODAY);
  if (isRefusal(call)) throw new Error(call.message);
  return call;
}

function refusal(id: string, query: ReportQuery): ReportRefusal {
  const call = readReportCall(id, query, TODAY);
  if (!isRefusal(call)) throw new Error(`${id} ${JSON.stringify(query)} was not refused`);
  return call;
}

describe("a report's call", () => {
  it("takes the report's first grouping and the twelve months up to today by default", () => {
    const call = read("hours", {});
    expect(call.report).toBe(REPORTS.hours);
    expect(call.grouping.name).toBe("employee");
    expect(call.range).toEqual({ from: "2025-12-01", to: TODAY });
    expect(call.where).toBe("");
    expect(call.asOf).toBeNull();
  });

  it("fills the end of a range given its start, and its start given its end", () => {
    expect(read("hours", { from: "2026-03-05" }).range).toEqual({ from: "2026-03-05", to: TODAY });
    expect(read("hours", { to: "2026-02-14" }).range).toEqual({ from: "2025-03-01", to: "2026-02-14" });
    // A start after today: the range is that day, not a refusal for ending before it starts.
    expect(read("hours", { from: "2027-01-01" }).range).toEqual({ from: "2027-01-01", to: "2027-01-01" });
  });

  it("takes ranges of up to ten years, and refuses fifty", () => {
    expect(read("cardSpending", { from: "2016-11-30", to: "2026-11-29" }).range).toEqual({
      from: "2016-11-30",
      to: "2026-11-29",
    });
    expect(refusal("cardSpending", { from: "2016-11-29", to: "2026-11-29" }).fieldErrors).toEqual({
      to: "is more than 10 years after from",
    });
    const fifty = refusal("hours", { from: "1976-01-01", to: "2026-01-01" });
    expect(fifty.fieldErrors).toEqual({ to: "is more than 10 years after from" });
    expect(fifty.message).toBe("Bad report call: to is more than 10 years after from.");
    // Only the start given, fifty years ago: its end is today, and the range still too long.
    expect(refusal("hours", { from: "1976-01-01" }).fieldErrors.to).toMatch(/more than 10 years/);
  });

  it("refuses a range that ends before it starts, and a day that is none", () => {
    expect(refusal("hours", { from: "2026-05-02", to: "2026-05-01" }).fieldErrors).toEqual({
      to: "must not be before from",
    });
    expect(refusal("hours", { from: "2026-02-30", asOf: "yesterday" }).fieldErrors).toEqual({
      from: "must be a day of 1900 to 2999, YYYY-MM-DD",
      asOf: "must be a day of 1900 to 2999, YYYY-MM-DD",
    });
  });

  it("refuses a grouping the report does not declare, naming those it does", () => {
    expect(refusal("hours", { by: "card" }).fieldErrors).toEqual({
      by: "is not a grouping of Hours (employee, project, category, month)",
    });
    expect(refusal("cardLimits", { by: "ccPermissionApprovalCode" }).fieldErrors.by).toMatch(/not a grouping/);
    expect(read("cardLimits", { by: "holder" }).grouping.by).toEqual({ column: "empID" });
  });

  it("refuses an unknown report, also by a name every object has", () => {
    expect(refusal("payroll", {}).fieldErrors).toEqual({ report: "is not a report" });
    expect(refusal("constructor", {}).fieldErrors).toEqual({ report: "is not a report" });
  });

  it("takes no range for card limits, a state, and as-of days only where a report keeps them, up to today", () => {
    expect(read("cardLimits", {}).range).toBeNull();
    expect(refusal("cardLimits", { from: "2026-01-01" }).fieldErrors).toEqual({
      from: "is not taken by Card Limits, a report of a state",
    });
    expect(read("cardLimits", { asOf: "2026-06-30" }).asOf).toBe("2026-06-30");
    expect(read("projectStatus", { asOf: TODAY }).asOf).toBe(TODAY);
    expect(refusal("cardLimits", { asOf: "2026-11-30" }).fieldErrors).toEqual({ asOf: "must be today or a past day" });
    expect(refusal("hours", { asOf: "2026-06-30" }).fieldErrors.asOf).toMatch(/Hours, which is not kept as of/);
  });

  it("gives the where of its range: from the first day's midnight to the day after the last", () => {
    expect(printWhere(rangeWhere("createdTS", { from: "2026-01-01", to: "2026-01-31" }))).toBe(
      "createdTS >= '2026-01-01' AND createdTS < '2026-02-01'",
    );
  });

  it("is written in the address without its defaults, and read back the same", () => {
    const calls: ReportQuery[] = [
      {},
      { by: "month", to: "2026-02-14" },
      { from: "2026-03-05", where: "empID = 4" },
      { from: "2025-12-01", to: "2026-10-31" },
      { by: "project", from: "2027-02-01" },
    ];
    for (const query of calls) {
      const call = read("hours", query);
      const address = reportQueryOf(call, TODAY);
      expect(read("hours", address), JSON.stringify(query)).toEqual(call);
    }
    expect(reportQueryOf(read("hours", { by: "employee", from: "2025-12-01", to: TODAY }), TODAY)).toEqual({});
    expect(reportQueryOf(read("cardLimits", { by: "status", asOf: "2026-06-30" }), TODAY)).toEqual({
      by: "status",
      asOf: "2026-06-30",
    });
  });
});

describe("the days of a range", () => {
  it("are days of the calendar, as YYYY-MM-DD", () => {
    expect(isIsoDay("2024-02-29")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2026-2-28")).toBe(false);
    expect(isIsoDay("0000-01-01")).toBe(false);
    // A report's days are of 1900 to 2999: the defaults reached from them stay days.
    expect(isReportDay("1900-01-01")).toBe(true);
    expect(isReportDay("1899-12-31")).toBe(false);
    expect(isReportDay("3000-01-01")).toBe(false);
    expect(isReportDay("2026-02-29")).toBe(false);
  });

  it("move by months and years in the calendar", () => {
    expect(monthStart("2026-11-29", -11)).toBe("2025-12-01");
    expect(monthStart("2026-01-15", -1)).toBe("2025-12-01");
    expect(monthStart("2026-12-15", 1)).toBe("2027-01-01");
    expect(addYears("2024-02-29", 10)).toBe("2034-02-28");
    expect(monthsOf({ from: "2025-11-30", to: "2026-02-01" })).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsOf({ from: "2026-03-05", to: "2026-03-09" })).toEqual(["2026-03"]);
    expect(addYears("2026-11-29", -10)).toBe("2016-11-29");
  });

  it("are within ten years exactly when the last is before the first's tenth anniversary", () => {
    const days = fc
      .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, days, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const years = (Date.parse(to) - Date.parse(from)) / (365.2425 * 86_400_000);
        const within = withinMaxYears({ from, to });
        // Away from the boundary, the calendar's answer is the arithmetic one.
        if (Math.abs(years - 10) > 0.01) expect(within).toBe(years < 10);
      }),
    );
    expect(rangeOf({ to: "2026-02-14" }, TODAY).from).toBe("2025-03-01");
  });
});

describe("the call's schema", () => {
  it("takes the address's parts, and refuses any other", () => {
    expect(reportQuery.safeParse({ by: "month", from: "2026-01-01", where: "empID = 3" }).success).toBe(true);
    expect(reportQuery.safeParse({ table: "tblCC" }).success).toBe(false);
    expect(reportQuery.safeParse({ by: "passwordHash" }).success).toBe(false);
    expect(reportQuery.safeParse({ asOf: "0000-01-01" }).success).toBe(false);
    expect(reportQuery.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(reportQuery.safeParse({ from: "2026-02-28", to: "2999-12-31" }).success).toBe(true);
    expect(reportQuery.safeParse({ where: "x".repeat(2_001) }).success).toBe(false);
  });
});
