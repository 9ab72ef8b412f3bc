import { describe, expect, it } from "vitest";
import {
  companyDateTime,
  dateIn,
  formatDateTimeIn,
  hoursRanges,
  instantToWall,
  isTimeZone,
  wallMs,
  wallText,
  wallToInstant,
  weekdayOf,
  zonedIso,
} from "./company-time.js";

const NY = "America/New_York";

describe("the company's days", () => {
  it("knows real time zones and refuses others", () => {
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("reads the date in the company's zone, not the machine's", () => {
    expect(dateIn(new Date("2026-11-24T03:30:00Z"), NY)).toBe("2026-11-23");
    expect(dateIn(new Date("2026-11-24T03:30:00Z"), "Asia/Tokyo")).toBe("2026-11-24");
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(weekdayOf("2026-11-28")).toBe(6);
  });

  it("on a Sunday the week is that day to tomorrow", () => {
    expect(hoursRanges(new Date("2026-11-22T15:00:00Z"), NY)).toEqual({
      today: { start: "2026-11-22", end: "2026-11-23" },
      week: { start: "2026-11-22", end: "2026-11-23" },
    });
  });

  it("on a Saturday the week is the Sunday before to Sunday", () => {
    expect(hoursRanges(new Date("2026-11-28T23:59:00-05:00"), NY)).toEqual({
      today: { start: "2026-11-28", end: "2026-11-29" },
      week: { start: "2026-11-22", end: "2026-11-29" },
    });
  });

  it("a Saturday evening in New York is still Saturday though it is Sunday in UTC", () => {
    const saturdayEvening = new Date("2026-11-29T02:00:00Z");
    expect(hoursRanges(saturdayEvening, NY).week).toEqual({ start: "2026-11-22", end: "2026-11-29" });
    expect(hoursRanges(saturdayEvening, "UTC").week).toEqual({ start: "2026-11-29", end: "2026-11-30" });
  });

  it("counts days across the change from summer time (1 November 2026 in New York)", () => {
    // 23:59 EDT on Saturday 31 October, then 00:30 EDT on Sunday 1 November, and late Sunday EST.
    expect(hoursRanges(new Date("2026-11-01T03:59:00Z"), NY).week).toEqual({ start: "2026-10-25", end: "2026-11-01" });
    expect(hoursRanges(new Date("2026-11-01T04:30:00Z"), NY).week).toEqual({ start: "2026-11-01", end: "2026-11-02" });
    expect(hoursRanges(new Date("2026-11-02T04:30:00Z"), NY).today).toEqual({ start: "2026-11-01", end: "2026-11-02" });
    // And into summer time (8 March 2026): the Sunday of the change starts its own week.
    expect(hoursRanges(new Date("2026-03-08T12:00:00Z"), NY).week).toEqual({ start: "2026-03-08", end: "2026-03-09" });
  });
});

describe("an instant in the company's zone", () => {
  it("prints the company's wall clock as the Update call's YYYY-MM-DD HH:mm:ss", () => {
    expect(companyDateTime(new Date("2026-11-23T14:05:09.900Z"), NY)).toBe("2026-11-23 09:05:09");
    expect(companyDateTime(new Date("2026-07-04T03:30:00Z"), NY)).toBe("2026-07-03 23:30:00");
    expect(companyDateTime(new Date("2026-07-04T03:30:00Z"), "Asia/Kolkata")).toBe("2026-07-04 09:00:00");
  });

  it("keeps the instant and shows the company's wall clock, summer and winter", () => {
    const cases: Array<[string, string, string]> = [
      ["2026-11-23T14:05:09.900Z", NY, "2026-11-23T09:05:09-05:00"],
      ["2026-07-04T03:30:00Z", NY, "2026-07-03T23:30:00-04:00"],
      // 1:30 happens twice on the night summer time ends: first in EDT, then in EST.
      ["2026-11-01T05:30:00Z", NY, "2026-11-01T01:30:00-04:00"],
      ["2026-11-01T06:30:00Z", NY, "2026-11-01T01:30:00-05:00"],
      ["2026-11-01T05:30:00Z", "UTC", "2026-11-01T05:30:00+00:00"],
      ["2026-11-01T05:30:00Z", "Asia/Kolkata", "2026-11-01T11:00:00+05:30"],
    ];
    for (const [instant, zone, expected] of cases) {
      const text = zonedIso(new Date(instant), zone);
      expect(text).toBe(expected);
      expect(Math.floor(Date.parse(instant) / 1000)).toBe(Date.parse(text) / 1000);
    }
  });

  it("agrees with Intl at every instant across days of change, in zones that shift by an hour or half of one", () => {
    const reference = (instant: Date, zone: string) => {
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }).formatToParts(instant);
      const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
    };
    const sweeps: Array<[string, string]> = [
      [NY, "2026-11-01T00:00:00Z"],
      [NY, "2026-03-08T00:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T00:00:00Z"],
      ["Europe/London", "2026-10-25T00:00:00Z"],
    ];
    for (const [zone, from] of sweeps) {
      for (let t = Date.parse(from); t < Date.parse(from) + 2 * 86_400_000; t += 7 * 60_000 + 13_000) {
        const instant = new Date(t);
        const text = zonedIso(instant, zone);
        expect(text.slice(0, 19), `${zone} ${instant.toISOString()}`).toBe(reference(instant, zone));
        expect(Date.parse(text)).toBe(Math.floor(t / 1000) * 1000);
      }
    }
  });
});

describe("a date or time shown as the company reads it", () => {
  // West of UTC (New York, summer: -04:00) and east (Tokyo, +09:00): half an hour either side of
  // the company's midnight, written in UTC, in the company's own offset and in another zone's.
  const cases: Array<[string, string, string]> = [
    [NY, "2026-07-04T03:30:00Z", "07/03/2026 11:30 pm"],
    [NY, "2026-07-04T04:30:00Z", "07/04/2026 12:30 am"],
    [NY, "2026-07-03T23:30:00-04:00", "07/03/2026 11:30 pm"],
    [NY, "2026-07-04T13:30:00+09:00", "07/04/2026 12:30 am"],
    ["Asia/Tokyo", "2026-07-04T14:30:00Z", "07/04/2026 11:30 pm"],
    ["Asia/Tokyo", "2026-07-04T15:30:00.000Z", "07/05/2026 12:30 am"],
    ["Asia/Tokyo", "2026-07-04T23:30:00+09:00", "07/04/2026 11:30 pm"],
    ["Asia/Tokyo", "2026-07-04T11:30:00-04:00", "07/05/2026 12:30 am"],
  ];
  it.each(cases)("in %s, %s is %s", (zone, text, shown) => {
    expect(formatDateTimeIn(text, zone)).toBe(shown);
  });

  it("shows a date alone as its day in any zone, and a wall-clock text as written", () => {
    for (const zone of [NY, "Asia/Tokyo"]) {
      expect(formatDateTimeIn("2026-07-04", zone)).toBe("07/04/2026");
      expect(formatDateTimeIn("2026-07-04 00:30:00", zone)).toBe("07/04/2026 12:30 am");
    }
    expect(formatDateTimeIn("2026-07-04T25:00:00Z", NY)).toBeNull();
    expect(formatDateTimeIn("soon", NY)).toBeNull();
  });
});

describe("a wall-clock time placed in a zone", () => {
  const at = (wall: string, zone: string) => new Date(wallToInstant(wallMs(wall), zone)).toISOString();

  it("is the instant its clocks show it, in winter and in summer", () => {
    expect(at("2026-01-15T09:00", "Europe/Berlin")).toBe("2026-01-15T08:00:00.000Z");
    expect(at("2026-07-15T09:00", "Europe/Berlin")).toBe("2026-07-15T07:00:00.000Z");
    expect(at("2026-07-15T09:00", NY)).toBe("2026-07-15T13:00:00.000Z");
    expect(at("2026-07-15T09:00", "Australia/Sydney")).toBe("2026-07-14T23:00:00.000Z");
  });

  it("moves a time the clocks skip on by the gap, on the day they spring forward", () => {
    // Berlin: 29 March 2026, 02:00 becomes 03:00. New York: 8 March 2026, the same.
    expect(at("2026-03-29T02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(formatInZone(at("2026-03-29T02:30", "Europe/Berlin"), "Europe/Berlin")).toBe("2026-03-29T03:30");
    expect(formatInZone(at("2026-03-08T02:15", NY), NY)).toBe("2026-03-08T03:15");
    // Lord Howe Island moves by half an hour.
    expect(formatInZone(at("2026-10-04T02:10", "Australia/Lord_Howe"), "Australia/Lord_Howe")).toBe("2026-10-04T02:40");
    // Either side of the gap, the time is as written.
    expect(at("2026-03-29T01:59", "Europe/Berlin")).toBe("2026-03-29T00:59:00.000Z");
    expect(at("2026-03-29T03:00", "Europe/Berlin")).toBe("2026-03-29T01:00:00.000Z");
  });

  it("takes the first of a time the clocks show twice, on the day they fall back", () => {
    // Berlin: 25 October 2026, 03:00 becomes 02:00; 02:30 happens at 00:30Z and at 01:30Z.
    expect(at("2026-10-25T02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(at("2026-11-01T01:30", NY)).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-10-25T09:00", "Europe/Berlin")).toBe("2026-10-25T08:00:00.000Z");
  });

  it("and back: the instant's wall clock is the time written, wherever the clocks exist", () => {
    for (const zone of [NY, "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe"])
      for (let hour = 0; hour < 24 * 400; hour += 7) {
        const wall = Date.UTC(2026, 0, 1) + hour * 3_600_000;
        const back = instantToWall(wallToInstant(wall, zone), zone);
        // Unchanged, or moved on by a gap of at most an hour.
        expect(back - wall, `${zone} ${wallText(wall)}`).toBeGreaterThanOrEqual(0);
        expect(back - wall, `${zone} ${wallText(wall)}`).toBeLessThanOrEqual(3_600_000);
      }
  });
});

/** An instant's wall clock in a zone, to the minute. */
function formatInZone(iso: string, zone: string): string {
  return wallText(instantToWall(Date.parse(iso), zone));
}
