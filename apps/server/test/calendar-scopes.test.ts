import {
  planAll,
  planFollowing,
  planThisEvent,
  RECURRENCE,
  type SeriesException,
  type SeriesShape,
  wallMs,
  wallText,
} from "@office/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wallStarts } from "../src/calendar/occurrences.js";
import { anySeries } from "./support/calendar.js";

const { weekly } = RECURRENCE.code;
const ZONE = "America/New_York";
const HOUR = 3_600_000;

/** Every wall-clock start of a series (the ones the tests make end within a few years). */
const starts = (series: SeriesShape | null) =>
  series
    ? wallStarts({ ...series, zone: ZONE }, wallMs(series.start) - 7 * 24 * HOUR, wallMs("2040-01-01T00:00")).map(
        wallText,
      )
    : [];
const fits = (series: SeriesShape, original: string) => starts(series).includes(original);

// A weekly Monday and Wednesday 09:00 meeting from Monday 2 March 2026, ten times.
const MEETING: SeriesShape = {
  start: "2026-03-02T09:00",
  minutes: 60,
  rule: { recurrence: weekly, weekdays: [1, 3], count: 10 },
};
const OCCURRENCES = starts(MEETING);

describe("the edit scopes on the first, a middle and the last occurrence", () => {
  it("the weekly meeting has the ten occurrences the tests below name", () => {
    expect(OCCURRENCES).toEqual([
      "2026-03-02T09:00",
      "2026-03-04T09:00",
      "2026-03-09T09:00",
      "2026-03-11T09:00",
      "2026-03-16T09:00",
      "2026-03-18T09:00",
      "2026-03-23T09:00",
      "2026-03-25T09:00",
      "2026-03-30T09:00",
      "2026-04-01T09:00",
    ]);
  });

  it("This event: an exception for that occurrence alone, moved or removed", () => {
    expect(planThisEvent("2026-03-09T09:00", { kind: "move", start: "2026-03-10T11:00", minutes: 30 })).toEqual({
      original: "2026-03-09T09:00",
      start: "2026-03-10T11:00",
      minutes: 30,
    });
    expect(planThisEvent("2026-03-02T09:00", { kind: "delete" })).toEqual({
      original: "2026-03-02T09:00",
      cancelled: true,
    });
  });

  it("This and following on the first occurrence changes the whole series", () => {
    const plan = planFollowing(
      MEETING,
      [],
      "2026-03-02T09:00",
      { kind: "move", start: "2026-03-02T10:00", minutes: 60 },
      0,
    );
    expect(plan.head).toBeNull();
    expect(starts(plan.tail)).toEqual(OCCURRENCES.map((wall) => wall.replace("T09:00", "T10:00")));
  });

  it("This and following on a middle occurrence moved to Tuesday: two series, the new one on Tuesdays and Thursdays", () => {
    const exceptions: SeriesException[] = [
      { original: "2026-03-04T09:00", cancelled: true },
      { original: "2026-03-18T09:00", start: "2026-03-18T15:00", minutes: 60 },
      { original: "2026-03-25T09:00", cancelled: true },
    ];
    const plan = planFollowing(
      MEETING,
      exceptions,
      "2026-03-16T09:00",
      { kind: "move", start: "2026-03-17T09:00", minutes: 45 },
      4,
    );
    expect(plan.head?.rule).toMatchObject({ count: 4, until: null });
    expect(starts(plan.head)).toEqual(OCCURRENCES.slice(0, 4));
    expect(plan.tail?.rule).toMatchObject({ weekdays: [2, 4], count: 6 });
    expect(plan.tail?.minutes).toBe(45);
    expect(starts(plan.tail)).toEqual([
      "2026-03-17T09:00",
      "2026-03-19T09:00",
      "2026-03-24T09:00",
      "2026-03-26T09:00",
      "2026-03-31T09:00",
      "2026-04-02T09:00",
    ]);
    expect(plan.kept).toEqual([exceptions[0]]);
    expect(plan.dropped).toEqual(exceptions.slice(1));
  });

  it("This and following on the last occurrence of a series that ends on a date", () => {
    const byDate: SeriesShape = { ...MEETING, rule: { recurrence: weekly, weekdays: [1, 3], until: "2026-04-01" } };
    expect(starts(byDate)).toEqual(OCCURRENCES);
    const plan = planFollowing(byDate, [], "2026-04-01T09:00", { kind: "delete" }, 9);
    expect(plan.head?.rule).toMatchObject({ until: "2026-03-31", count: null });
    expect(starts(plan.head)).toEqual(OCCURRENCES.slice(0, 9));
    expect(plan.tail).toBeNull();
  });

  it("All events moves the series and renames the exceptions with it; deleting all drops them", () => {
    const exceptions: SeriesException[] = [{ original: "2026-03-09T09:00", cancelled: true }];
    const plan = planAll(
      MEETING,
      exceptions,
      "2026-03-11T09:00",
      { kind: "move", start: "2026-03-11T08:30", minutes: 60 },
      fits,
    );
    expect(plan.series?.start).toBe("2026-03-02T08:30");
    expect(plan.kept).toEqual([{ original: "2026-03-09T08:30", cancelled: true }]);
    expect(planAll(MEETING, exceptions, "2026-03-11T09:00", { kind: "delete" }, fits)).toEqual({
      series: null,
      kept: [],
      dropped: exceptions,
    });
  });
});

/** A move of up to two days either way, by quarter hours. */
const anyMove = fc.integer({ min: -192, max: 192 }).map((quarters) => quarters * 900_000);

describe("the edit scopes' plans hold against the occurrences", () => {
  it("This and following: the occurrences before the split never change, and both halves are the original with the move applied", () => {
    fc.assert(
      fc.property(anySeries(3, 26), anyMove, fc.nat(), (series, move, pick) => {
        const all = starts(series);
        fc.pre(all.length >= 2);
        const k = 1 + (pick % (all.length - 1));
        const original = all[k] as string;
        const plan = planFollowing(
          series,
          [],
          original,
          { kind: "move", start: wallText(wallMs(original) + move), minutes: series.minutes },
          k,
        );
        expect(starts(plan.head)).toEqual(all.slice(0, k));
        expect(starts(plan.tail)).toEqual(all.slice(k).map((wall) => wallText(wallMs(wall) + move)));
      }),
      { numRuns: 150 },
    );
  });

  it("This and following, deleted: the series ends before the occurrence", () => {
    fc.assert(
      fc.property(anySeries(3, 26), fc.nat(), (series, pick) => {
        const all = starts(series);
        fc.pre(all.length >= 2);
        const k = 1 + (pick % (all.length - 1));
        const plan = planFollowing(series, [], all[k] as string, { kind: "delete" }, k);
        expect(starts(plan.head)).toEqual(all.slice(0, k));
        expect(plan.tail).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it("All events: every occurrence moves as the one edited did, and its exceptions stay with theirs", () => {
    fc.assert(
      fc.property(anySeries(3, 26), anyMove, fc.nat(), (series, move, pick) => {
        const all = starts(series);
        const original = all[pick % all.length] as string;
        const exceptions = all.filter((_, i) => i % 3 === 1).map((wall) => ({ original: wall, cancelled: true }));
        const plan = planAll(
          series,
          exceptions,
          original,
          { kind: "move", start: wallText(wallMs(original) + move), minutes: series.minutes },
          fits,
        );
        expect(starts(plan.series)).toEqual(all.map((wall) => wallText(wallMs(wall) + move)));
        expect(plan.dropped).toEqual([]);
        expect(plan.kept).toHaveLength(exceptions.length);
      }),
      { numRuns: 100 },
    );
  });
});
