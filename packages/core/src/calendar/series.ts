import { addDays } from "../formats.js";
import { RECURRENCE } from "../lookups/enumerations.js";

/**
 * A calendar series as the event dialog asks for it (docs/decisions.md#recurrence): how it
 * repeats (spec 3's Once, Daily, Weekly, Monthly), on which days of the week, and how it ends.
 * Its start is a wall-clock time in its own time zone ("2026-03-02T09:00"), so a weekly 09:00
 * meeting stays at 09:00 whatever daylight saving does.
 */
export type RecurrenceCode = (typeof RECURRENCE.code)[keyof typeof RECURRENCE.code];

export interface SeriesRule {
  recurrence: RecurrenceCode;
  /** Weekly: the days it falls on, 0 Sunday … 6 Saturday; none means the start's own day. */
  weekdays?: readonly number[] | null | undefined;
  /** The last day an occurrence may start on (YYYY-MM-DD, in the series' zone). */
  until?: string | null | undefined;
  /** Or how many times it happens. */
  count?: number | null | undefined;
}

/** How long a series may run: its last occurrence at most this many years after its first. */
export const SERIES_YEARS = 10;
/** The most occurrences one series may have in any year (a guard on what expansion costs). */
export const OCCURRENCES_A_YEAR = 1_000;
/**
 * The longest range one call of the calendar's occurrences reads: a month view's six weeks, with
 * room. The views ask for no more (an agenda is a week), so what one call costs stays a month's
 * however large the company's calendar grows (a year at scale 20 was some 10,000 occurrences).
 */
export const CALENDAR_RANGE_DAYS = 62;
/** The most attendees one event may have (a company meeting; everybody is Visible for Everybody). */
export const EVENT_ATTENDEES = 200;
/**
 * A wall-clock time as the calendar's calls send one: "2026-03-02T09:00", in the years a company
 * calendar holds (1970 to 2099; time zones' rules are not known before, nor meant for after).
 */
export const WALL_TIME = /^(19[7-9]\d|20\d\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

const RRULE_DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

const dayOfWeek = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
const dayOfMonth = (date: string) => Number(date.slice(8, 10));

/** The date SERIES_YEARS after a series' first day: no occurrence may start after it. */
export function seriesLastDay(start: string): string {
  const [year, month, day] = start.slice(0, 10).split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + SERIES_YEARS, month - 1, day));
  return last.toISOString().slice(0, 10);
}

/**
 * The weekdays a weekly series falls on, sorted: those chosen and always the start's own, so the
 * first occurrence is the event as entered (RFC 5545 leaves a start off its rule undefined).
 */
export function seriesWeekdays(rule: SeriesRule, start: string): number[] {
  return [...new Set([...(rule.weekdays ?? []), dayOfWeek(start)])].sort((a, b) => a - b);
}

/**
 * Monthly on the 29th, 30th or 31st: on that day, or on the month's last day when the month is
 * shorter (as Outlook does; Google skips such months). A monthly review on the 31st happens
 * every month, on 28 or 29 February too; the dialog says so (`monthlyText`).
 */
export function monthlyText(start: string): string {
  const day = dayOfMonth(start);
  return day > 28 ? `Monthly on day ${day}, or the last day of a shorter month` : `Monthly on day ${day}`;
}

/**
 * The RFC 5545 rule of a series (without DTSTART and UNTIL, which depend on how its times are
 * written): null for Once. A day past the 28th of a monthly series is "the last of the days from
 * the 28th to it that the month has" (BYMONTHDAY with BYSETPOS=-1), which every calendar reads.
 */
export function rruleParts(rule: SeriesRule, start: string): string | null {
  const parts: string[] = [];
  switch (rule.recurrence) {
    case RECURRENCE.code.once:
      return null;
    case RECURRENCE.code.daily:
      parts.push("FREQ=DAILY");
      break;
    case RECURRENCE.code.weekly:
      parts.push(
        "FREQ=WEEKLY",
        `BYDAY=${seriesWeekdays(rule, start)
          .map((day) => RRULE_DAYS[day])
          .join(",")}`,
      );
      break;
    case RECURRENCE.code.monthly: {
      const day = dayOfMonth(start);
      parts.push("FREQ=MONTHLY");
      if (day > 28) {
        const days = Array.from({ length: day - 27 }, (_, i) => 28 + i);
        parts.push(`BYMONTHDAY=${days.join(",")}`, "BYSETPOS=-1");
      } else parts.push(`BYMONTHDAY=${day}`);
      break;
    }
  }
  if (rule.count != null) parts.push(`COUNT=${rule.count}`);
  return parts.join(";");
}

/**
 * What is wrong with a series as asked, by field (`weekdays`, `until`, `count`), in words for
 * the dialog; empty when nothing is. What needs its occurrences counted (more than
 * OCCURRENCES_A_YEAR in a year, a count that runs past SERIES_YEARS) is the expander's check.
 */
export function seriesProblems(rule: SeriesRule, start: string): Partial<Record<keyof SeriesRule, string>> {
  const problems: Partial<Record<keyof SeriesRule, string>> = {};
  if (rule.recurrence === RECURRENCE.code.once) {
    if (rule.until != null || rule.count != null)
      problems.recurrence = "An event that happens once has no end to its repeats";
    return problems;
  }
  const weekdays = rule.weekdays ?? [];
  if (weekdays.some((day) => !Number.isInteger(day) || day < 0 || day > 6))
    problems.weekdays = "Days of the week are 0 (Sunday) to 6 (Saturday)";
  else if (weekdays.length > 0 && rule.recurrence !== RECURRENCE.code.weekly)
    problems.weekdays = "Only a weekly series falls on chosen days of the week";
  if (rule.until != null && rule.count != null) problems.count = "Choose an end date or a number of times, not both";
  else if (rule.until == null && rule.count == null)
    problems.until = `Say when the series ends: a date, or a number of times (at most ${SERIES_YEARS} years)`;
  else if (rule.until != null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(rule.until) || addDays(rule.until, 0) !== rule.until)
      problems.until = "The end of the series is not a date";
    else if (rule.until < start.slice(0, 10)) problems.until = "The series cannot end before it starts";
    else if (rule.until > seriesLastDay(start)) problems.until = `A series may run for at most ${SERIES_YEARS} years`;
  } else if (rule.count != null && (!Number.isInteger(rule.count) || rule.count < 1))
    problems.count = "The number of times is a whole number of at least 1";
  else if (rule.count != null && rule.count > SERIES_YEARS * 366)
    problems.count = `A series may happen at most ${SERIES_YEARS * 366} times`;
  return problems;
}
