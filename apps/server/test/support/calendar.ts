import { instantToWall, RECURRENCE, wallText } from "@office/core";
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
