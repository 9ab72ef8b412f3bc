import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { ErrorDetails } from "./ErrorDetails";

/*
 * 'Server Internal Error''s tabs (spec 4: Response, Request and Params) as the WAI-ARIA tabs
 * pattern: one tab stop, the arrows, Home and End move between them, the panel names its tab.
 */

const FAILURE = {
  statusCode: 0,
  message: "Server Internal Error",
  fromApi: true,
  request: { method: "GET" as const, path: "/API/Query/", params: { table: "vwProjectSearch" } },
};

describe("the details of a call that got no answer", () => {
  it("shows Response, Request and Params as tabs the keyboard moves between", async () => {
    installFakeApi();
    renderWithApp(<ErrorDetails failure={FAILURE} />);
    const user = userEvent.setup();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Response", "Request", "Params"]);
    expect(screen.getByRole("tab", { name: "Response" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Response" }).textContent).toContain("null");
    await user.click(screen.getByRole("tab", { name: "Params" }));
    expect(screen.getByRole("tabpanel", { name: "Params" }).textContent).toContain('"table": "vwProjectSearch"');
    // Only the chosen tab is a tab stop; the arrows wrap, Home and End go to the ends.
    expect(screen.getByRole("tab", { name: "Params" }).getAttribute("tabindex")).toBe("0");
    expect(screen.getByRole("tab", { name: "Request" }).getAttribute("tabindex")).toBe("-1");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Response" }));
    expect(screen.getByRole("tabpanel", { name: "Response" })).toBeTruthy();
    await user.keyboard("{End}");
    expect(screen.getByRole("tabpanel", { name: "Params" })).toBeTruthy();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tabpanel", { name: "Request" }).textContent).toContain('"path": "/API/Query/"');
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Response" }));
  });
});
