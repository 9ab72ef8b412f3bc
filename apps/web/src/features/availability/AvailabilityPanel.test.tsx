import { departmentGroups } from "@office/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { colleague } from "../../test/availability";
import { renderWithApp } from "../../test/render";
import { AvailabilityPanel } from "./AvailabilityPanel";

/*
 * Finding a colleague in the avatar panel: a name typed narrows the list to those it matches,
 * their departments open, collapsed or not before; clearing it gives the list back as it was.
 */

const GROUPS = departmentGroups(
  [
    colleague(1, "Ada", "Lovelace", 1, "Engineering"),
    colleague(2, "Zoë", "Adams", 2, "Sales"),
    colleague(3, "Bo", "Ray", 2, "Sales"),
  ],
  1,
);

const panel = () =>
  renderWithApp(
    <AvailabilityPanel
      name="Ada Lovelace"
      groups={GROUPS}
      status="In"
      onStatus={() => {}}
      timeClockUrl={undefined}
      onNavigate={() => {}}
      toggled={new Set()}
      onToggle={() => {}}
    />,
  );

const names = () =>
  within(screen.getByRole("table", { name: "Colleagues' availability" }))
    .queryAllByRole("button", { name: /^About / })
    .map((button) => button.getAttribute("aria-label"));

describe("finding a colleague in the availability panel", () => {
  it("narrows the list to the names that hold what is typed, their departments open", async () => {
    const { user } = panel();
    // Only the user's own department starts open.
    expect(names()).toEqual(["About Lovelace, Ada"]);
    await user.type(screen.getByRole("textbox", { name: "Find a colleague" }), "zoe");
    expect(names()).toEqual(["About Adams, Zoë"]);
    expect(screen.getByRole("button", { name: "Sales (1)", expanded: true })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Engineering/ })).toBeNull();

    await user.type(screen.getByRole("textbox", { name: "Find a colleague" }), "x");
    expect(screen.getByRole("status").textContent).toBe("No colleague’s name holds “zoex”.");
    await user.click(screen.getByRole("button", { name: "Clear the search" }));
    expect(names()).toEqual(["About Lovelace, Ada"]);
    expect(screen.getByRole("button", { name: "Sales (2)", expanded: false })).toBeTruthy();
  });
});
