import { areaOf, LOOKUP_LISTS, SEARCH_PAGES } from "@office/core";
import type { ComponentType } from "react";

/**
 * The page of a route that core declares rather than the router naming it: an area's list,
 * search or data entry, a search page (notes, status audit), or one of the lists of page 26. A chunk of its own, so the
 * declarations (and zod) stay out of the login page.
 */
export async function declaredPage(path: string): Promise<ComponentType | undefined> {
  if (areaOf(path)) return (await import("../area-engine/area-pages")).areaPage(path);
  if (SEARCH_PAGES.some((search) => search.path === path))
    return (await import("./searches/search-pages")).searchPage(path);
  if (LOOKUP_LISTS.some((list) => list.path === path)) return (await import("./lists/LookupListPage")).LookupListPage;
  return undefined;
}
