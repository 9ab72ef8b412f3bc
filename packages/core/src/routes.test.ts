import { describe, expect, it } from "vitest";
import { grantAllows, type PermissionRow, routeAccess } from "./access.js";
import { AREAS } from "./areas/index.js";
import { PAGES } from "./pages.js";
import { menuHolds, menuPlace, menuTree, type RouteDef, routeName, routeTable } from "./routes.js";
import { findRoute, ROUTES } from "./site.js";

const row = (page: number, flags: Partial<Record<"v" | "a" | "c" | "d", number>>): PermissionRow => ({
  permissionPageID: page,
  permissionView: flags.v ?? 0,
  permissionAdd: flags.a ?? 0,
  permissionChange: flags.c ?? 0,
  permissionDel: flags.d ?? 0,
});
const route = (path: string) => {
  const found = findRoute(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};
// The demo account `staff` of DESIGN.md.
const staff = [1, 2, 3, 22, 23, 24, 35, 39, 42].map((p) => row(p, { v: 1 })).concat(row(9, { a: 1 }));

describe("the route table", () => {
  it("holds every route of spec 2.1 once", () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      "/",
      "/statusdashboard",
      "/project",
      "/project/de",
      "/project/ac",
      "/project/pn",
      "/statusaudit",
      "/project/po",
      "/employee/all",
      "/employee",
      "/employee/de",
      "/creditcard/all",
      "/creditcard",
      "/creditcard/report",
      "/creditcard/statement",
      "/creditcard/statementsearch",
      "/creditcard/nonprojectexpenses",
      "/client/all",
      "/client",
      "/client/de",
      "/masterclient/all",
      "/vendor/all",
      "/vendor",
      "/vendor/de",
      "/reports",
      "/calendar",
      "/calendar1",
      "/settings",
      "/inbox",
      "/approvals",
      "/list",
      "/list/clientcategories",
      "/list/vendorcategories",
      "/list/projectstatuscodes",
      "/list/notescategories",
      "/list/schedulecategories",
      "/list/todocategories",
      "/list/productcategories",
      "/rn",
      "/shippingcompany/all",
      "/shippingcompany/de",
      "/login",
      "/forbidden",
      "/update-config",
    ])
      expect(paths, path).toContain(path);
  });

  it("marks the routes the spec hides, and project accounting disabled too", () => {
    const hidden = ROUTES.filter((r) => r.hidden && !["/login", "/forbidden", "/update-config"].includes(r.path));
    expect(hidden.map((r) => r.path).sort()).toEqual(
      [
        "/project/ac",
        "/creditcard",
        "/creditcard/statement",
        "/creditcard/statementsearch",
        "/reports",
        "/calendar",
        "/settings",
        "/inbox",
        "/approvals",
      ].sort(),
    );
    expect(route("/project/ac").disabled).toBe(true);
    expect(ROUTES.filter((r) => r.disabled).map((r) => r.path)).toEqual(["/project/ac"]);
  });

  it("titles the client categories list Project Categories and uses the bare layout for login only", () => {
    expect(route("/list/clientcategories").title).toBe("Project Categories");
    expect(ROUTES.filter((r) => r.bare).map((r) => r.path)).toEqual(["/login"]);
  });

  it("names a route by its first segment and suffix", () => {
    expect(routeName("/project/de")).toBe("project-de");
    expect(routeName("/employee/all")).toBe("employee-all");
    expect(routeName("/")).toBe("index");
    expect(routeName("/rn")).toBe("rn");
  });

  it("opens every data-entry route (/…/de) on an area's record page, gated by its table's page", () => {
    // The shell shows '...' for a data-entry route's record until its page looks it up.
    const dataEntry = ROUTES.filter((r) => r.path.endsWith("/de"));
    expect(dataEntry.map((r) => r.path)).toEqual(expect.arrayContaining(["/project/de", "/employee/de"]));
    for (const r of dataEntry) {
      const owner = AREAS.find((a) => a.recordPath === r.path);
      expect(owner?.resource.kind, r.path).toBe("table");
      expect(owner?.resource.access.view).toBe(r.page);
    }
  });

  it("finds a route whatever the trailing slash or case", () => {
    expect(findRoute("/project/de/")?.path).toBe("/project/de");
    expect(findRoute("/Project/DE")?.path).toBe("/project/de");
    expect(findRoute("")?.path).toBe("/");
    expect(findRoute("/project/nothing")).toBeUndefined();
  });
});

describe("the access rule of spec section 6", () => {
  it("needs add on a data-entry path without a query, view with one", () => {
    const viewer = [row(PAGES.projects, { v: 1 })];
    expect(routeAccess(route("/project/de"), "", viewer)).toBe("denied");
    expect(routeAccess(route("/project/de"), "?id=5", viewer)).toBe("allowed");
    const adder = [row(PAGES.projects, { a: 1 })];
    expect(routeAccess(route("/project/de"), "", adder)).toBe("allowed");
    expect(routeAccess(route("/project/de"), "?id=5", adder)).toBe("denied");
  });

  it("needs view on any other path", () => {
    expect(routeAccess(route("/project"), "", [row(PAGES.projects, { a: 1, c: 1, d: 1 })])).toBe("denied");
    expect(routeAccess(route("/project"), "", [row(PAGES.projects, { v: 1 })])).toBe("allowed");
    expect(routeAccess(route("/project/pn"), "", [row(PAGES.projects, { v: 1 })])).toBe("denied");
  });

  it("always allows login, forbidden, settings and inbox, even without permission rows", () => {
    for (const path of ["/login", "/forbidden", "/settings", "/inbox"])
      expect(routeAccess(route(path), "", []), path).toBe("allowed");
  });

  it("refuses a disabled route even to a user with every flag on its page", () => {
    expect(routeAccess(route("/project/ac"), "", [row(PAGES.projectAccounting, { v: 1, a: 1, c: 1, d: 1 })])).toBe(
      "denied",
    );
  });

  it("refuses a user with no permission rows everything else", () => {
    for (const r of ROUTES.filter((r) => r.page !== "always"))
      expect(routeAccess(r, "", []), r.path).toBe("accessDenied");
  });

  it("gives staff what DESIGN.md says: no new project, no shipping companies", () => {
    expect(routeAccess(route("/project/de"), "", staff)).toBe("denied");
    expect(routeAccess(route("/shippingcompany/all"), "", staff)).toBe("denied");
    expect(routeAccess(route("/project"), "", staff)).toBe("allowed");
    expect(routeAccess(route("/rn"), "", staff)).toBe("allowed");
    expect(routeAccess(route("/"), "", staff)).toBe("allowed");
  });
});

describe("a resource's grant, as the web app reads it", () => {
  const notes = [row(PAGES.notes, { a: 1 })];
  it("decides as the server does: the page's flag, anyone with permission rows, everyone, nobody", () => {
    expect(grantAllows(notes, PAGES.notes, "add")).toBe(true);
    expect(grantAllows(notes, PAGES.notes, "view")).toBe(false);
    expect(grantAllows(notes, PAGES.projects, "view")).toBe(false);
    expect(grantAllows(notes, "anyone", "view")).toBe(true);
    expect(grantAllows(notes, null, "view")).toBe(false);
    expect(grantAllows([], "anyone", "view")).toBe(false);
    expect(grantAllows([], "everyone", "view")).toBe(true);
  });
});

describe("the menu tree", () => {
  const r = (path: string, extra: Partial<RouteDef>): RouteDef => ({
    path,
    title: path,
    icon: "home",
    page: 1,
    ...extra,
  });

  it("nests routes by their menu place, in order, leaving hidden ones out", () => {
    const tree = menuTree([
      r("/a", { menu: [] }),
      r("/b", { menu: ["Top"] }),
      r("/c", { menu: ["Top", "Sub"], label: "See" }),
      r("/d", { menu: ["Top"], hidden: true }),
      r("/e", { menu: ["Top", "Sub"], disabled: true }),
      r("/f", {}),
    ]);
    expect(tree).toMatchObject([
      { kind: "item", label: "/a" },
      {
        kind: "menu",
        label: "Top",
        children: [
          { kind: "item", label: "/b" },
          {
            kind: "menu",
            label: "Sub",
            children: [
              { kind: "item", label: "See" },
              { kind: "item", label: "/e", route: { disabled: true } },
            ],
          },
        ],
      },
    ]);
  });

  it("gives each route the place the menus hold it in, and none for one they leave out", () => {
    expect(menuPlace(r("/c", { menu: ["Top", "Sub"], label: "See" }))).toEqual(["Top", "Sub", "See"]);
    expect(menuPlace(r("/a", { menu: [] }))).toEqual(["/a"]);
    expect(menuPlace(r("/d", { menu: ["Top"], hidden: true }))).toBeUndefined();
    expect(menuPlace(r("/f", {}))).toBeUndefined();
    // The palette's words for a hidden page are not a menu path (it was "Credit Card › Credit Card Statement").
    const statement = ROUTES.find((route) => route.path === "/creditcard/statement");
    expect(statement?.hidden).toBe(true);
    expect(statement && menuPlace(statement)).toBeUndefined();
  });

  it("orders the groups by their sequence, whoever declares them, and puts groups outside the menus last", () => {
    const tree = menuTree(ROUTES);
    expect(tree.map((n) => n.label)).toEqual([
      "Home",
      "Projects",
      "Employees",
      "Clients",
      "Vendors",
      "Credit Card",
      "More",
    ]);
    const projects = tree.find((n) => n.label === "Projects");
    expect(projects?.kind === "menu" && projects.children.map((n) => n.label)).toEqual([
      "Advanced Search",
      "New Project",
      "Notes / Time Search",
      "Status Audit",
      "Portal Orders",
    ]);
    const more = tree.find((n) => n.label === "More");
    expect(more?.kind === "menu" && more.children.map((n) => n.label)).toEqual([
      "Shipping",
      "Lists",
      "Calendar",
      "Release Notes",
      "Administration",
    ]);
    const table = routeTable([
      { icon: "login", page: "always", routes: [{ path: "/hidden", title: "Hidden" }] },
      { icon: "home", page: "always", menu: { under: ["B"], sequence: 20 }, routes: [{ path: "/b", title: "B" }] },
      { icon: "home", page: "always", menu: { under: ["A"], sequence: 10 }, routes: [{ path: "/a", title: "A" }] },
    ]);
    expect(table.map((r) => r.path)).toEqual(["/a", "/b", "/hidden"]);
  });

  it("is at most three levels deep for the real table, with the lists under More", () => {
    const depth = (nodes: ReturnType<typeof menuTree>): number =>
      Math.max(0, ...nodes.map((n) => (n.kind === "item" ? 1 : 1 + depth(n.children))));
    const tree = menuTree(ROUTES);
    expect(depth(tree)).toBe(3);
    const more = tree.find((n) => n.label === "More");
    expect(more && menuHolds(more, "/list/clientcategories")).toBe(true);
    expect(tree.some((n) => menuHolds(n, "/project/ac"))).toBe(false);
  });
});
