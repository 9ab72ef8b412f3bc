import { dateIn, wallMs, wallToInstant, weekdayOf, zonedIso } from "../company-time.js";
import { addDays, parsePipeList } from "../formats.js";
import { RECURRENCE } from "../lookups/enumerations.js";
import { type RecurrenceCode, type SeriesRule, seriesLastDay, seriesWeekdays } from "./series.js";

/**
 * The occurrence of an event that a search result opens (docs/decisions.md#calendar-at-a-glance):
 * the one happening now or next, or the last of a series that has ended. Worked out from the
 * event's row alone, by dates (a series' rule is a day's: Daily, Weekly on days, Monthly on a
 * day or a shorter month's last), as the server's expander makes them; an occurrence moved or
 * removed on its own ("This event") is not known here, so its series' date is the one given.
 */

/** An event's row as the data service reads it (tblEvent's columns). */
export interface EventTimesRow {
  eventID: number;
  /** The first start, on the clock of the event's zone ("2026-03-02T09:00"). */
  eventStart: string;
  eventMinutes: number;
  eventAllDay: number | null;
  eventZone: string;
  eventRecurrence: number | null;
  /** Weekly: its days as a pipe list ("|1|3|"). */
  eventRecurrenceDays: string | null;
  eventRecurrenceUntil: string | null;
  eventRecurrenceCount: number | null;
}

/** The columns an EventTimesRow is read from. */
export const EVENT_TIMES_FIELDS = [
  "eventID",
  "eventStart",
  "eventMinutes",
  "eventAllDay",
  "eventZone",
  "eventRecurrence",
  "eventRecurrenceDays",
  "eventRecurrenceUntil",
  "eventRecurrenceCount",
] as const satisfies readonly (keyof EventTimesRow)[];

export interface FoundOccurrence {
  /** Its start as the series makes it, on the clock of the event's zone: the calendar's `at`. */
  original: string;
  /** Its start, ISO 8601 with the company's offset (an all-day one: its day's midnight, as written). */
  start: string;
  /** The company's date it is on (an all-day one: its own date). */
  date: string;
  /** Its start, in milliseconds (an all-day one: its day's midnight in the event's zone). */
  instant: number;
  allDay: boolean;
  /** Happening now, still to come, or the last of a series that has ended (or an event once, past). */
  when: "now" | "next" | "last";
}

const DAY_MS = 86_400_000;
/** The most dates looked at: ten years of a daily series, and a little over. */
const MOST_DATES = 3_700;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** A monthly series' date `months` after its first: its day, or a shorter month's last. */
function monthlyDate(first: string, months: number): string {
  const [year, month, day] = first.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, last))).toISOString().slice(0, 10);
}

/**
 * The dates a series starts on from `from` (YYYY-MM-DD, in its zone) on, each with its place in
 * the series (1 the first), in order, up to its end (a date, a count, or SERIES_YEARS).
 */
export function* seriesDates(start: string, rule: SeriesRule, from: string): Generator<{ date: string; n: number }> {
  const first = start.slice(0, 10);
  const last = [seriesLastDay(start), rule.until?.slice(0, 10)].filter(Boolean).sort()[0] as string;
  const ended = (date: string, n: number) => date > last || (rule.count != null && n > rule.count);
  const skip = Math.max(0, daysBetween(first, from));
  if (rule.recurrence === RECURRENCE.code.once) {
    if (skip === 0) yield { date: first, n: 1 };
    return;
  }
  if (rule.recurrence === RECURRENCE.code.monthly) {
    const [fy, fm] = first.split("-").map(Number) as [number, number];
    const [ty, tm] = (from > first ? from : first).split("-").map(Number) as [number, number];
    for (let m = Math.max(0, (ty - fy) * 12 + tm - fm - 1); m < MOST_DATES; m++) {
      const date = monthlyDate(first, m);
      if (ended(date, m + 1)) return;
      if (date >= from) yield { date, n: m + 1 };
    }
    return;
  }
  const weekdays = rule.recurrence === RECURRENCE.code.weekly ? seriesWeekdays(rule, start) : [0, 1, 2, 3, 4, 5, 6];
  const onDay = (k: number) => weekdays.includes(weekdayOf(addDays(first, k)));
  // The occurrences before `from`: each whole week holds each of its days once.
  let n = Math.floor(skip / 7) * weekdays.length;
  for (let k = Math.floor(skip / 7) * 7; k < skip; k++) if (onDay(k)) n++;
  for (let k = skip; k < skip + MOST_DATES; k++) {
    if (!onDay(k)) continue;
    n++;
    const date = addDays(first, k);
    if (ended(date, n)) return;
    yield { date, n };
  }
}

/** An event's row's series rule. */
export function seriesRuleOf(row: EventTimesRow): SeriesRule {
  return {
    recurrence: (row.eventRecurrence ?? RECURRENCE.code.once) as RecurrenceCode,
    weekdays: row.eventRecurrenceDays ? parsePipeList(row.eventRecurrenceDays).map(Number) : null,
    until: row.eventRecurrenceUntil ? row.eventRecurrenceUntil.slice(0, 10) : null,
    count: row.eventRecurrenceCount,
  };
}

/**
 * The occurrence of an event to open at `now`: the first that has not ended (happening now, or
 * next), else its last; null only for a row whose series makes no date (not a stored event).
 */
export function occurrenceToOpen(row: EventTimesRow, now: Date, timeZone: string): FoundOccurrence | null {
  const allDay = row.eventAllDay === 1;
  const time = row.eventStart.slice(11, 16);
  const at = (date: string) => {
    const wall = wallMs(`${date}T${time}`);
    const start = wallToInstant(wall, row.eventZone);
    // An all-day event ends at a midnight of its zone; a meeting lasts its minutes.
    const end = allDay
      ? wallToInstant(wall + row.eventMinutes * 60_000, row.eventZone)
      : start + row.eventMinutes * 60_000;
    return { date, start, end };
  };
  const found = (o: ReturnType<typeof at>, when: FoundOccurrence["when"]): FoundOccurrence => {
    const start = allDay ? `${o.date}T${time}:00` : zonedIso(new Date(o.start), timeZone);
    return {
      original: `${o.date}T${time}`,
      start,
      date: allDay ? o.date : start.slice(0, 10),
      instant: o.start,
      allDay,
      when,
    };
  };
  const rule = seriesRuleOf(row);
  // From the days before today in its zone: an occurrence that began then may still be on.
  const from = addDays(dateIn(now, row.eventZone), -Math.ceil(row.eventMinutes / 1_440) - 1);
  let last: string | undefined;
  for (const { date } of seriesDates(row.eventStart, rule, from)) {
    const o = at(date);
    if (o.end > now.getTime() || (o.end === o.start && o.start >= now.getTime()))
      return found(o, o.start <= now.getTime() ? "now" : "next");
    last = date;
  }
  // Ended: its last date, among those looked at or (ended before them) the earlier ones.
  if (!last)
    for (const { date } of seriesDates(row.eventStart, rule, row.eventStart.slice(0, 10))) {
      if (date >= from) break;
      last = date;
    }
  return last ? found(at(last), "last") : null;
}
