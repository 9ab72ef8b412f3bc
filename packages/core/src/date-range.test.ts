import { describe, expect, it } from "vitest";
import { dateRangeWhere } from "./date-range.js";
import { addDays } from "./formats.js";
import { printWhere } from "./where/print.js";

const print = (where: ReturnType<typeof dateRangeWhere>) => (where ? printWhere(where) : null);

describe("a date range as a condition", () => {
  it("covers whole days: from the first day's start to the day after the last", () => {
    expect(print(dateRangeWhere("createdTS", { start: "02/27/2028", end: "02/29/2028" }))).toBe(
      "createdTS >= '2028-02-27' AND createdTS < '2028-03-01'",
    );
  });

  it("takes either end alone, and nothing from an empty or malformed range", () => {
    expect(print(dateRangeWhere("d", { start: "12/31/2026" }))).toBe("d >= '2026-12-31'");
    expect(print(dateRangeWhere("d", { end: "12/31/2026" }))).toBe("d < '2027-01-01'");
    expect(dateRangeWhere("d", { start: "", end: "" })).toBeNull();
    expect(dateRangeWhere("d", { start: "2026-12-31", end: "13/01/2026" })).toBeNull();
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
