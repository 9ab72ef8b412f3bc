import { areaOf, calendarOf, LOOKUP_LISTS, type RouteDef, SEARCH_PAGES } from "@office/core";
import type { ComponentType } from "react";

export type PageModule = () => Promise<ComponentType>;

/** The pages of routes that no declaration in core builds: each names its own component. */
const OWN_PAGES: Record<string, PageModule> = {
  "/": async () => (await import("../features/home/HomePage")).HomePage,
  "/login": async () => (await import("../features/login/LoginPage")).LoginPage,
  "/settings": async () => (await import("../features/settings/SettingsPage")).SettingsPage,
  "/reports": async () => (await import("../features/reports/ReportsPage")).ReportsPage,
  "/admin": async () => (await import("../features/admin/AdminPage")).AdminPage,
  "/statusdashboard": async () => (await import("../features/projects/StatusDashboardPage")).StatusDashboardPage,
  "/rn": async () => (await import("../features/release-notes/ReleaseNotesPage")).ReleaseNotesPage,
  "/forbidden": async () => (await import("./ForbiddenPage")).ForbiddenPage,
  "/update-config": async () => (await import("./UpdateConfigPage")).UpdateConfigPage,
  "/inbox": async () => (await import("../features/credit-cards/InboxPage")).InboxPage,
  "/creditcard/statement": async () => (await import("../features/credit-cards/StatementPage")).StatementPage,
  "/creditcard/statementsearch": async () =>
    (await import("../features/credit-cards/StatementSearchPage")).StatementSearchPage,
  "/approvals": async () => (await import("../features/credit-cards/ApprovalsPage")).ApprovalsPage,
  "/list": async () => (await import("../features/lists/ListsPage")).ListsPage,
};

/**
 * The page of a route, found in one place: a page of its own; else the page core's declaration
 * builds (an area's list, search or data entry on the area engine, a calendar, a search page, a list of
 * page 26), each a chunk of its own so the declarations stay out of the login page; else the
 * shell over an empty page.
 */
export function pageOf(route: RouteDef): PageModule {
  const own = OWN_PAGES[route.path];
  if (own) return own;
  const { path } = route;
  if (areaOf(path)) return async () => (await import("../area-engine/area-pages")).areaPage(path);
  if (calendarOf(path)) return async () => (await import("../features/calendar/CalendarRoute")).calendarPage(path);
  if (SEARCH_PAGES.some((page) => page.path === path))
    return async () => (await import("../features/searches/search-pages")).searchPage(path);
  if (LOOKUP_LISTS.some((list) => list.path === path))
    return async () => (await import("../features/lists/LookupListPage")).LookupListPage;
  return async () => (await import("./EmptyPage")).EmptyPage;
}
