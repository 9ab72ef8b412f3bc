import {
  addDays,
  type EventTimesRow,
  instantToWall,
  occurrenceToOpen,
  RECURRENCE,
  seriesDates,
  wallMs,
  wallText,
  wallToInstant,
  zonedIso,
} from "@office/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { occurrencesBetween, wallStarts } from "../src/calendar/occurrences.js";
import { anySeries } from "./support/calendar.js";

/*
 * Core works out the occurrence a palette result opens from the event's row alone, by dates
 * (calendar/next-occurrence.ts); the server expands series with rrule-temporal. The two must
 * agree, or the palette would open the calendar on a day without the event.
 */

const ZONE = "America/New_York";
const DAY = 86_400_000;
/** The last day the two are compared to: a series drawn (a count of 100 months at most) ends before. */
const LAST = "2040-12-31";

describe("core's dates of a series, against the server's expansion", () => {
  it("are the server's, from any day on", () => {
    fc.assert(
      fc.property(anySeries(1, 31, 100), fc.integer({ min: -40, max: 800 }), (series, offset) => {
        const from = addDays(series.start, offset);
        const core: string[] = [];
        for (const { date } of seriesDates(series.start, series.rule, from))
          if (date <= LAST) core.push(`${date}T${series.start.slice(11, 16)}`);
        const server = wallStarts({ ...series, zone: ZONE }, wallMs(`${from}T00:00`), wallMs(`${LAST}T23:59`)).map(
          wallText,
        );
        expect(core).toEqual(server);
      }),
      { numRuns: 300 },
    );
  });

  it("open the occurrence on now, or the next one, that the server gives", () => {
    const { weekly } = RECURRENCE.code;
    fc.assert(
      fc.property(anySeries(1, 31, 100), fc.integer({ min: 0, max: 700 * 24 }), (series, hours) => {
        const row: EventTimesRow = {
          eventID: 1,
          eventStart: series.start,
          eventMinutes: series.minutes,
          eventAllDay: 0,
          eventZone: ZONE,
          eventRecurrence: series.rule.recurrence,
          eventRecurrenceDays:
            series.rule.recurrence === weekly && series.rule.weekdays?.length
              ? `|${series.rule.weekdays.join("|")}|`
              : null,
          eventRecurrenceUntil: series.rule.until ?? null,
          eventRecurrenceCount: series.rule.count ?? null,
        };
        const now = new Date(Date.parse("2026-01-01T00:00:00Z") + hours * 3_600_000);
        const found = occurrenceToOpen(row, now, ZONE);
        const [server] = occurrencesBetween({ ...series, zone: ZONE }, now, new Date(now.getTime() + 800 * DAY));
        if (server) {
          expect(found?.original).toBe(wallText(server.original));
          expect(found?.start).toBe(zonedIso(new Date(server.start), ZONE));
          expect(found?.when).toBe(server.start <= now.getTime() ? "now" : "next");
        } else expect(found?.when).toBe("last");
        // It starts at its wall-clock time there; one that the clocks skip (spring forward,
        // 02:00-03:00 in New York) moves on as every skipped time does (wallToInstant).
        if (found) {
          expect(Date.parse(found.start)).toBe(wallToInstant(wallMs(found.original), ZONE));
          const shown = wallText(instantToWall(Date.parse(found.start), ZONE));
          if (shown !== found.original) expect(wallMs(shown) - wallMs(found.original)).toBe(3_600_000);
        }
      }),
      { numRuns: 300 },
    );
  });
});
