import { departmentGroups } from "@office/core";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

const panel = (groups = GROUPS) =>
  renderWithApp(
    <AvailabilityPanel
      name="Ada Lovelace"
      groups={groups}
      status="In"
      onStatus={() => {}}
      timeClockUrl={undefined}
      timeZone="America/New_York"
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

describe("a colleague out of office in the availability panel", () => {
  afterEach(() => vi.useRealTimers());

  const statusOf = (name: string) => {
    const row = within(screen.getByRole("table", { name: "Colleagues' availability" }))
      .getByRole("button", { name: `About ${name}` })
      .closest("tr");
    return row
      ? within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent)
      : [];
  };

  it("shows them Out until the absence's end on the company's clock, since it began, and their own status after", async () => {
    // Tuesday 1 December 2026, 10:00 in New York; Ada is In since yesterday, out of office 08:00 to 17:00.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T15:00:00Z"));
    const ada = {
      ...colleague(1, "Ada", "Lovelace", 1, "Engineering"),
      outOfOffice: [{ from: "2026-12-01T08:00:00-05:00", until: "2026-12-01T17:00:00-05:00", allDay: false }],
    };
    const days = {
      ...colleague(4, "Cy", "Banks", 1, "Engineering"),
      outOfOffice: [{ from: "2026-11-30T00:00:00-05:00", until: "2026-12-03T00:00:00-05:00", allDay: true }],
    };
    const { unmount } = panel(departmentGroups([ada, days], 1));
    expect(statusOf("Lovelace, Ada")).toEqual(["Lovelace, Ada ", "02:00", "Out until 05:00 PM"]);
    expect(statusOf("Banks, Cy")[2]).toBe("Out until Wed, Dec 2");
    unmount();

    vi.setSystemTime(new Date("2026-12-01T22:00:00Z"));
    panel(departmentGroups([ada], 1));
    expect(statusOf("Lovelace, Ada")[2]).toBe("In");
  });
});
