import { PAGES } from "@office/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { permissionsOf } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { MobileNav } from "./MobileNav";

/* The mobile menu offers the project search and Quick Launch only to a user who may open a project. */

const menu = <MobileNav opened tree={[]} path="/" pendingApprovals={0} onGo={() => {}} onLogout={() => {}} />;

describe("the mobile menu's project boxes", () => {
  it("are there for a user with view on projects (page 3)", async () => {
    renderWithApp(menu, { permissions: permissionsOf({ [PAGES.projects]: ["view"] }) });
    expect(await screen.findByRole("textbox", { name: "Quick Launch" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Project search" })).toBeTruthy();
  });

  it("are left out for a user who may not open a project: each would lead to forbidden", async () => {
    renderWithApp(menu, { permissions: permissionsOf({ [PAGES.clients]: ["view"] }) });
    expect(await screen.findByRole("button", { name: "Log out" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Quick Launch" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Project search" })).toBeNull();
  });
});
