import { describe, expect, it } from "vitest";
import { calendarPlace, FULLCALENDAR_VIEWS, viewOf } from "./calendar-address";

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
});
