import type { AreaRoute } from "../areas/area.js";
import { PAGES, type PageId } from "../pages.js";
import type { Resource } from "../resources/resource.js";
import { tblEvent } from "../resources/tblEvent.js";
import type { IconName, RouteGroup } from "../routes.js";

/** A calendar's views, as its address names them (`?view=week`). */
export const CALENDAR_VIEWS = ["month", "week", "day", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The views' names as a person reads them, on the view switch. */
export const CALENDAR_VIEW_LABELS: Record<CalendarView, string> = {
  month: "Month",
  week: "Week",
  day: "Day",
  agenda: "Agenda",
};

/**
 * A calendar kind of page: its routes and place in the menus, the table its events are, the
 * calls that read and write them, and its views. The route table, the guard and the web app's
 * calendar page are built from it, as an area's list is from the area's declaration.
 */
export interface CalendarPageDeclaration {
  /** What one of its entries is called ("event"). */
  noun: string;
  page: PageId;
  icon: IconName;
  menu: { under: readonly string[]; sequence: number };
  /** Its routes: the first is the one the menus hold, the others open the same page. */
  routes: readonly AreaRoute[];
  /** The table of its entries: its flags govern who adds, changes and deletes. */
  resource: Resource;
  /** The column whose value colours an entry and names its kind (a schedule category). */
  colourBy: string;
  /** The view a wide screen opens on, and a phone's. */
  opensOn: { desktop: CalendarView; phone: CalendarView };
}

export interface CalendarPage extends CalendarPageDeclaration {
  path: string;
  title: string;
  routeGroup: RouteGroup;
}

function calendarPage(def: CalendarPageDeclaration): CalendarPage {
  const [first] = def.routes;
  if (!first) throw new Error(`the ${def.noun} calendar needs a route`);
  return {
    ...def,
    path: first.path,
    title: first.title,
    routeGroup: { icon: def.icon, page: def.page, menu: def.menu, routes: def.routes },
  };
}

/** The company calendar (spec 2.1: /calendar1 in the menu, /calendar the same page, hidden). */
export const COMPANY_CALENDAR = calendarPage({
  noun: "event",
  page: PAGES.calendar,
  icon: "calendar",
  menu: { under: ["More"], sequence: 920 },
  routes: [
    { path: "/calendar1", title: "Calendar" },
    { path: "/calendar", title: "Calendar", hidden: true },
  ],
  resource: tblEvent,
  colourBy: "eventCategory",
  opensOn: { desktop: "month", phone: "agenda" },
});

/** Every calendar kind of page. */
export const CALENDAR_PAGES: readonly CalendarPage[] = [COMPANY_CALENDAR];

/** The calendar a route opens, by any of its routes. */
export const calendarOf = (path: string): CalendarPage | undefined =>
  CALENDAR_PAGES.find((calendar) => calendar.routes.some((route) => route.path === path));
