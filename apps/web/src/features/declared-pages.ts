import { areaOf, LOOKUP_LISTS } from "@office/core";
import type { ComponentType } from "react";

/**
 * The page of a route that core declares rather than the router naming it: a directory area's
 * list, search or data entry, or one of the lists of page 26. A chunk of its own, so the
 * declarations (and zod) stay out of the login page.
 */
export async function declaredPage(path: string): Promise<ComponentType | undefined> {
  if (areaOf(path)) return (await import("./directory/area-pages")).areaPage(path);
  if (LOOKUP_LISTS.some((list) => list.path === path)) return (await import("./lists/LookupListPage")).LookupListPage;
  return undefined;
}
