import { AREAS } from "./areas/registry.js";
import { SEARCH_PAGES } from "./areas/searches.js";
import { CALENDAR_PAGES } from "./calendar/page.js";
import { LIST_ROUTES } from "./lists.js";
import { PAGE_ROUTES, type RouteDef, routeTable } from "./routes.js";

/**
 * The route table (docs/product-rules.md#routes), in menu order, gathered from every
 * declaration that has routes: the areas, the search pages, the calendars, the lists and the pages of their
 * own. Router, menus, guard, breadcrumbs and titles derive from it.
 */
export const ROUTES: readonly RouteDef[] = routeTable([
  ...PAGE_ROUTES,
  ...AREAS.map((area) => area.routeGroup),
  ...SEARCH_PAGES.map((page) => page.routeGroup),
  ...CALENDAR_PAGES.map((calendar) => calendar.routeGroup),
  LIST_ROUTES,
]);

const BY_PATH = new Map<string, RouteDef>();
for (const route of ROUTES) {
  if (BY_PATH.has(route.path)) throw new Error(`two routes declare ${route.path}`);
  BY_PATH.set(route.path, route);
}

/** The route of a path (trailing slash and case of the address ignored), or undefined. */
export function findRoute(pathname: string): RouteDef | undefined {
  const path = pathname.replace(/\/+$/, "").toLowerCase() || "/";
  return BY_PATH.get(path);
}
