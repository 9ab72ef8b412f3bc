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
// Zones change offset at most once a day, at an instant on a quarter hour (offsets are whole
// quarter hours). A UTC day whose two ends have one offset has it throughout, so one look-up
// serves all of its instants; a day of change is looked up by the quarter hour. A year of
// rows asks Intl (about 5 µs a call) some 730 times instead of once a row, and a calendar's
// 80,000 occurrences find their offsets by number in a map of the zone's own.
const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;
const REMEMBERED = 100_000;

interface ZoneOffsets {
  /** By UTC day: the day's one offset, or null for a day of change. */
  days: Map<number, number | null>;
  /** By quarter hour, on days of change. */
  quarters: Map<number, number>;
}
const zones = new Map<string, ZoneOffsets>();

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

function zoneOffsets(timeZone: string): ZoneOffsets {
  let known = zones.get(timeZone);
  if (!known) {
    known = { days: new Map(), quarters: new Map() };
    zones.set(timeZone, known);
  }
  if (known.days.size + known.quarters.size > REMEMBERED) {
    known.days.clear();
    known.quarters.clear();
  }
  return known;
}

/** The zone's offset from UTC at an instant (milliseconds), in minutes. */
function offsetMinutesAt(instant: number, timeZone: string): number {
  const known = zoneOffsets(timeZone);
  const day = Math.floor(instant / DAY_MS);
  let whole = known.days.get(day);
  if (whole === undefined) {
    const start = askOffset(day * DAY_MS, timeZone);
    whole = askOffset((day + 1) * DAY_MS - 60_000, timeZone) === start ? start : null;
    known.days.set(day, whole);
  }
  if (whole !== null) return whole;
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  let offset = known.quarters.get(quarter);
  if (offset === undefined) {
    offset = askOffset(quarter * QUARTER_HOUR_MS, timeZone);
    known.quarters.set(quarter, offset);
  }
  return offset;
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  return offsetMinutesAt(instant.getTime(), timeZone);
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

/**
 * The instant at which a zone's clocks show a wall-clock time, in milliseconds (a wall-clock
 * time is written as if it were UTC: `Date.UTC` of its parts). As Temporal's "compatible"
 * reads one, and as Google and Outlook place a meeting: a time the clocks skip in spring
 * (02:30 on the day they jump from 02:00 to 03:00) is moved on by the gap (03:30); a time they
 * show twice in autumn is the first. Assumes at most one change of offset within a day.
 */
export function wallToInstant(wall: number, timeZone: string): number {
  const offsetAt = (instant: number) => offsetMinutesAt(instant, timeZone) * 60_000;
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  if (before === after) return wall - before;
  const early = wall - before;
  const late = wall - after;
  const earlyFits = offsetAt(early) === before;
  const lateFits = offsetAt(late) === after;
  if (earlyFits && lateFits) return Math.min(early, late);
  if (lateFits) return late;
  // Fits with the earlier offset, or skipped: the offset before the change puts it after.
  return early;
}

/** A wall-clock time ("2026-03-29T09:00") as milliseconds written as if UTC; NaN if not one. */
export function wallMs(wall: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(wall) ? Date.parse(`${wall}Z`) : Number.NaN;
}

/** Milliseconds of a wall-clock time as its text, to the minute ("2026-03-29T09:00"). */
export function wallText(wall: number): string {
  return new Date(wall).toISOString().slice(0, 16);
}

/** The wall-clock time a zone's clocks show at an instant, in milliseconds written as if UTC. */
export function instantToWall(instant: number, timeZone: string): number {
  return instant + offsetMinutesAt(instant, timeZone) * 60_000;
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
