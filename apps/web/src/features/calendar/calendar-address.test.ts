import { describe, expect, it } from "vitest";
import { calendarPlace, FULLCALENDAR_VIEWS, neighbourDays, viewDays, viewOf, viewRange } from "./calendar-address";

const TODAY = { view: "month", date: "2026-11-28" } as const;

describe("the calendar's address", () => {
  it("opens the view and day a link names", () => {
    expect(calendarPlace(new URLSearchParams("view=week&date=2026-03-02"), TODAY)).toEqual({
      view: "week",
      date: "2026-03-02",
    });
  });

  it("opens where the page opens on where the address names nothing, or nothing real", () => {
    expect(calendarPlace(new URLSearchParams(""), TODAY)).toEqual(TODAY);
    expect(calendarPlace(new URLSearchParams("view=year&date=2026-02-30"), TODAY)).toEqual(TODAY);
    expect(calendarPlace(new URLSearchParams("view=day&date=tomorrow"), TODAY)).toEqual({
      view: "day",
      date: "2026-11-28",
    });
  });

  it("maps each view to FullCalendar's and back", () => {
    for (const [ours, theirs] of Object.entries(FULLCALENDAR_VIEWS)) expect(viewOf(theirs)).toBe(ours);
    expect(viewOf("multiMonthYear")).toBeUndefined();
  });

  it("knows the days each view shows: weeks from Sunday, a month's six weeks", () => {
    expect(viewDays("month", "2027-06-15")).toEqual(["2027-05-30", "2027-07-11"]);
    // A month that starts on a Sunday starts its grid on the 1st.
    expect(viewDays("month", "2026-11-28")).toEqual(["2026-11-01", "2026-12-13"]);
    expect(viewDays("week", "2027-06-02")).toEqual(["2027-05-30", "2027-06-06"]);
    expect(viewDays("agenda", "2027-06-06")).toEqual(["2027-06-06", "2027-06-13"]);
    expect(viewDays("day", "2027-12-31")).toEqual(["2027-12-31", "2028-01-01"]);
  });

  it("writes a view's range as instants of the company's midnights, across a change of the clocks", () => {
    expect(viewRange("month", "2027-06-15", "America/New_York")).toEqual({
      from: "2027-05-30T00:00:00-04:00",
      to: "2027-07-11T00:00:00-04:00",
    });
    // The month of November 2026 begins in summer time and ends in winter time.
    expect(viewRange("month", "2026-11-02", "America/New_York")).toEqual({
      from: "2026-11-01T00:00:00-04:00",
      to: "2026-12-13T00:00:00-05:00",
    });
    expect(viewRange("day", "2027-01-05", "Asia/Kolkata")).toEqual({
      from: "2027-01-05T00:00:00+05:30",
      to: "2027-01-06T00:00:00+05:30",
    });
  });

  it("knows a day in the view before and after", () => {
    expect(neighbourDays("month", "2027-01-31")).toEqual(["2026-12-01", "2027-02-01"]);
    expect(neighbourDays("week", "2027-06-02")).toEqual(["2027-05-26", "2027-06-09"]);
    expect(neighbourDays("day", "2027-03-01")).toEqual(["2027-02-28", "2027-03-02"]);
  });
});
