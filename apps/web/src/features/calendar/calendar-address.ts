import { CALENDAR_VIEWS, type CalendarView } from "@office/core";

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
