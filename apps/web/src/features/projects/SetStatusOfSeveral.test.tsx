import { OPERATIONS, PROJECTS } from "@office/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSearchPage, USERS } from "../../area-engine/test-support";
import { bulk } from "./project.panel";

/*
 * Projects chosen together in Project Search take one status in one call, for whoever may set
 * a status; a user who may not sees no checkboxes.
 */
const LONG = { timeout: 5_000 };
// Every sample project's name holds its column's label.
const SEARCH = "?name=name";

describe("setting the status of several projects", () => {
  it("sends the projects chosen and the status in one call, and says it", async () => {
    const render = renderSearchPage(PROJECTS, { bulk, search: SEARCH });
    const { api, user } = render;
    api.operation(OPERATIONS.setProjectsStatus, (input) => ({ count: input.projectIDs.length }));
    const table = await screen.findByRole("table", { name: "Projects found" }, LONG);
    // Each row's own box (the header's chooses every row shown).
    const boxes = await within(table).findAllByRole("checkbox", { name: /^Select (?!every row)/ }, LONG);
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[1] as HTMLElement);
    await user.click(screen.getByRole("button", { name: "Set status" }));
    const dialog = await screen.findByRole("dialog", { name: "Set the status of 2 projects" });
    await user.click(within(dialog).getByRole("textbox", { name: "New status" }));
    await user.click((await screen.findAllByRole("option"))[0] as HTMLElement);
    await user.click(within(dialog).getByRole("button", { name: "Set status of 2 projects" }));
    expect(await screen.findByText("Record updated successfully!", {}, LONG)).toBeTruthy();
    const sent = api.calls.filter((call) => call.path === OPERATIONS.setProjectsStatus.path);
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as { projectIDs: number[]; projectStatusCodeID: number };
    expect(body.projectIDs).toHaveLength(2);
    expect(body.projectStatusCodeID).toBeGreaterThan(0);
  });

  it("offers no checkboxes to a user who may not set a status", async () => {
    renderSearchPage(PROJECTS, { bulk, search: SEARCH, permissions: USERS.viewer() });
    const table = await screen.findByRole("table", { name: "Projects found" }, LONG);
    expect(await within(table).findAllByRole("row", {}, LONG)).not.toHaveLength(0);
    expect(within(table).queryAllByRole("checkbox")).toHaveLength(0);
  });
});
