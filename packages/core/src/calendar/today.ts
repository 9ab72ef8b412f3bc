import { addDays, formatTime12h } from "../formats.js";
import type { CalendarOccurrence } from "../operations/calendar.js";
import { COMPANY_CALENDAR } from "./page.js";

/**
 * The calendar seen from elsewhere (docs/decisions.md#calendar-at-a-glance): Home's "Today"
 * and the command palette's events link into the calendar page's day view, and Home lists the
 * company's day of the user's events, in order, with their times in the product's 12-hour style.
 */

/**
 * The calendar page's day view of a company date, opened on one occurrence when given (its
 * event, and its start as its series makes it: the occurrence's `original`).
 */
export function calendarDayPath(date: string, occurrence?: { eventID: number; original: string }): string {
  const search = new URLSearchParams({ view: "day", date });
  if (occurrence) {
    search.set("event", String(occurrence.eventID));
    search.set("at", occurrence.original);
  }
  return `${COMPANY_CALENDAR.path}?${search}`;
}

/**
 * The instants within which a day (YYYY-MM-DD) lies in every time zone (UTC−12 to UTC+14), as the
 * occurrences call takes them: Home asks for it knowing the company's day alone, and keeps of the
 * answer what falls on that day on the company's clock (`todaysEvents`), which its instants'
 * digits show.
 */
export function dayWindow(day: string): { from: string; to: string } {
  return { from: `${addDays(day, -1)}T10:00:00Z`, to: `${addDays(day, 1)}T12:00:00Z` };
}

/** Minutes after midnight of an instant's wall-clock digits ("…T13:30:00-05:00" is 810). */
const minutesOf = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

/**
 * When an occurrence happens on a company day, as Home says it: "09:00 AM – 10:00 AM"; "All
 * day" for an all-day event, or a longer one that covers the whole day; "Until 01:00 AM" for one
 * that began the day before, "From 11:00 PM" for one that runs into the next day. Its instants
 * carry the company's offset, so their digits are the company's clock.
 */
export function occurrenceTimes(occurrence: Pick<CalendarOccurrence, "start" | "end" | "allDay">, day: string) {
  if (occurrence.allDay) return "All day";
  const began = occurrence.start.slice(0, 10) < day;
  // An end at the next midnight is the end of this day, not a time of the next.
  const endDate = occurrence.end.slice(0, 10);
  const runsOn = endDate > addDays(day, 1) || (endDate === addDays(day, 1) && minutesOf(occurrence.end) > 0);
  const [start, end] = [formatTime12h(minutesOf(occurrence.start)), formatTime12h(minutesOf(occurrence.end))];
  if (began && runsOn) return "All day";
  if (began) return `Until ${end}`;
  if (runsOn) return `From ${start}`;
  return `${start} – ${end}`;
}

/** The events Home shows of a day at most; the rest are "N more", in the calendar's day view. */
export const TODAY_SHOWN = 8;

export interface TodayEntry {
  /** Unique among the day's entries: the event and its occurrence. */
  key: string;
  title: string;
  times: string;
  location: string | null;
  /** The day view of the day, opened on this occurrence. */
  path: string;
}

/**
 * A company day's occurrences as Home lists them: of those given (its `dayWindow`'s), those on
 * the day by the company's clock; the whole-day ones first, then by start (and end, and title),
 * at most `shown`, with how many more there are and where they all are.
 */
export function todaysEvents(occurrences: readonly CalendarOccurrence[], day: string, shown = TODAY_SHOWN) {
  const [midnight, next] = [`${day}T00:00`, `${addDays(day, 1)}T00:00`];
  const wholeDay = (o: CalendarOccurrence) => occurrenceTimes(o, day) === "All day";
  const sorted = occurrences
    .filter((o) => {
      const [start, end] = [o.start.slice(0, 16), o.end.slice(0, 16)];
      return start < next && (end > midnight || start === midnight);
    })
    .sort(
      (a, b) =>
        Number(wholeDay(b)) - Number(wholeDay(a)) ||
        Date.parse(a.start) - Date.parse(b.start) ||
        Date.parse(a.end) - Date.parse(b.end) ||
        a.title.localeCompare(b.title),
    );
  const entries = sorted.slice(0, shown).map(
    (o): TodayEntry => ({
      key: `${o.eventID}@${o.original}`,
      title: o.title,
      times: occurrenceTimes(o, day),
      location: o.eventLocation,
      path: calendarDayPath(day, o),
    }),
  );
  return { entries, more: sorted.length - entries.length, all: calendarDayPath(day) };
}
