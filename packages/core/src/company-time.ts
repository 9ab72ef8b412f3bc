import { addDays, formatDateTime } from "./formats.js";

/**
 * Days as the company counts them: in its time zone (a setting), whatever the time zone of
 * the server or the browser. The database session runs in the same zone, so a date in a
 * where ('2026-11-23') means that day's midnight in the company's zone.
 */

/** Whether a text is an IANA time zone this runtime knows ("America/New_York"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(timeZone, format);
  }
  return format.format(instant);
}

/** Day of the week of an ISO date: 0 Sunday … 6 Saturday. */
export function weekdayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export interface DayRange {
  /** The first day, included. */
  start: string;
  /** The day after the last, excluded. */
  end: string;
}

/**
 * The ranges of the header's hours tables: today to tomorrow, and the Sunday of the
 * current week to tomorrow (the week starts on Sunday).
 */
export function hoursRanges(instant: Date, timeZone: string): { today: DayRange; week: DayRange } {
  return hoursRangesOf(dateIn(instant, timeZone));
}

/** The hours tables' ranges of a day (YYYY-MM-DD, the company's). */
export function hoursRangesOf(today: string): { today: DayRange; week: DayRange } {
  const tomorrow = addDays(today, 1);
  return {
    today: { start: today, end: tomorrow },
    week: { start: addDays(today, -weekdayOf(today)), end: tomorrow },
  };
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number | null>();
// Zones change offset at most once a day, at an instant on a quarter hour (offsets are whole
// quarter hours). A UTC day whose two ends have one offset has it throughout, so one look-up
// serves all of its instants; a day of change is looked up by the quarter hour. A year of
// rows asks Intl (about 5 µs a call) some 730 times instead of once a row.
const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at an instant on a whole minute, asked of Intl. */
function askOffset(at: number, timeZone: string): number {
  const part = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.parse(`${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:00Z`);
  return Math.round((wall - at) / 60_000);
}

function remembered(key: string, find: () => number | null): number | null {
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const found = find();
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, found);
  return found;
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const day = Math.floor(instant.getTime() / DAY_MS);
  const whole = remembered(`${timeZone} d${day}`, () => {
    const start = askOffset(day * DAY_MS, timeZone);
    return askOffset((day + 1) * DAY_MS - 60_000, timeZone) === start ? start : null;
  });
  if (whole !== null) return whole;
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  return remembered(`${timeZone} q${quarter}`, () => askOffset(quarter * QUARTER_HOUR_MS, timeZone)) ?? 0;
}

/**
 * An instant as ISO 8601 with the time zone's offset ("2026-11-23T09:05:00-05:00"): the same
 * instant as its UTC form, with the company's wall-clock time in its digits, so a date or time
 * printed from it is the company's.
 */
export function zonedIso(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const wall = new Date(seconds + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${wall}${offset < 0 ? "-" : "+"}${hh}:${mm}`;
}

/** An instant as the company's wall-clock time, "YYYY-MM-DD HH:mm:ss", as the Update call sends times. */
export function companyDateTime(instant: Date, timeZone: string): string {
  return zonedIso(instant, timeZone).slice(0, 19).replace("T", " ");
}

// An instant names its offset from UTC; a wall-clock text does not.
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * A date or time as the company reads it (MM/DD/YYYY hh:mm am/pm): an instant ("…T03:30:00Z",
 * "…-04:00") at the time zone's wall clock, whatever zone its text was written in; a date alone
 * as the day; a wall-clock text without an offset as written.
 */
export function formatDateTimeIn(text: string, timeZone: string): string | null {
  const trimmed = text.trim();
  if (!INSTANT.test(trimmed)) return formatDateTime(trimmed);
  const instant = new Date(trimmed.replace(" ", "T"));
  return Number.isNaN(instant.getTime()) ? null : formatDateTime(zonedIso(instant, timeZone));
}
