import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatMinutes,
  formatMoney,
  formatPipeList,
  formatTime12h,
  formatUsDate,
  formatUsPhone,
  isoDate,
  parseMinutes,
  parseMoney,
  parsePipeList,
  parseTime12h,
  parseUsDate,
  timeAgo,
  wallClockDate,
  withArticle,
} from "./formats.js";
import { checkRule } from "./validation.js";

const day = fc
  .record({
    year: fc.integer({ min: 1900, max: 2100 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day: d }) => `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`);

describe("the formats of spec 5", () => {
  it("US phone from ten digits in any punctuation, and the tel rule accepts it", () => {
    expect(formatUsPhone("555.010.4477")).toBe("(555) 010-4477");
    expect(formatUsPhone("+1 555 010 4477")).toBe("(555) 010-4477");
    expect(formatUsPhone("555 010 447")).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        const phone = formatUsPhone(digits);
        expect(phone && checkRule("tel", phone, "Phone")).toBeNull();
        expect(phone?.replace(/\D/g, "")).toBe(digits);
      }),
    );
  });

  it("US dates round-trip with ISO dates, and refuse days that do not exist", () => {
    expect(formatUsDate("2026-11-22")).toBe("11/22/2026");
    expect(formatUsDate("2026-11-22 23:59:59")).toBe("11/22/2026");
    expect(parseUsDate("11/22/2026")).toBe("2026-11-22");
    expect(parseUsDate("02/29/2023")).toBeNull();
    expect(parseUsDate("02/29/2000")).toBe("2000-02-29");
    expect(parseUsDate("02/29/1900")).toBeNull();
    expect(formatUsDate("not a date")).toBeNull();
    fc.assert(
      fc.property(day, (iso) => {
        expect(parseUsDate(formatUsDate(iso) ?? "")).toBe(iso);
      }),
    );
  });

  it("ISO date of a text or a Date (UTC)", () => {
    expect(isoDate("2026-01-05T10:00:00Z")).toBe("2026-01-05");
    expect(isoDate(new Date(Date.UTC(2026, 0, 5, 23, 30)))).toBe("2026-01-05");
    expect(isoDate(new Date(Number.NaN))).toBeNull();
  });

  it("datetime with hh:mm am/pm", () => {
    expect(formatDateTime("2026-11-22 13:05:00")).toBe("11/22/2026 01:05 pm");
    expect(formatDateTime("2026-11-22T00:00")).toBe("11/22/2026 12:00 am");
    expect(formatDateTime("2026-11-22 12:30")).toBe("11/22/2026 12:30 pm");
    expect(formatDateTime("2026-11-22 24:00")).toBeNull();
    // A day is no midnight: it shows as the day.
    expect(formatDateTime("2026-11-22")).toBe("11/22/2026");
  });

  it("12-hour times round-trip over the whole day", () => {
    for (let minute = 0; minute < 24 * 60; minute++) expect(parseTime12h(formatTime12h(minute))).toBe(minute);
  });

  it("pipe lists", () => {
    expect(formatPipeList(["Ground", "Next Day"])).toBe("|Ground|Next Day|");
    expect(formatPipeList([])).toBe("");
    expect(parsePipeList("|Ground|Next Day|")).toEqual(["Ground", "Next Day"]);
    expect(parsePipeList(null)).toEqual([]);
    expect(() => formatPipeList(["a|b"])).toThrow();
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }).filter((s) => !s.includes("|") && s.trim() === s && s !== "")),
        (items) => {
          expect(parsePipeList(formatPipeList(items))).toEqual(items);
        },
      ),
    );
  });

  it("money with $ and 2 decimals, parsed back", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(-12)).toBe("-$12.00");
    expect(formatMoney(0.005)).toBe("$0.01");
    expect(formatMoney(-0.001)).toBe("$0.00");
    // An amount's text is printed from its digits: sums past what a double holds to the cent.
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney("-0.00")).toBe("$0.00");
    expect(formatMoney("-7")).toBe("-$7.00");
    expect(formatMoney("90071992547409.93")).toBe("$90,071,992,547,409.93");
    expect(formatMoney("")).toBe("");
    expect(formatMoney(null)).toBe("");
    expect(parseMoney("$1,234.50")).toBe(1234.5);
    expect(parseMoney("-$3")).toBe(-3);
    expect(parseMoney("1,23")).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(parseMoney(formatMoney(cents / 100))).toBe(cents / 100);
      }),
    );
  });

  it("minutes as HH:mm, parsed back", () => {
    expect(formatMinutes(75)).toBe("01:15");
    expect(formatMinutes(0)).toBe("00:00");
    expect(formatMinutes(26 * 60)).toBe("26:00");
    expect(parseMinutes("01:15")).toBe(75);
    expect(parseMinutes("1:60")).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (m) => {
        expect(parseMinutes(formatMinutes(m))).toBe(m);
      }),
    );
  });
});

describe("a wall-clock moment", () => {
  it("is the digits' day and time in UTC, whatever the zone; a day that does not exist is none", () => {
    expect(wallClockDate("2026-11-24T22:19:05")).toEqual(new Date(Date.UTC(2026, 10, 24, 22, 19, 5)));
    expect(wallClockDate("2026-11-24 07:05")).toEqual(new Date(Date.UTC(2026, 10, 24, 7, 5)));
    expect(wallClockDate("2026-11-24")).toEqual(new Date(Date.UTC(2026, 10, 24)));
    expect(wallClockDate("2026-02-30")).toBeNull();
    expect(wallClockDate("2026-11-24T24:00")).toBeNull();
    expect(wallClockDate("soon")).toBeNull();
  });
});

describe("how long ago a request was made", () => {
  const now = new Date("2026-11-28T15:00:00Z");
  it.each([
    ["2026-11-28T15:00:30Z", "just now"],
    ["2026-11-28T15:05:00Z", "just now"],
    ["2026-11-28T14:59:00Z", "1 min ago"],
    ["2026-11-28T14:01:00Z", "59 min ago"],
    ["2026-11-28T13:00:00Z", "2 h ago"],
    ["2026-11-27T15:00:01Z", "23 h ago"],
    ["2026-11-27T10:00:00-05:00", "1 d ago"],
    ["2026-11-01T15:00:00Z", "27 d ago"],
    ["2026-10-31T09:00:00-04:00", "on 10/31/2026"],
    ["not a time", null],
  ])("%s is %s", (iso, words) => {
    expect(timeAgo(iso, now)).toBe(words);
  });
});

describe("a noun with its article", () => {
  it.each([
    ["client", "a client"],
    ["employee", "an employee"],
    ["Order", "an Order"],
    ["vendor", "a vendor"],
  ])("%s is %s", (noun, said) => expect(withArticle(noun)).toBe(said));
});
