import { describe, expect, it } from "vitest";
import { zonedIso } from "../company-time.js";
import type { CalendarOccurrence } from "../operations/calendar.js";
import { calendarDayPath, dayWindow, occurrenceTimes, todaysEvents } from "./today.js";

/** A zone's offset from UTC at an instant, in minutes, as zonedIso writes it. */
const offsetMinutes = (instant: Date, zone: string) => {
  const [, sign, hh, mm] = /([+-])(\d\d):(\d\d)$/.exec(zonedIso(instant, zone)) ?? [];
  return (sign === "-" ? -1 : 1) * (Number(hh) * 60 + Number(mm));
};

const occurrence = (o: Partial<CalendarOccurrence> & Pick<CalendarOccurrence, "eventID" | "start" | "end">) => ({
  original: o.start.slice(0, 16),
  allDay: false,
  title: `Event ${o.eventID}`,
  eventCategory: null,
  eventLocation: null,
  recurring: false,
  changed: false,
  ...o,
});

describe("the calendar seen from Home and the palette", () => {
  it("links to the calendar's day view, opened on an occurrence when given", () => {
    expect(calendarDayPath("2026-03-04")).toBe("/calendar1?view=day&date=2026-03-04");
    expect(calendarDayPath("2026-03-04", { eventID: 12, original: "2026-03-02T09:00" })).toBe(
      "/calendar1?view=day&date=2026-03-04&event=12&at=2026-03-02T09%3A00",
    );
    expect(
      new URLSearchParams(
        calendarDayPath("2026-03-04", { eventID: 12, original: "2026-03-02T09:00" }).split("?")[1],
      ).get("at"),
    ).toBe("2026-03-02T09:00");
  });

  it("asks for the instants a day lies within in every zone, from UTC+14 to UTC−12", () => {
    expect(dayWindow("2026-03-01")).toEqual({ from: "2026-02-28T10:00:00Z", to: "2026-03-02T12:00:00Z" });
    for (const zone of ["Pacific/Kiritimati", "Etc/GMT+12", "America/New_York", "Asia/Tokyo"]) {
      const [midnight, next] = [new Date("2026-03-01T00:00:00Z"), new Date("2026-03-02T00:00:00Z")].map(
        (utc) => utc.getTime() - offsetMinutes(utc, zone) * 60_000,
      );
      const { from, to } = dayWindow("2026-03-01");
      expect(Date.parse(from)).toBeLessThanOrEqual(midnight as number);
      expect(Date.parse(to)).toBeGreaterThanOrEqual(next as number);
    }
  });

  it("says an occurrence's times on the day in the 12-hour style", () => {
    const day = "2026-03-04";
    const at = (start: string, end: string, allDay = false) =>
      occurrenceTimes({ start: `${start}-05:00`, end: `${end}-05:00`, allDay }, day);
    expect(at("2026-03-04T09:00:00", "2026-03-04T10:00:00")).toBe("09:00 AM – 10:00 AM");
    expect(at("2026-03-04T12:30:00", "2026-03-04T13:15:00")).toBe("12:30 PM – 01:15 PM");
    expect(at("2026-03-04T23:00:00", "2026-03-05T00:00:00")).toBe("11:00 PM – 12:00 AM");
    expect(at("2026-03-04T23:00:00", "2026-03-05T01:00:00")).toBe("From 11:00 PM");
    expect(at("2026-03-03T23:00:00", "2026-03-04T01:00:00")).toBe("Until 01:00 AM");
    expect(at("2026-03-03T23:00:00", "2026-03-05T01:00:00")).toBe("All day");
    expect(at("2026-03-04T00:00:00", "2026-03-05T00:00:00", true)).toBe("All day");
  });

  it("lists the day's events whole-day first, then by start, at most eight, with how many more", () => {
    const day = "2026-03-04";
    const occurrences = [
      occurrence({ eventID: 1, start: "2026-03-04T14:00:00-05:00", end: "2026-03-04T15:00:00-05:00" }),
      occurrence({ eventID: 2, start: "2026-03-04T09:00:00-05:00", end: "2026-03-04T09:15:00-05:00", recurring: true }),
      occurrence({
        eventID: 3,
        start: "2026-03-04T00:00:00-05:00",
        end: "2026-03-05T00:00:00-05:00",
        allDay: true,
        title: "Holiday",
      }),
      occurrence({
        eventID: 4,
        start: "2026-03-04T09:00:00-05:00",
        end: "2026-03-04T10:00:00-05:00",
        eventLocation: "Room A",
      }),
      occurrence({
        eventID: 5,
        start: "2026-03-02T00:00:00-05:00",
        end: "2026-03-06T00:00:00-05:00",
        allDay: true,
        title: "Away",
      }),
    ];
    // The window's others: the day before's evening, the next day's morning, one that ended at midnight.
    const around = [
      occurrence({ eventID: 8, start: "2026-03-03T20:00:00-05:00", end: "2026-03-03T21:00:00-05:00" }),
      occurrence({ eventID: 8, start: "2026-03-05T08:00:00-05:00", end: "2026-03-05T09:00:00-05:00" }),
      occurrence({ eventID: 9, start: "2026-03-03T23:00:00-05:00", end: "2026-03-04T00:00:00-05:00" }),
      occurrence({ eventID: 10, start: "2026-03-03T00:00:00-05:00", end: "2026-03-04T00:00:00-05:00", allDay: true }),
    ];
    const { entries, more, all } = todaysEvents([...around, ...occurrences], day);
    expect(entries.map((e) => [e.title, e.times])).toEqual([
      ["Away", "All day"],
      ["Holiday", "All day"],
      ["Event 2", "09:00 AM – 09:15 AM"],
      ["Event 4", "09:00 AM – 10:00 AM"],
      ["Event 1", "02:00 PM – 03:00 PM"],
    ]);
    expect(entries[3]?.location).toBe("Room A");
    // Each opens the day's view on itself, though it began on another day.
    expect(entries[0]?.path).toBe("/calendar1?view=day&date=2026-03-04&event=5&at=2026-03-02T00%3A00");
    expect(more).toBe(0);
    expect(all).toBe("/calendar1?view=day&date=2026-03-04");

    const many = Array.from({ length: 11 }, (_, i) =>
      occurrence({
        eventID: 1,
        start: `2026-03-04T${String(8 + i).padStart(2, "0")}:00:00-05:00`,
        end: `2026-03-04T${String(9 + i).padStart(2, "0")}:00:00-05:00`,
      }),
    );
    const capped = todaysEvents(many, day);
    expect(capped.entries).toHaveLength(8);
    expect(capped.more).toBe(3);
    // One series' occurrences are told apart by their original start.
    expect(new Set(capped.entries.map((e) => e.key)).size).toBe(8);
  });
});
