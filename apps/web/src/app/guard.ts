import { type PermissionRow, type RouteDef, routeAccess } from "@office/core";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { ApiError } from "../api/client";
import { tokenStore } from "../auth/token-store";
import { queryClient } from "./query-client";
import { permissionsQuery } from "./session";

/**
 * The route guard (spec 4, 6): without a session to login; permissions loaded before the
 * navigation when none are cached; a route the user may not open goes to forbidden, as does
 * every route for a user with no permission rows ('Access Denied!', handled silently).
 */
export function guard(route: RouteDef) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!tokenStore.get()) throw redirect("/login");
    let permissions: PermissionRow[];
    try {
      permissions = await queryClient.ensureQueryData(permissionsQuery);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) {
        tokenStore.clear();
        throw redirect("/login");
      }
      throw error;
    }
    if (routeAccess(route, new URL(request.url).search, permissions) !== "allowed") throw redirect("/forbidden");
    return null;
  };
}
