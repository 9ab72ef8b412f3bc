import { addDays, CALENDAR_VIEWS, type CalendarView, wallMs, wallToInstant, weekdayOf, zonedIso } from "@office/core";

/** FullCalendar's view of each of ours: the agenda is a week's list, the screen reader's path. */
export const FULLCALENDAR_VIEWS: Record<CalendarView, string> = {
  month: "dayGridMonth",
  week: "timeGridWeek",
  day: "timeGridDay",
  agenda: "listWeek",
};

const OURS = new Map(Object.entries(FULLCALENDAR_VIEWS).map(([ours, theirs]) => [theirs, ours as CalendarView]));

/** Our view of FullCalendar's. */
export const viewOf = (fullCalendarView: string): CalendarView | undefined => OURS.get(fullCalendarView);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The view and day an address asks for (`?view=week&date=2026-03-02`), else the ones the page
 * opens on: a link opens what its sender saw. A view or day that is not one is ignored.
 */
export function calendarPlace(
  params: URLSearchParams,
  otherwise: { view: CalendarView; date: string },
): { view: CalendarView; date: string } {
  const view = params.get("view");
  const date = params.get("date") ?? "";
  const valid = ISO_DAY.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view ?? "") ? (view as CalendarView) : otherwise.view,
    date: valid && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date) ? date : otherwise.date,
  };
}

/** The first of a date's month. */
const firstOf = (date: string) => `${date.slice(0, 8)}01`;

/**
 * The days a view shows around a day, as FullCalendar lays them out (weeks from Sunday, a
 * month's grid its six weeks): the first and the day after the last.
 */
export function viewDays(view: CalendarView, date: string): [string, string] {
  if (view === "day") return [date, addDays(date, 1)];
  const first = view === "month" ? firstOf(date) : date;
  const start = addDays(first, -weekdayOf(first));
  return [start, addDays(start, view === "month" ? 42 : 7)];
}

/**
 * The instants a view of a day spans in the company's zone, written as FullCalendar writes
 * them: the range its occurrences are read for, known from the address before the view is drawn
 * (so the read starts with the click, and the next and previous ones can be read ahead).
 */
export function viewRange(view: CalendarView, date: string, timeZone: string): { from: string; to: string } {
  return daysRange(viewDays(view, date), timeZone);
}

/** The instants from the first day's midnight to the last's in the company's zone. */
export function daysRange([from, to]: [string, string], timeZone: string): { from: string; to: string } {
  const midnight = (day: string) => zonedIso(new Date(wallToInstant(wallMs(`${day}T00:00`), timeZone)), timeZone);
  return { from: midnight(from), to: midnight(to) };
}

/** A day in the view before and in the view after the one of `date`. */
export function neighbourDays(view: CalendarView, date: string): [string, string] {
  if (view === "month") {
    // The day before the 1st is in the month before; 31 days after it, in the month after.
    const first = firstOf(date);
    return [firstOf(addDays(first, -1)), firstOf(addDays(first, 31))];
  }
  const step = view === "day" ? 1 : 7;
  return [addDays(date, -step), addDays(date, step)];
}
