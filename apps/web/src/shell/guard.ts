import { grantAllows, type RouteDef, routeAccess, vwEmployeeAvailability } from "@office/core";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { tokenStore } from "../auth/token-store";
import { openLiveAvailabilityEarly } from "../features/availability/live";
import { prefetchHome } from "../features/home/home-blocks";
import { reportFailure } from "../services/failures";
import { queryClient } from "../services/query-client";
import { appConfigQuery, permissionsQuery, userQuery } from "../services/session";
import { recordRefusal } from "./refusal";

/**
 * Pages whose first reads their route's guard asks for as soon as the permissions are in, not
 * after the page has rendered (Home, opened after every sign-in). In this chunk, not loaded on
 * demand: the shell's first render keeps the main thread busy for tens of milliseconds.
 */
const FIRST_READS: Record<string, typeof prefetchHome> = { "/": prefetchHome };

/**
 * The route guard (docs/product-rules.md#access): without a session to login; permissions
 * loaded before the navigation when none are cached; a route the user may not open goes to
 * forbidden, as does every route for a user with no permission rows ('Access Denied!', handled
 * silently). A failed load is the route's error page: a 401 there counts down to login like any
 * other, and a token past its expiry is 'Expired Session'.
 */
export function guard(route: RouteDef) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!tokenStore.get()) throw redirect("/login");
    // What the shell reads first (who the user is, the company's settings) is asked for with
    // the permissions, not after the shell has rendered: Home's blocks wait on them.
    void queryClient.prefetchQuery(userQuery);
    void queryClient.prefetchQuery(appConfigQuery);
    const permissions = await queryClient.ensureQueryData(permissionsQuery);
    const access = routeAccess(route, new URL(request.url).search, permissions);
    if (route.path !== "/forbidden") recordRefusal(route, access);
    if (access !== "allowed") throw redirect("/forbidden");
    if (grantAllows(permissions, vwEmployeeAvailability.access.view, "view"))
      openLiveAvailabilityEarly(queryClient, reportFailure);
    // Only a head start: the page asks for whatever this could not have.
    void FIRST_READS[route.path]?.(queryClient, permissions).catch(() => undefined);
    return null;
  };
}
