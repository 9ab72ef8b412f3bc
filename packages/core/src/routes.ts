import { PAGES, type PageId, type PermissionFlag } from "./pages.js";
import { type Grant, grantedFlag } from "./resources/resource.js";

/** Icons of breadcrumbs and menus, by name; the web app maps each to its picture. */
export type IconName =
  | "home"
  | "dashboard"
  | "projects"
  | "employees"
  | "creditCards"
  | "clients"
  | "vendors"
  | "reports"
  | "calendar"
  | "settings"
  | "inbox"
  | "approvals"
  | "lists"
  | "releaseNotes"
  | "shipping"
  | "login"
  | "forbidden"
  | "notFound";

/** Who may open a route beyond the path rule: always (spec 6), or anyone with permissions. */
type Gate = PageId | "always" | "signedIn";

export interface RouteDef {
  /** The path under the base /webapp/, without a trailing slash ("/" for home). */
  path: string;
  title: string;
  icon: IconName;
  /** The site page whose flags govern the route (spec section 6). */
  gate: Gate;
  /** The bare layout (login) instead of the shell. */
  bare?: boolean;
  hidden?: boolean;
  disabled?: boolean;
  /**
   * Where the route sits in the menus: the labels of the dropdowns that hold it, outermost
   * first ([] is a top-level item); absent means not in the menus.
   */
  menu?: readonly string[];
  /** The menu item's label where it differs from the page title. */
  label?: string;
  /**
   * The resource (table) whose record a data-entry route shows when opened with `?id=`: the
   * breadcrumb's level 2 is that id, and an id that names no record is 'Not Found' (-404).
   */
  record?: string;
}

const area = (
  icon: IconName,
  gate: Gate,
  menu: readonly string[] | undefined,
  routes: Omit<RouteDef, "icon" | "gate">[],
) => routes.map((r): RouteDef => ({ icon, gate, ...(menu ? { menu } : {}), ...r }));

const LIST_MENU = ["More", "Lists"];

/** The route table of spec 2.1, in menu order: router, menus, guard, breadcrumbs and titles derive from it. */
export const ROUTES: readonly RouteDef[] = [
  ...area("home", PAGES.home, ["Home"], [{ path: "/", title: "Home" }]),
  ...area("dashboard", PAGES.statusDashboard, ["Home"], [{ path: "/statusdashboard", title: "Status Dashboard" }]),
  ...area(
    "projects",
    PAGES.projects,
    ["Projects"],
    [
      { path: "/project", title: "Project Search", label: "Advanced Search" },
      { path: "/project/de", title: "Project", label: "New Project", record: "tblProject" },
    ],
  ),
  ...area("projects", PAGES.notesTimeSearch, ["Projects"], [{ path: "/project/pn", title: "Notes / Time Search" }]),
  ...area("projects", PAGES.statusAudit, ["Projects"], [{ path: "/statusaudit", title: "Status Audit" }]),
  ...area("projects", PAGES.portalOrders, ["Projects"], [{ path: "/project/po", title: "Portal Orders" }]),
  ...area(
    "projects",
    PAGES.projectAccounting,
    ["Projects"],
    [{ path: "/project/ac", title: "Project Accounting", hidden: true, disabled: true }],
  ),
  ...area(
    "employees",
    PAGES.employees,
    ["Employees"],
    [
      { path: "/employee/all", title: "Employees", label: "All Employees" },
      { path: "/employee", title: "Employee Search", label: "Advanced Search" },
      { path: "/employee/de", title: "Employee", label: "New Employee", record: "tblEmployee" },
    ],
  ),
  ...area(
    "clients",
    PAGES.clients,
    ["Clients"],
    [
      { path: "/client/all", title: "Clients", label: "All Clients" },
      { path: "/client", title: "Client Search", label: "Advanced Search" },
      { path: "/client/de", title: "Client", label: "New Client", record: "tblClient" },
      { path: "/masterclient/all", title: "Master Clients" },
    ],
  ),
  ...area(
    "vendors",
    PAGES.vendors,
    ["Vendors"],
    [
      { path: "/vendor/all", title: "Vendors", label: "All Vendors" },
      { path: "/vendor", title: "Vendor Search", label: "Advanced Search" },
      { path: "/vendor/de", title: "Vendor", label: "New Vendor", record: "tblVendor" },
    ],
  ),
  ...area(
    "creditCards",
    PAGES.creditCardApprovals,
    ["Credit Card"],
    [
      { path: "/creditcard/all", title: "Credit Cards", label: "All Credit Cards" },
      { path: "/creditcard", title: "Credit Card", hidden: true },
      { path: "/creditcard/report", title: "Credit Card Report", label: "Report" },
      { path: "/creditcard/statement", title: "Credit Card Statement", hidden: true },
      { path: "/creditcard/statementsearch", title: "Statement Search", hidden: true },
      { path: "/creditcard/nonprojectexpenses", title: "Non-Project Expenses" },
    ],
  ),
  ...area(
    "shipping",
    PAGES.shippingCompanies,
    ["More", "Shipping"],
    [
      { path: "/shippingcompany/all", title: "Shipping Companies", label: "All Shipping Companies" },
      {
        path: "/shippingcompany/de",
        title: "Shipping Company",
        label: "New Shipping Company",
        record: "tblShippingCompany",
      },
    ],
  ),
  ...area("lists", PAGES.lists, LIST_MENU, [
    { path: "/list", title: "Lists", label: "All Lists" },
    { path: "/list/clientcategories", title: "Project Categories" },
    { path: "/list/vendorcategories", title: "Vendor Categories" },
    { path: "/list/projectstatuscodes", title: "Project Status Codes" },
    { path: "/list/notescategories", title: "Notes Categories" },
    { path: "/list/schedulecategories", title: "Schedule Categories" },
    { path: "/list/todocategories", title: "To-Do Categories" },
    { path: "/list/productcategories", title: "Product Categories" },
  ]),
  ...area(
    "calendar",
    PAGES.calendar,
    ["More"],
    [
      { path: "/calendar1", title: "Calendar" },
      { path: "/calendar", title: "Calendar", hidden: true },
    ],
  ),
  ...area("reports", PAGES.reports, ["More"], [{ path: "/reports", title: "Reports", hidden: true }]),
  ...area("releaseNotes", "signedIn", ["More"], [{ path: "/rn", title: "Release Notes" }]),
  ...area("approvals", PAGES.creditCardApprovals, undefined, [
    { path: "/approvals", title: "Approvals", hidden: true },
  ]),
  ...area("settings", "always", undefined, [{ path: "/settings", title: "Settings", hidden: true }]),
  ...area("inbox", "always", undefined, [{ path: "/inbox", title: "Inbox", hidden: true }]),
  ...area("settings", "always", undefined, [{ path: "/update-config", title: "Update Config", hidden: true }]),
  ...area("forbidden", "always", undefined, [{ path: "/forbidden", title: "Forbidden", hidden: true }]),
  ...area("login", "always", undefined, [{ path: "/login", title: "Login", hidden: true, bare: true }]),
];

/** The page shown for a path that matches no route. */
export const NOT_FOUND_ROUTE: RouteDef = { path: "*", title: "Not Found", icon: "notFound", gate: "always" };
export const NOT_FOUND_TEXT = "This page could not be found";

/** Route name = first path segment plus suffix (spec 2.1): "/project/de" is "project-de", "/" is "index". */
export function routeName(path: string): string {
  const segments = path.split("/").filter(Boolean);
  return segments.length ? segments.join("-") : "index";
}

const BY_PATH = new Map(ROUTES.map((r) => [r.path, r]));

/** The route of a path (trailing slash and case of the address ignored), or undefined. */
export function findRoute(pathname: string): RouteDef | undefined {
  const path = pathname.replace(/\/+$/, "").toLowerCase() || "/";
  return BY_PATH.get(path);
}

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

/** A dropdown or item of the menus, built from the route table. */
export type MenuNode =
  | { kind: "item"; label: string; route: RouteDef }
  | { kind: "menu"; label: string; children: MenuNode[] };

/**
 * The menu tree: every route with a menu place, nested by its labels (at most three levels),
 * in the table's order. Hidden routes are left out; disabled ones stay, shown disabled.
 */
export function menuTree(routes: readonly RouteDef[] = ROUTES): MenuNode[] {
  const root: MenuNode[] = [];
  for (const route of routes) {
    if (!route.menu || route.hidden) continue;
    let level = root;
    for (const label of route.menu) {
      let node = level.find((n): n is Extract<MenuNode, { kind: "menu" }> => n.kind === "menu" && n.label === label);
      if (!node) {
        node = { kind: "menu", label, children: [] };
        level.push(node);
      }
      level = node.children;
    }
    level.push({ kind: "item", label: route.label ?? route.title, route });
  }
  return root;
}

/** Whether a menu node is, or holds, the route at `path`: the active top item of the menu bar. */
export function menuHolds(node: MenuNode, path: string): boolean {
  return node.kind === "item" ? node.route.path === path : node.children.some((c) => menuHolds(c, path));
}
