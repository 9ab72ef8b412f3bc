import { findRoute, PAGES } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi, permissionsOf } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { ForbiddenPage } from "./ForbiddenPage";
import { recordRefusal } from "./refusal";

/*
 * The forbidden page says why: a user with no permission rows yet is welcomed and named who can
 * grant access, with no link back into the loop; a disabled route is not available; another
 * refusal names the page. Home is offered only where it opens.
 */

const GRANTERS = [
  { empID: 1, empFirstName: "Ada", empLastName: "Admin", empEmail: "ada@example.com", empOfficeExtention: "101" },
  { empID: 9, empFirstName: "Ola", empLastName: "Owner", empEmail: null, empOfficeExtention: null },
];

function fakeWithGranters() {
  const api = installFakeApi();
  api.named("accessGranters", () => GRANTERS);
  return api;
}

const route = (path: string) => {
  const found = findRoute(path);
  if (!found) throw new Error(path);
  return found;
};

describe("the forbidden page", () => {
  it("welcomes a user with no permission rows, names who can grant access, and offers no Home", async () => {
    const api = fakeWithGranters();
    const { user, location } = renderWithApp(<ForbiddenPage />, {
      api,
      path: "/forbidden",
      permissions: [],
      user: { empFirstName: "Nina" },
    });
    expect(await screen.findByRole("heading", { name: "No access yet" })).toBeTruthy();
    expect(screen.getByText(/^Welcome, Nina\./)).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Who can grant access" });
    expect(within(list).getByRole("link", { name: "Ada Admin" }).getAttribute("href")).toBe("mailto:ada@example.com");
    expect(within(list).getByText("Ola Owner")).toBeTruthy();
    expect(within(list).getByText(/Ext\. 101/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Home" })).toBeNull();

    // Granted meanwhile: Check again reads the rows anew and goes home.
    api.permissions = permissionsOf({ [PAGES.home]: ["view"] });
    await user.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(location().pathname).toBe("/"));
  });

  it("says a disabled route is not available, not that a permission is missing", async () => {
    recordRefusal(route("/project/ac"), "denied");
    renderWithApp(<ForbiddenPage />, { api: fakeWithGranters() });
    expect(await screen.findByRole("heading", { name: "Not available" })).toBeTruthy();
    expect(screen.getByText("Project Accounting is not available yet.")).toBeTruthy();
    expect(screen.queryByText(/permission/)).toBeNull();
    expect(screen.getByRole("link", { name: "Home" })).toBeTruthy();
  });

  it("names the page refused and who can grant it; Home only for a user it opens for", async () => {
    recordRefusal(route("/shippingcompany/all"), "denied");
    const withHome = renderWithApp(<ForbiddenPage />, {
      api: fakeWithGranters(),
      permissions: permissionsOf({ [PAGES.home]: ["view"] }),
    });
    expect(await screen.findByRole("heading", { name: "Forbidden" })).toBeTruthy();
    expect(screen.getByText("You do not have permission to open Shipping Companies.")).toBeTruthy();
    expect(await screen.findByRole("list", { name: "Who can grant access" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Home" })).toBeTruthy();
    withHome.unmount();

    renderWithApp(<ForbiddenPage />, {
      api: fakeWithGranters(),
      permissions: permissionsOf({ [PAGES.clients]: ["view"] }),
    });
    expect(await screen.findByRole("heading", { name: "Forbidden" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Home" })).toBeNull();
  });

  it("opened directly, with nothing refused, still says what it can", async () => {
    recordRefusal(route("/"), "allowed");
    renderWithApp(<ForbiddenPage />, { api: fakeWithGranters() });
    expect(await screen.findByText("You do not have permission to open this page.")).toBeTruthy();
  });
});
