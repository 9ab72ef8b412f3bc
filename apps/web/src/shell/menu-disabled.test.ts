import { MantineProvider, Menu } from "@mantine/core";
import { type MenuNode, menuTree, ROUTES } from "@office/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MenuEntries } from "./DesktopNav";
import { MobileNav } from "./MobileNav";

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    h(MantineProvider, null, h(QueryClientProvider, { client: new QueryClient() }, h(MemoryRouter, null, node))),
  );

/** The opening tag of the link or button whose label is `label`. */
function controlOf(html: string, label: string): string {
  const at = html.indexOf(`>${label}<`);
  expect(at).toBeGreaterThan(-1);
  const start = Math.max(html.lastIndexOf("<a ", at), html.lastIndexOf("<button ", at));
  return html.slice(start, html.indexOf(">", start) + 1);
}

// Spec 2.1's only disabled route, project accounting, is hidden as well, so no menu of the
// app ever shows a disabled item. The rendering is checked here, on the Projects menu with
// that route as it would be were it not hidden.
const projects = menuTree(
  ROUTES.filter((r) => r.menu?.[0] === "Projects").map((r) => (r.path === "/project/ac" ? { ...r, hidden: false } : r)),
);
const items = (projects[0] as Extract<MenuNode, { kind: "menu" }>).children;

describe("a disabled menu item", () => {
  it("stays in the desktop dropdown, disabled and leading nowhere", () => {
    const html = render(
      h(Menu, { opened: true, withinPortal: false }, h(Menu.Dropdown, null, h(MenuEntries, { nodes: items }))),
    );
    const accounting = controlOf(html, "Project Accounting");
    expect(accounting).toMatch(/^<button /);
    expect(accounting).toContain('role="menuitem"');
    expect(accounting).toContain(" disabled=");
    expect(accounting).not.toContain("href=");
    expect(controlOf(html, "Advanced Search")).toMatch(/^<a [^>]*href="\/project"/);
  });

  it("stays in the mobile menu, greyed out, announced as disabled and leading nowhere", () => {
    const html = render(
      h(MobileNav, { opened: true, tree: projects, path: "/project", pendingApprovals: 0, onGo() {}, onLogout() {} }),
    );
    const accounting = controlOf(html, "Project Accounting");
    expect(accounting).toMatch(/^<button /);
    expect(accounting).toContain('aria-disabled="true"');
    expect(accounting).toContain("data-disabled");
    expect(accounting).not.toContain("href=");
    expect(controlOf(html, "Advanced Search")).toMatch(/^<a [^>]*href="\/project"/);
  });
});
