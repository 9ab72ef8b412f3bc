import { findRoute, OPERATIONS, PAGES, type RouteDef } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { InboxPage } from "../features/credit-cards/InboxPage";
import { type Crumb, pageTitle } from "../services/breadcrumb-context";
import { installFakeApi, permissionsOf } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { Breadcrumb } from "./Breadcrumb";

/*
 * The breadcrumb bar (docs/product-rules.md#breadcrumb) and the inbox's crumb: level 2 loading,
 * then a record's id that a click copies with a toast of one second (or a failure toast where
 * the browser refuses the clipboard), a link, the text on the right, and the page title from
 * levels 1 and 2. What e2e/tests/breadcrumb.spec.ts checked in the browser besides an id that
 * names no project (kept there, as the Quick Launch's flow).
 */

const PROJECT = findRoute("/project/de") as RouteDef;
const INBOX = findRoute("/inbox") as RouteDef;
const bar = () => screen.getByRole("navigation", { name: "Breadcrumb" });

function renderBar(route: RouteDef, crumb: Crumb | null) {
  return renderWithApp(<Breadcrumb route={route} crumb={crumb} />);
}

/**
 * A clipboard that takes what is written, or refuses as a browser may (no secure context, or
 * the user said no); put in place after the render, whose userEvent brings its own.
 */
function clipboard(refuse = false) {
  const written: string[] = [];
  const writeText = async (text: string) => {
    if (refuse) throw new DOMException("Write permission denied.", "NotAllowedError");
    written.push(text);
  };
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  return written;
}

describe("the breadcrumb's level 2", () => {
  it("says it is loading ('...'), and the page title is level 1 alone until the id comes", () => {
    renderBar(PROJECT, { level2: "..." });
    expect(within(bar()).getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(within(bar()).queryByRole("button", { name: "Copy project id" })).toBeNull();
    expect(pageTitle("Project", "...")).toBe("Project");
    expect(pageTitle("Project", "31")).toBe("Project - 31");
    expect(pageTitle("Home", undefined)).toBe("Home");
  });

  it("copies a record's id when clicked, with a toast '{id} copied' that stays 1 second", async () => {
    vi.useFakeTimers();
    const { user, advance } = renderBar(PROJECT, { level2: "31", clipboard: "31" });
    // After the render: userEvent puts a clipboard of its own in place.
    const written = clipboard();
    await user.click(within(bar()).getByRole("button", { name: "31" }));
    expect(written).toEqual(["31"]);
    expect(screen.getByText("31 copied")).toBeTruthy();
    await advance(900);
    expect(screen.getByText("31 copied")).toBeTruthy();
    // Gone by 1.3 seconds (its fade included), as the browser test had it.
    await advance(400);
    expect(screen.queryByText("31 copied")).toBeNull();
    // The visible copy button does the same.
    await user.click(within(bar()).getByRole("button", { name: "Copy project id" }));
    expect(written).toEqual(["31", "31"]);
  });

  it("says so in a toast when the browser refuses the clipboard, instead of nothing", async () => {
    const { user } = renderBar(PROJECT, { level2: "31", clipboard: "31" });
    clipboard(true);
    await user.click(within(bar()).getByRole("button", { name: "Copy project id" }));
    expect(await screen.findByText("31 could not be copied; select it and copy it by hand.")).toBeTruthy();
    expect(screen.queryByText("31 copied")).toBeNull();
  });
});

describe("the inbox's crumb", () => {
  const count = (n: number) => {
    const api = installFakeApi();
    api.named("pendingApprovalCount", () => [{ TotalCount: n }]);
    const none = () => ({ data: [], meta: { TotalRecords: 0 } });
    api.operation(OPERATIONS.cardInbox, none);
    api.operation(OPERATIONS.myCardRequests, none);
    api.operation(OPERATIONS.missingReceipts, none);
    return api;
  };

  it("leads on to Approvals for those who may open it, with the pending count on the right", async () => {
    const { crumb, unmount } = renderWithApp(<InboxPage />, { api: count(3) });
    await waitFor(() => expect(crumb()).toMatchObject({ level2: "Approvals", target: "/approvals" }));
    await waitFor(() => expect(crumb()?.extra).toBe("3 pending approvals"));
    const shown = crumb();
    unmount();
    renderBar(INBOX, shown);
    const link = within(bar()).getByRole("link", { name: "Approvals" });
    expect(link.getAttribute("href")).toBe("/approvals");
    expect(within(bar()).getByText("3 pending approvals")).toBeTruthy();
  });

  it("gives the count without the link to those who may not open Approvals", async () => {
    const staff = permissionsOf({ [PAGES.home]: ["view"], [PAGES.projects]: ["view"] });
    const { crumb } = renderWithApp(<InboxPage />, { api: count(1), permissions: staff });
    await waitFor(() => expect(crumb()?.extra).toBe("1 pending approval"));
    expect(crumb()?.level2).toBeUndefined();
  });
});
