import type { PageId, PermissionFlag } from "./pages.js";
import { type Grant, grantedFlag, type Resource } from "./resources/resource.js";
import type { RouteDef } from "./routes.js";

/*
 * Who may do what: the one implementation of the access rules (docs/product-rules.md#access),
 * which the server enforces on every call and the web app follows to show only what a user may
 * use.
 */

/** A user's flags on one site page, as GET /API/Permissions/ lists them. */
export interface PermissionRow {
  permissionPageID: number;
  permissionView: number;
  permissionAdd: number;
  permissionChange: number;
  permissionDel: number;
}

/**
 * A user's permissions as the rules read them: whether they hold any row at all (none is
 * 'Access Denied!'), and a flag on a page. The web app has the rows of GET /API/Permissions/;
 * the server, the session's own map; both are read through this.
 */
export interface PermissionSet {
  readonly any: boolean;
  flag(page: number, flag: PermissionFlag): boolean;
}

const FLAG_COLUMNS = {
  view: "permissionView",
  add: "permissionAdd",
  change: "permissionChange",
  del: "permissionDel",
} as const satisfies Record<PermissionFlag, keyof PermissionRow>;

export type Permissions = readonly PermissionRow[] | PermissionSet;

/** Permission rows as a set (the set itself when given one). */
export function permissionSet(permissions: Permissions): PermissionSet {
  if (!Array.isArray(permissions)) return permissions as PermissionSet;
  const rows = permissions as readonly PermissionRow[];
  return {
    any: rows.length > 0,
    flag: (page, flag) => rows.some((row) => row.permissionPageID === page && row[FLAG_COLUMNS[flag]] === 1),
  };
}

/** An answer of the rules: allowed, refused, or refused because the user has no permission rows at all. */
export type RouteAccess = "allowed" | "denied" | "accessDenied";

/**
 * The access rule by route (docs/product-rules.md#access). A path ending in "de" without a
 * query needs add; with a query, and any other path, needs view; login, forbidden, settings
 * and inbox (and the other "always" routes) are always allowed; a user with no permission rows
 * is refused ("accessDenied", the silent 'Access Denied!'); a disabled route is refused.
 */
export function routeAccess(route: RouteDef, search: string, permissions: Permissions): RouteAccess {
  if (route.page === "always") return "allowed";
  const set = permissionSet(permissions);
  if (!set.any) return "accessDenied";
  // A disabled route (project accounting) is closed to everyone, whatever their flags.
  if (route.disabled) return "denied";
  if (route.page === "signedIn") return "allowed";
  const needsAdd = route.path.endsWith("/de") && new URLSearchParams(search).size === 0;
  return set.flag(route.page, needsAdd ? "add" : "view") ? "allowed" : "denied";
}

/** Whether the user holds a flag on a page (for buttons: add, change, delete). */
export function can(permissions: Permissions, page: PageId, flag: PermissionFlag): boolean {
  return permissionSet(permissions).flag(page, flag);
}

/**
 * Whether a resource's grant lets the user do an action, as the server decides it: "everyone"
 * signed in, "anyone" with permission rows, or the flag on the page.
 */
export function grantAllows(permissions: Permissions, grant: Grant, flag: PermissionFlag): boolean {
  return grantAccess(permissions, grant, flag) === "allowed";
}

/**
 * A grant's answer for an action, as the data service gives it: "everyone" signed in is
 * allowed; a user with no permission rows is refused everything else ("accessDenied",
 * 'Access Denied!'); "anyone" with rows is allowed; a page's grant needs its flag; a null
 * grant is nobody's.
 */
export function grantAccess(permissions: Permissions, grant: Grant, flag: PermissionFlag): RouteAccess {
  if (grant === "everyone") return "allowed";
  const set = permissionSet(permissions);
  if (!set.any) return "accessDenied";
  if (grant === null) return "denied";
  if (grant === "anyone") return "allowed";
  const needed = grantedFlag(grant, flag);
  return needed !== null && set.flag(needed.page, needed.flag) ? "allowed" : "denied";
}

/**
 * How far a user's change or delete on a resource reaches: every row ("all"), only rows they
 * wrote ("own": the resource keeps rows for their authors, `authorWrites`), none ("denied"),
 * or none for want of any permission row ("accessDenied"). The resource's grant reaches the
 * author's own rows; view on the `unlessPage` (administrators) with it, or the action's own flag
 * on an `everyonesOn` page, reaches everyone's. The server narrows its writes by this; the web
 * app shows a row's Update and Delete by it.
 */
export function writeReach(
  permissions: Permissions,
  resource: Pick<Resource, "access" | "authorWrites">,
  flag: "change" | "del",
): "all" | "own" | Exclude<RouteAccess, "allowed"> {
  const set = permissionSet(permissions);
  const base = grantAccess(set, resource.access[flag], flag);
  const author = resource.authorWrites;
  if (base === "accessDenied" || !author) return base === "allowed" ? "all" : base;
  if (author.everyonesOn?.some((page) => set.flag(page, flag))) return "all";
  if (base !== "allowed") return base;
  return set.flag(author.unlessPage, "view") ? "all" : "own";
}

/**
 * Whether a user may change or delete one row, as the server would let them: everyone's rows,
 * or theirs alone where the reach is "own" (a row whose record's owner reaches it, `orOwnerOf`,
 * cannot be told from the row: the server decides).
 */
export function mayWriteRow(
  permissions: Permissions,
  resource: Pick<Resource, "access" | "authorWrites">,
  flag: "change" | "del",
  empID: number | null,
  row: Readonly<Record<string, unknown>>,
): boolean {
  const reach = writeReach(permissions, resource, flag);
  if (reach !== "own") return reach === "all";
  const author = resource.authorWrites;
  return author?.orOwnerOf !== undefined || (empID !== null && Number(row[author?.column ?? ""]) === empID);
}
