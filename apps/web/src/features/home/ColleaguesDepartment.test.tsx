import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { colleague } from "../../test/availability";
import { DEFAULT_USER, installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { liveStreamOpened } from "../availability/availability-query";
import { UserAvatar } from "../availability/UserAvatar";
import { ColleaguesBlock } from "./ColleaguesBlock";

/* Home's colleagues by department: a department's name opens the avatar's panel on it. */

const person = (empID: number, last: string, department: number, name: string) =>
  colleague(empID, "Test", last, department, name);

describe("Home's colleagues", () => {
  beforeEach(() => liveStreamOpened());

  it("open the avatar's panel on a department, expanded, the user's own closed", async () => {
    const api = installFakeApi({
      vwEmployeeAvailability: [
        person(DEFAULT_USER.empID, "Self", DEFAULT_USER.empDepartment ?? 1, "Engineering"),
        person(90, "Adams", 77, "Sales"),
        person(91, "Ray", 77, "Sales"),
      ],
    });
    const { user } = renderWithApp(
      <>
        <UserAvatar user={{ ...DEFAULT_USER, empDepartment: DEFAULT_USER.empDepartment ?? 1 }} />
        <ColleaguesBlock />
      </>,
      { api },
    );
    const block = await screen.findByRole("table", { name: "Colleagues by department" }, { timeout: 4_000 });
    await user.click(await within(block).findByRole("button", { name: "Sales" }));
    expect(await screen.findByRole("button", { name: "Sales (2)", expanded: true }, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Engineering (1)", expanded: false })).toBeTruthy();
  });
});
