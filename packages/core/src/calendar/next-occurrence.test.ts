import { describe, expect, it } from "vitest";
import { RECURRENCE } from "../lookups/enumerations.js";
import { type EventTimesRow, occurrenceToOpen, seriesDates } from "./next-occurrence.js";
import type { SeriesRule } from "./series.js";

const { once, daily, weekly, monthly } = RECURRENCE.code;
const NY = "America/New_York";

const dates = (start: string, rule: SeriesRule, from: string, most = 50) => {
  const found: string[] = [];
  for (const { date, n } of seriesDates(start, rule, from)) {
    found.push(`${date}#${n}`);
    if (found.length >= most) break;
  }
  return found;
};

const row = (o: Partial<EventTimesRow>): EventTimesRow => ({
  eventID: 1,
  eventStart: "2026-03-02T09:00",
  eventMinutes: 60,
  eventAllDay: 0,
  eventZone: NY,
  eventRecurrence: once,
  eventRecurrenceDays: null,
  eventRecurrenceUntil: null,
  eventRecurrenceCount: null,
  ...o,
});

describe("a series' dates, worked out from its row", () => {
  it("walks daily, weekly on its days and the start's own, and monthly on a day or a shorter month's last", () => {
    expect(dates("2026-03-02T09:00", { recurrence: daily, count: 3 }, "2026-01-01")).toEqual([
      "2026-03-02#1",
      "2026-03-03#2",
      "2026-03-04#3",
    ]);
    // Monday the 2nd, weekly on Wednesdays and Fridays: the Monday too, numbered from the first.
    expect(
      dates("2026-03-02T09:00", { recurrence: weekly, weekdays: [3, 5], until: "2026-03-13" }, "2026-03-05"),
    ).toEqual(["2026-03-06#3", "2026-03-09#4", "2026-03-11#5", "2026-03-13#6"]);
    expect(dates("2026-01-31T14:00", { recurrence: monthly, count: 5 }, "2026-02-01")).toEqual([
      "2026-02-28#2",
      "2026-03-31#3",
      "2026-04-30#4",
      "2026-05-31#5",
    ]);
    expect(dates("2026-03-02T09:00", { recurrence: once }, "2026-03-02")).toEqual(["2026-03-02#1"]);
    expect(dates("2026-03-02T09:00", { recurrence: once }, "2026-03-03")).toEqual([]);
  });

  it("ends by its date or its count, whichever it has", () => {
    expect(dates("2026-03-02T09:00", { recurrence: daily, until: "2026-03-04" }, "2026-03-03")).toEqual([
      "2026-03-03#2",
      "2026-03-04#3",
    ]);
    expect(dates("2026-03-02T09:00", { recurrence: weekly, weekdays: [1, 2], count: 5 }, "2026-03-09")).toEqual([
      "2026-03-09#3",
      "2026-03-10#4",
      "2026-03-16#5",
    ]);
    expect(dates("2026-03-02T09:00", { recurrence: daily, count: 3 }, "2026-03-10")).toEqual([]);
  });
});

describe("the occurrence a search result opens", () => {
  const at = (iso: string) => new Date(iso);

  it("is an event's own when it happens once, past or to come", () => {
    expect(occurrenceToOpen(row({}), at("2026-03-01T12:00:00Z"), NY)).toEqual({
      original: "2026-03-02T09:00",
      start: "2026-03-02T09:00:00-05:00",
      date: "2026-03-02",
      instant: Date.parse("2026-03-02T14:00:00Z"),
      allDay: false,
      when: "next",
    });
    expect(occurrenceToOpen(row({}), at("2026-04-01T12:00:00Z"), NY)?.when).toBe("last");
    expect(occurrenceToOpen(row({}), at("2026-03-02T14:30:00Z"), NY)?.when).toBe("now");
  });

  it("is a series' occurrence now or next, in the company's zone and across the spring change", () => {
    const standUp = row({
      eventRecurrence: weekly,
      eventRecurrenceDays: "|1|3|5|",
      eventRecurrenceUntil: "2026-06-01",
    });
    // Wednesday the 11th at 10:00 in New York, after the clocks went forward: Friday's at 09:00 EDT.
    expect(occurrenceToOpen(standUp, at("2026-03-11T14:00:00Z"), NY)).toMatchObject({
      original: "2026-03-13T09:00",
      start: "2026-03-13T09:00:00-04:00",
      date: "2026-03-13",
      when: "next",
    });
    // In a company whose zone is Berlin's, the same start is in its afternoon.
    expect(occurrenceToOpen(standUp, at("2026-03-11T14:00:00Z"), "Europe/Berlin")).toMatchObject({
      start: "2026-03-13T14:00:00+01:00",
      date: "2026-03-13",
    });
    // During one: that one.
    expect(occurrenceToOpen(standUp, at("2026-03-11T13:30:00Z"), NY)).toMatchObject({
      original: "2026-03-11T09:00",
      when: "now",
    });
    // Ended: the last, on the day it ends by.
    expect(occurrenceToOpen(standUp, at("2026-07-01T12:00:00Z"), NY)).toMatchObject({
      original: "2026-06-01T09:00",
      when: "last",
    });
    // Ended by a count, long before: its last.
    const counted = row({ eventRecurrence: daily, eventRecurrenceCount: 4 });
    expect(occurrenceToOpen(counted, at("2027-01-01T12:00:00Z"), NY)?.original).toBe("2026-03-05T09:00");
  });

  it("takes an all-day event's own date, and one of several days while it lasts", () => {
    const away = row({ eventStart: "2026-03-02T00:00", eventAllDay: 1, eventMinutes: 3 * 1_440 });
    expect(occurrenceToOpen(away, at("2026-03-03T12:00:00Z"), "Asia/Tokyo")).toEqual({
      original: "2026-03-02T00:00",
      start: "2026-03-02T00:00:00",
      date: "2026-03-02",
      instant: Date.parse("2026-03-02T00:00:00-05:00"),
      allDay: true,
      when: "now",
    });
    const monthlyReview = row({
      eventStart: "2026-01-31T00:00",
      eventAllDay: 1,
      eventMinutes: 1_440,
      eventRecurrence: monthly,
      eventRecurrenceCount: 12,
    });
    expect(occurrenceToOpen(monthlyReview, at("2026-02-10T12:00:00Z"), NY)?.date).toBe("2026-02-28");
  });
});
