import {
  instantToWall,
  RECURRENCE,
  rruleParts,
  SERIES_YEARS,
  type SeriesRule,
  seriesLastDay,
  seriesWeekdays,
  wallMs,
  wallToInstant,
} from "@office/core";
import { RRuleTemporal } from "rrule-temporal";

/** A series' times: its first start as the clocks of its zone show it, and how long each lasts. */
export interface SeriesTimes {
  /** Wall-clock start of the first occurrence ("2026-03-02T09:00"), in `zone`. */
  start: string;
  /** Length of each occurrence in minutes (an all-day event: whole days of 1,440). */
  minutes: number;
  allDay?: boolean;
  rule: SeriesRule;
  zone: string;
}

/**
 * An occurrence, in milliseconds (a view of a year holds tens of thousands: numbers, printed
 * only as they are sent).
 */
export interface Occurrence {
  /** Its wall-clock start as the series makes it (written as UTC): an exception names it by `wallText` of it. */
  original: number;
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A wall-clock time as RFC 5545 writes a UTC one: 20260302T090000Z. */
const utcText = (wall: number) => `${new Date(wall).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/**
 * The rule of a series over its wall-clock times, walked from `start` for `count` more (its
 * own first start and count unless a window moved them on, `walkFrom`). It is expanded as if
 * its zone were UTC, where every wall-clock time exists once, and each start is placed in the
 * real zone afterwards (`wallToInstant`): a 09:00 meeting stays at 09:00 across daylight
 * saving, a start the clocks skip moves on by the gap, one they show twice happens once.
 * rrule-temporal alone leaves out the skipped ones.
 */
function ruleOf(series: SeriesTimes, start = wallMs(series.start), count = series.rule.count): RRuleTemporal | null {
  // The parts come from the series' own start (a monthly day past the 28th, the weekly days).
  const parts = rruleParts({ ...series.rule, count }, series.start);
  if (!parts) return null;
  const until = series.rule.until ? `;UNTIL=${series.rule.until.replaceAll("-", "")}T235959Z` : "";
  return new RRuleTemporal({ rruleString: `DTSTART:${utcText(start)}\nRRULE:${parts}${until}`, cache: false });
}

const WEEK_MS = 7 * DAY_MS;

/** The wall-clock start of a monthly series `months` after its first: its day, or a shorter month's last. */
function monthlyStart(first: number, months: number): number {
  const date = new Date(first);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()];
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(day, last), date.getUTCHours(), date.getUTCMinutes());
}

/**
 * Where the walk may start for a window from `fromWall`: the series moved on by the whole days,
 * weeks or months that end before the window, its count lowered by the occurrences passed, so a
 * view costs its window and not the series' age (the library walks from the first occurrence).
 * Null when the count is spent before the window.
 */
function walkFrom(series: SeriesTimes, fromWall: number): { start: number; count: number | null | undefined } | null {
  const first = wallMs(series.start);
  const { recurrence, count } = series.rule;
  let start = first;
  let passed = 0;
  if (recurrence === RECURRENCE.code.daily) {
    passed = Math.max(0, Math.floor((fromWall - first) / DAY_MS) - 1);
    start = first + passed * DAY_MS;
  } else if (recurrence === RECURRENCE.code.weekly) {
    const weeks = Math.max(0, Math.floor((fromWall - first) / WEEK_MS) - 1);
    start = first + weeks * WEEK_MS;
    // Each whole week from a start holds each of its days once.
    passed = weeks * seriesWeekdays(series.rule, series.start).length;
  } else if (recurrence === RECURRENCE.code.monthly) {
    const [from, to] = [new Date(first), new Date(fromWall)];
    passed = Math.max(
      0,
      (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() - 1,
    );
    start = monthlyStart(first, passed);
  }
  if (count == null) return { start, count };
  return count - passed > 0 ? { start, count: count - passed } : null;
}

/** The wall-clock starts of a series from `fromWall` to `toWall` (milliseconds written as UTC, both included). */
export function wallStarts(series: SeriesTimes, fromWall: number, toWall: number): number[] {
  const walk = walkFrom(series, fromWall);
  const rule = walk && ruleOf(series, walk.start, walk.count);
  const first = wallMs(series.start);
  if (!rule)
    return series.rule.recurrence === RECURRENCE.code.once && first >= fromWall && first <= toWall ? [first] : [];
  return rule.between(new Date(fromWall), new Date(toWall), true).map((start) => start.epochMilliseconds);
}

/** An occurrence of a series from its wall-clock start: placed in the zone, with its end. */
export function occurrenceAt(series: SeriesTimes, wall: number): Occurrence {
  const start = wallToInstant(wall, series.zone);
  // An all-day event ends at a midnight of its zone (a day of 23 or 25 hours is still a day);
  // a meeting lasts its minutes, whatever the clocks do meanwhile.
  const end = series.allDay
    ? wallToInstant(wall + series.minutes * MINUTE_MS, series.zone)
    : start + series.minutes * MINUTE_MS;
  return { original: wall, start, end };
}

/** The occurrences of a series that overlap [from, to): those that started before `from` and still run too. */
export function occurrencesBetween(series: SeriesTimes, from: Date, to: Date): Occurrence[] {
  const [after, before] = [from.getTime(), to.getTime()];
  // A wall-clock window wide enough for any offset and for an occurrence that began earlier.
  const fromWall = instantToWall(after, series.zone) - DAY_MS - series.minutes * MINUTE_MS;
  const toWall = instantToWall(before, series.zone) + DAY_MS;
  const found: Occurrence[] = [];
  for (const wall of wallStarts(series, fromWall, toWall)) {
    const occurrence = occurrenceAt(series, wall);
    const { start, end } = occurrence;
    if (start < before && (end > after || (end === start && start >= after))) found.push(occurrence);
  }
  return found;
}

/**
 * What only the occurrences can tell of a series: a count whose last occurrence falls more
 * than SERIES_YEARS after the first. Null when none. (Core bounds a count, so this expands at
 * most a few thousand.)
 */
export function seriesCostProblem(series: SeriesTimes): string | null {
  const rule = ruleOf(series);
  if (!rule || series.rule.count == null) return null;
  const last = rule.all().at(-1)?.epochMilliseconds ?? 0;
  return last > wallMs(`${seriesLastDay(series.start)}T23:59`)
    ? `A series may run for at most ${SERIES_YEARS} years: ${series.rule.count} times run longer`
    : null;
}

/**
 * The instants a whole series spans, from its first start to its last end (kept with the event,
 * so a range reads only its own events). Every series ends (core's seriesProblems), within ten
 * years: its last occurrence is found by walking it, a few thousand at most.
 */
export function seriesSpan(series: SeriesTimes): { from: number; to: number } {
  const first = occurrenceAt(series, wallMs(series.start));
  const rule = ruleOf(series);
  const lastWall = rule?.all().at(-1)?.epochMilliseconds ?? wallMs(series.start);
  return { from: first.start, to: occurrenceAt(series, lastWall).end };
}
