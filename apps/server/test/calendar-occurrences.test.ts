import { instantToWall, RECURRENCE, wallMs, wallText } from "@office/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { occurrencesBetween, type SeriesTimes, seriesCostProblem, wallStarts } from "../src/calendar/occurrences.js";
import { anySeries, seriesInZones, weeklyMeeting } from "./support/calendar.js";
import { finished, spawnFixture } from "./support/spawn.js";

const { once, daily, monthly } = RECURRENCE.code;
const BERLIN = "Europe/Berlin";
const NY = "America/New_York";
const DAY = 86_400_000;
const YEAR = [new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z")] as const;

/** The occurrences' starts as their zone's clocks show them. */
const walls = (series: SeriesTimes, from: Date, to: Date) =>
  occurrencesBetween(series, from, to).map(({ start }) => wallText(instantToWall(start, series.zone)));

describe("a series' occurrences, expanded on the server in the series' zone", () => {
  it("keeps a weekly 09:00 meeting at 09:00 across both daylight-saving changes, in New York and in Berlin", () => {
    for (const zone of [NY, BERLIN]) {
      const starts = walls(weeklyMeeting(zone), ...YEAR);
      expect(starts).toHaveLength(104);
      expect(
        starts.every((wall) => wall.endsWith("T09:00")),
        zone,
      ).toBe(true);
    }
    const [ny, berlin] = seriesInZones();
    // Before New York's spring change 09:00 is 14:00Z, after it 13:00Z; Berlin's a few weeks later.
    expect(ny?.find(([, wall]) => wall === "2026-03-04T09:00")?.[0]).toBe("2026-03-04T14:00:00.000Z");
    expect(ny?.find(([, wall]) => wall === "2026-03-09T09:00")?.[0]).toBe("2026-03-09T13:00:00.000Z");
    expect(berlin?.find(([, wall]) => wall === "2026-03-25T09:00")?.[0]).toBe("2026-03-25T08:00:00.000Z");
    expect(berlin?.find(([, wall]) => wall === "2026-03-30T09:00")?.[0]).toBe("2026-03-30T07:00:00.000Z");
    expect(berlin?.find(([, wall]) => wall === "2026-10-26T09:00")?.[0]).toBe("2026-10-26T08:00:00.000Z");
  });

  it("computes the same in a process running in a third zone", async () => {
    const child = await finished(spawnFixture("occurrences.ts", { TZ: "Asia/Kolkata" }));
    expect(child.stderr).toBe("");
    expect(JSON.parse(child.stdout)).toEqual(seriesInZones());
  });

  it("moves a daily 02:30 that the spring change skips to 03:30, and holds the autumn's twice-shown 02:30 once", () => {
    const series: SeriesTimes = {
      start: "2026-03-27T02:30",
      minutes: 30,
      rule: { recurrence: daily, count: 214 },
      zone: BERLIN,
    };
    const spring = walls(series, new Date("2026-03-27T00:00:00Z"), new Date("2026-03-31T00:00:00Z"));
    expect(spring).toEqual(["2026-03-27T02:30", "2026-03-28T02:30", "2026-03-29T03:30", "2026-03-30T02:30"]);
    const autumn = occurrencesBetween(series, new Date("2026-10-24T00:00:00Z"), new Date("2026-10-27T00:00:00Z"));
    expect(autumn.map(({ start }) => new Date(start).toISOString())).toEqual([
      "2026-10-24T00:30:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-10-26T01:30:00.000Z",
    ]);
    // An exception names an occurrence by its start as the series makes it, skipped or not.
    const [skipped] = occurrencesBetween(series, new Date("2026-03-29T00:00:00Z"), new Date("2026-03-30T00:00:00Z"));
    expect(wallText(skipped?.original ?? 0)).toBe("2026-03-29T02:30");
  });

  it("falls monthly on the 31st or the last day of a shorter month, and on 29 February only in a leap year", () => {
    const on = (start: string): SeriesTimes => ({
      start,
      minutes: 60,
      rule: { recurrence: monthly, count: 14 },
      zone: NY,
    });
    const days = (start: string) =>
      walls(on(start), new Date("2026-01-01T00:00:00Z"), new Date("2029-01-01T00:00:00Z")).map((wall) =>
        wall.slice(0, 10),
      );
    expect(days("2026-01-31T10:00").slice(0, 6)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
    ]);
    expect(days("2027-12-29T10:00").slice(0, 4)).toEqual(["2027-12-29", "2028-01-29", "2028-02-29", "2028-03-29"]);
    expect(days("2026-12-30T10:00").slice(0, 3)).toEqual(["2026-12-30", "2027-01-30", "2027-02-28"]);
  });

  it("ends on its last day included, or after its count; Once is its start alone", () => {
    const until: SeriesTimes = {
      start: "2026-03-02T09:00",
      minutes: 60,
      rule: { recurrence: daily, until: "2026-03-05" },
      zone: NY,
    };
    expect(walls(until, ...YEAR)).toEqual([
      "2026-03-02T09:00",
      "2026-03-03T09:00",
      "2026-03-04T09:00",
      "2026-03-05T09:00",
    ]);
    expect(walls({ ...until, rule: { recurrence: daily, count: 2 } }, ...YEAR)).toEqual([
      "2026-03-02T09:00",
      "2026-03-03T09:00",
    ]);
    expect(walls({ ...until, rule: { recurrence: once } }, ...YEAR)).toEqual(["2026-03-02T09:00"]);
    expect(walls({ ...until, rule: { recurrence: once } }, new Date("2026-04-01T00:00:00Z"), YEAR[1])).toEqual([]);
  });

  it("includes an occurrence that began before the range and still runs, and none that starts at its end", () => {
    const series: SeriesTimes = {
      start: "2026-03-02T23:00",
      minutes: 120,
      rule: { recurrence: daily, count: 3 },
      zone: NY,
    };
    // 23:00 to 01:00 New York: the range opening at 00:30 on the 4th sees the 3rd's occurrence.
    expect(walls(series, new Date("2026-03-04T05:30:00Z"), new Date("2026-03-04T06:00:00Z"))).toEqual([
      "2026-03-03T23:00",
    ]);
    // 22:00 to midnight on the 2nd sees the 2nd's; the hour before it starts sees none.
    expect(walls(series, new Date("2026-03-03T03:00:00Z"), new Date("2026-03-03T05:00:00Z"))).toEqual([
      "2026-03-02T23:00",
    ]);
    expect(walls(series, new Date("2026-03-03T03:00:00Z"), new Date("2026-03-03T04:00:00Z"))).toEqual([]);
    expect(walls(series, new Date("2026-03-04T06:00:00Z"), new Date("2026-03-05T04:00:00Z"))).toEqual([]);
  });

  it("ends an all-day event at its zone's next midnight, on a day of 23 hours too", () => {
    const day: SeriesTimes = {
      start: "2026-03-29T00:00",
      minutes: 1440,
      allDay: true,
      rule: { recurrence: once },
      zone: BERLIN,
    };
    const [only] = occurrencesBetween(day, ...YEAR);
    expect(new Date(only?.start ?? 0).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(new Date(only?.end ?? 0).toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("refuses a count that runs past ten years, and lets one that ends on the tenth year's day be", () => {
    const monthlyFrom = (count: number): SeriesTimes => ({
      start: "2026-03-02T09:00",
      minutes: 60,
      rule: { recurrence: monthly, count },
      zone: NY,
    });
    // From 2 March 2026: the 121st is on 2 March 2036, the tenth year's day; the 122nd a month later.
    expect(seriesCostProblem(monthlyFrom(122))).toBe("A series may run for at most 10 years: 122 times run longer");
    expect(seriesCostProblem(monthlyFrom(121))).toBeNull();
    expect(seriesCostProblem({ ...monthlyFrom(1), rule: { recurrence: once } })).toBeNull();
  });

  it("walks from near the window: the same starts as a walk from the first occurrence, over years of a series", () => {
    fc.assert(
      fc.property(
        anySeries(1, 31, 400),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 1, max: 60 }),
        (shape, offset, length) => {
          const series: SeriesTimes = { ...shape, zone: NY };
          const first = wallMs(series.start);
          const from = first + offset * DAY - 5 * DAY;
          const to = from + length * DAY;
          const walked = wallStarts(series, first - DAY, to + DAY).filter((wall) => wall >= from && wall <= to);
          expect(wallStarts(series, from, to)).toEqual(walked);
        },
      ),
      { numRuns: 300 },
    );
  });
});
