import { PAGES, type PageId } from "./pages.js";

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
  | "administration"
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

/**
 * The site page whose flags govern a route (docs/product-rules.md#access), or no page: always
 * open, or open to anyone with permissions. Areas, lists and grants say `page` alike.
 */
type RoutePage = PageId | "always" | "signedIn";

export interface RouteDef {
  /** The path under the base /webapp/, without a trailing slash ("/" for home). */
  path: string;
  title: string;
  icon: IconName;
  page: RoutePage;
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
}

/** A route as its group declares it: the group gives its icon, page and menu place. */
export type RouteEntry = Omit<RouteDef, "icon" | "page" | "menu">;

/**
 * Routes that share an icon, a page and a place in the menus: an area's list, search and data
 * entry, or a page of its own. `sequence` orders the menus as Odoo's menu items are ordered:
 * lower first, a dropdown where its first item is. Groups outside the menus have none.
 */
export interface RouteGroup {
  icon: IconName;
  page: RoutePage;
  menu?: { under: readonly string[]; sequence: number };
  routes: readonly RouteEntry[];
}

const routesOf = (group: RouteGroup) =>
  group.routes.map(
    (r): RouteDef => ({ icon: group.icon, page: group.page, ...(group.menu ? { menu: group.menu.under } : {}), ...r }),
  );

/** The route table from every group, in menu order (groups outside the menus last). */
export function routeTable(groups: readonly RouteGroup[]): RouteDef[] {
  const rank = (g: RouteGroup) => g.menu?.sequence ?? Number.POSITIVE_INFINITY;
  return [...groups].sort((a, b) => rank(a) - rank(b)).flatMap(routesOf);
}

const group = (icon: IconName, page: RoutePage, menu: RouteGroup["menu"], routes: RouteEntry[]): RouteGroup => ({
  icon,
  page,
  ...(menu ? { menu } : {}),
  routes,
});

/**
 * The routes (docs/product-rules.md#routes) that belong to no declared area, search or list:
 * those declare their own (areas/, calendar/page.ts, lists.ts), and ROUTES (site.ts) gathers them all.
 */
export const PAGE_ROUTES: readonly RouteGroup[] = [
  group("home", PAGES.home, { under: ["Home"], sequence: 100 }, [{ path: "/", title: "Home" }]),
  group("dashboard", PAGES.statusDashboard, { under: ["Home"], sequence: 110 }, [
    { path: "/statusdashboard", title: "Status Dashboard" },
  ]),
  group("projects", PAGES.projectAccounting, { under: ["Projects"], sequence: 290 }, [
    { path: "/project/ac", title: "Project Accounting", hidden: true, disabled: true },
  ]),
  // The cards' list and page are the credit card area's (areas/credit-cards.ts), the report and
  // the non-project expenses its search pages (areas/searches.ts).
  group("creditCards", PAGES.creditCardApprovals, { under: ["Credit Card"], sequence: 630 }, [
    { path: "/creditcard/statement", title: "Credit Card Statement", hidden: true },
    { path: "/creditcard/statementsearch", title: "Statement Search", hidden: true },
  ]),
  group("reports", PAGES.reports, { under: ["More"], sequence: 930 }, [
    { path: "/reports", title: "Reports", hidden: true },
  ]),
  group("releaseNotes", "signedIn", { under: ["More"], sequence: 940 }, [{ path: "/rn", title: "Release Notes" }]),
  // Not in spec 2.1: the administrators' tools of page 40 (issue 37; docs/decisions.md#administration).
  group("administration", PAGES.administrator, { under: ["More"], sequence: 950 }, [
    { path: "/admin", title: "Administration" },
  ]),
  group("approvals", PAGES.creditCardApprovals, undefined, [{ path: "/approvals", title: "Approvals", hidden: true }]),
  group("settings", "always", undefined, [{ path: "/settings", title: "Settings", hidden: true }]),
  group("inbox", "always", undefined, [{ path: "/inbox", title: "Inbox", hidden: true }]),
  group("settings", "always", undefined, [{ path: "/update-config", title: "Update Config", hidden: true }]),
  group("forbidden", "always", undefined, [{ path: "/forbidden", title: "Forbidden", hidden: true }]),
  group("login", "always", undefined, [{ path: "/login", title: "Login", hidden: true, bare: true }]),
];

/** The page shown for a path that matches no route. */
export const NOT_FOUND_ROUTE: RouteDef = { path: "*", title: "Not Found", icon: "notFound", page: "always" };
export const NOT_FOUND_TEXT = "This page could not be found";

/** Route name = first path segment plus suffix: "/project/de" is "project-de", "/" is "index". */
export function routeName(path: string): string {
  const segments = path.split("/").filter(Boolean);
  return segments.length ? segments.join("-") : "index";
}

/** A dropdown or item of the menus, built from the route table. */
export type MenuNode =
  | { kind: "item"; label: string; route: RouteDef }
  | { kind: "menu"; label: string; children: MenuNode[] };

/**
 * Where the menus hold a route: its menu labels, then its own ("Vendors", "Advanced Search").
 * Undefined for a route they leave out (no menu place, or hidden).
 */
export function menuPlace(route: RouteDef): string[] | undefined {
  return route.menu && !route.hidden ? [...route.menu, route.label ?? route.title] : undefined;
}

/**
 * The menu tree: every route with a menu place, nested by its labels (at most three levels),
 * in the table's order. Hidden routes are left out; disabled ones stay, shown disabled.
 */
export function menuTree(routes: readonly RouteDef[]): MenuNode[] {
  const root: MenuNode[] = [];
  for (const route of routes) {
    const place = menuPlace(route);
    if (!place) continue;
    const label = place.pop() as string;
    let level = root;
    for (const menu of place) {
      let node = level.find((n): n is Extract<MenuNode, { kind: "menu" }> => n.kind === "menu" && n.label === menu);
      if (!node) {
        node = { kind: "menu", label: menu, children: [] };
        level.push(node);
      }
      level = node.children;
    }
    level.push({ kind: "item", label, route });
  }
  return root;
}

/** Whether a menu node is, or holds, the route at `path`: the active top item of the menu bar. */
export function menuHolds(node: MenuNode, path: string): boolean {
  return node.kind === "item" ? node.route.path === path : node.children.some((c) => menuHolds(c, path));
}
