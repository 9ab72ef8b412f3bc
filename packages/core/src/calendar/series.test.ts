import { describe, expect, it } from "vitest";
import { RECURRENCE } from "../lookups/enumerations.js";
import { monthlyText, rruleParts, seriesLastDay, seriesProblems, seriesWeekdays } from "./series.js";

const { once, daily, weekly, monthly } = RECURRENCE.code;
// Monday 2 March 2026, 09:00.
const START = "2026-03-02T09:00";

describe("a series' rule", () => {
  it("is none for Once, and the frequency with its end for the others", () => {
    expect(rruleParts({ recurrence: once }, START)).toBeNull();
    expect(rruleParts({ recurrence: daily, count: 5 }, START)).toBe("FREQ=DAILY;COUNT=5");
    expect(rruleParts({ recurrence: daily, until: "2026-04-01" }, START)).toBe("FREQ=DAILY");
    expect(rruleParts({ recurrence: monthly, count: 3 }, "2026-01-15T10:00")).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3",
    );
  });

  it("falls weekly on the days chosen and always on the start's own", () => {
    expect(rruleParts({ recurrence: weekly, weekdays: [3, 1] }, START)).toBe("FREQ=WEEKLY;BYDAY=MO,WE");
    // Chosen Wednesday and Friday, starting on a Monday: Monday is the first occurrence.
    expect(seriesWeekdays({ recurrence: weekly, weekdays: [5, 3] }, START)).toEqual([1, 3, 5]);
    expect(rruleParts({ recurrence: weekly }, START)).toBe("FREQ=WEEKLY;BYDAY=MO");
  });

  it("on the 29th to 31st of a month falls on that day, or on the last day of a shorter month", () => {
    expect(rruleParts({ recurrence: monthly, count: 12 }, "2026-01-31T09:00")).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1;COUNT=12",
    );
    expect(rruleParts({ recurrence: monthly, count: 12 }, "2026-01-29T09:00")).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1;COUNT=12",
    );
    expect(monthlyText("2026-01-31T09:00")).toBe("Monthly on day 31, or the last day of a shorter month");
    expect(monthlyText("2026-01-28T09:00")).toBe("Monthly on day 28");
  });
});

describe("what is wrong with a series as asked", () => {
  it("nothing, for a series with one end within ten years", () => {
    expect(seriesProblems({ recurrence: weekly, weekdays: [1, 3], until: "2027-03-01" }, START)).toEqual({});
    expect(seriesProblems({ recurrence: daily, count: 10 }, START)).toEqual({});
    expect(seriesProblems({ recurrence: once }, START)).toEqual({});
    expect(seriesLastDay(START)).toBe("2036-03-02");
    expect(seriesProblems({ recurrence: daily, until: "2036-03-02" }, START)).toEqual({});
  });

  it("an end before the start, past ten years, both ends or none", () => {
    expect(seriesProblems({ recurrence: daily, until: "2026-03-01" }, START)).toEqual({
      until: "The series cannot end before it starts",
    });
    expect(seriesProblems({ recurrence: daily, until: "2036-03-03" }, START)).toEqual({
      until: "A series may run for at most 10 years",
    });
    expect(seriesProblems({ recurrence: daily, until: "2026-04-01", count: 3 }, START)).toEqual({
      count: "Choose an end date or a number of times, not both",
    });
    expect(seriesProblems({ recurrence: monthly }, START).until).toMatch(/^Say when the series ends/);
    expect(seriesProblems({ recurrence: daily, until: "2026-02-30" }, START)).toEqual({
      until: "The end of the series is not a date",
    });
  });

  it("a count that is no whole number or more than ten years of days, days of the week out of range or not weekly", () => {
    expect(seriesProblems({ recurrence: daily, count: 0 }, START).count).toMatch(/at least 1/);
    expect(seriesProblems({ recurrence: daily, count: 2.5 }, START).count).toMatch(/whole number/);
    expect(seriesProblems({ recurrence: daily, count: 3661 }, START).count).toBe(
      "A series may happen at most 3660 times",
    );
    expect(seriesProblems({ recurrence: weekly, weekdays: [7], count: 2 }, START).weekdays).toMatch(/0 \(Sunday\)/);
    expect(seriesProblems({ recurrence: daily, weekdays: [2], count: 2 }, START).weekdays).toMatch(/Only a weekly/);
    expect(seriesProblems({ recurrence: once, count: 2 }, START).recurrence).toMatch(/happens once/);
  });
});
