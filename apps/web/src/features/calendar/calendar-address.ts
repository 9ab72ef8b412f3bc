import { CALENDAR_VIEWS, type CalendarView, wallMs, wallToInstant, zonedIso } from "@office/core";

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

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days a view shows around a day, as FullCalendar lays them out (weeks from Sunday, a
 * month's grid its six weeks): the first and the day after the last.
 */
export function viewDays(view: CalendarView, date: string): [string, string] {
  const day = Date.parse(`${date}T00:00:00Z`);
  if (view === "day") return [date, dayOf(day + DAY_MS)];
  const at = new Date(day);
  const first = view === "month" ? Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) : day;
  const start = first - new Date(first).getUTCDay() * DAY_MS;
  return [dayOf(start), dayOf(start + (view === "month" ? 42 : 7) * DAY_MS)];
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
  const day = Date.parse(`${date}T00:00:00Z`);
  if (view === "month") {
    const at = new Date(day);
    return [
      dayOf(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)),
      dayOf(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
    ];
  }
  const step = (view === "day" ? 1 : 7) * DAY_MS;
  return [dayOf(day - step), dayOf(day + step)];
}
