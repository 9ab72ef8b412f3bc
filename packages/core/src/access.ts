import type { PageId, PermissionFlag } from "./pages.js";
import { type Grant, grantedFlag } from "./resources/resource.js";
import type { RouteDef } from "./routes.js";

/*
 * Who may do what: the one implementation of spec 6's rules, which the server enforces on
 * every call and the web app follows to show only what a user may use.
 */

/** A user's flags on one site page, as GET /API/Permissions/ lists them. */
export interface PermissionRow {
  permissionPageID: number;
  permissionView: number;
  permissionAdd: number;
  permissionChange: number;
  permissionDel: number;
}

export type RouteAccess = "allowed" | "denied" | "accessDenied";

/**
 * The access rule of spec section 6. A path ending in "de" without a query needs add; with
 * a query, and any other path, needs view; login, forbidden, settings and inbox (and the
 * other "always" routes) are always allowed; a user with no permission rows is refused
 * ("accessDenied", the spec's silent 'Access Denied!'); a disabled route is refused.
 */
export function routeAccess(route: RouteDef, search: string, permissions: readonly PermissionRow[]): RouteAccess {
  if (route.gate === "always") return "allowed";
  if (permissions.length === 0) return "accessDenied";
  // A disabled route (project accounting) is closed to everyone, whatever their flags.
  if (route.disabled) return "denied";
  if (route.gate === "signedIn") return "allowed";
  const row = permissions.find((p) => p.permissionPageID === route.gate);
  const needsAdd = route.path.endsWith("/de") && new URLSearchParams(search).size === 0;
  const flag = needsAdd ? row?.permissionAdd : row?.permissionView;
  return flag === 1 ? "allowed" : "denied";
}

/** Whether the user holds a flag on a page (for buttons: add, change, delete). */
export function can(permissions: readonly PermissionRow[], page: PageId, flag: "view" | "add" | "change" | "del") {
  const row = permissions.find((p) => p.permissionPageID === page);
  if (!row) return false;
  const value = {
    view: row.permissionView,
    add: row.permissionAdd,
    change: row.permissionChange,
    del: row.permissionDel,
  }[flag];
  return value === 1;
}

/**
 * Whether a resource's grant lets the user do an action, as the server decides it: "everyone"
 * signed in, "anyone" with permission rows, or the flag on the page.
 */
export function grantAllows(permissions: readonly PermissionRow[], grant: Grant, flag: PermissionFlag): boolean {
  if (grant === null) return false;
  if (grant === "everyone") return true;
  if (permissions.length === 0) return false;
  if (grant === "anyone") return true;
  const needed = grantedFlag(grant, flag);
  return needed !== null && can(permissions, needed.page, needed.flag);
}
