import { addDays, instantToWall, RECURRENCE, type SeriesShape, wallText } from "@office/core";
import fc from "fast-check";
import { occurrencesBetween, type SeriesTimes } from "../../src/calendar/occurrences.js";

/** A weekly Monday and Wednesday 09:00 meeting through 2026, in a zone. */
export const weeklyMeeting = (zone: string): SeriesTimes => ({
  start: "2026-01-05T09:00",
  minutes: 60,
  rule: { recurrence: RECURRENCE.code.weekly, weekdays: [1, 3], until: "2026-12-31" },
  zone,
});

/** The year's occurrences of the weekly meeting in two zones, as instants and as their zone's wall clock. */
export function seriesInZones() {
  return ["America/New_York", "Europe/Berlin"].map((zone) =>
    occurrencesBetween(weeklyMeeting(zone), new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z")).map(
      ({ start }) => [new Date(start).toISOString(), wallText(instantToWall(start, zone))],
    ),
  );
}

/**
 * A series the property tests draw: daily, weekly on some days or monthly, from a day of 2026
 * between `firstDay` and `lastDay` of its month, for a count (up to `most`) or to a date.
 */
export function anySeries(firstDay: number, lastDay: number, most = 30) {
  const { daily, weekly, monthly } = RECURRENCE.code;
  return fc
    .record({
      recurrence: fc.constantFrom(daily, weekly, monthly),
      day: fc.integer({ min: firstDay, max: lastDay }),
      month: fc.integer({ min: 1, max: 12 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.constantFrom(0, 15, 30, 45),
      minutes: fc.integer({ min: 15, max: 240 }),
      weekdays: fc.subarray([0, 1, 2, 3, 4, 5, 6]),
      count: fc.option(fc.integer({ min: 2, max: most }), { nil: undefined }),
      days: fc.integer({ min: 20, max: 700 }),
    })
    .filter(({ month, day }) => day <= new Date(Date.UTC(2026, month, 0)).getUTCDate())
    .map(({ recurrence, day, month, hour, minute, minutes, weekdays, count, days }): SeriesShape => {
      const two = (n: number) => String(n).padStart(2, "0");
      const start = `2026-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
      return {
        start,
        minutes,
        rule: {
          recurrence,
          weekdays: recurrence === weekly ? weekdays : null,
          ...(count ? { count, until: null } : { until: addDays(start, days), count: null }),
        },
      };
    });
}
