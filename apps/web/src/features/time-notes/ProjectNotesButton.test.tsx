import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test/render";
import { ProjectNotesButton } from "./ProjectNotesButton";

/*
 * The header's Project Notes opened where the user is: over an open project's page it starts
 * with that project and the focus on the first empty field (Charged Time); anywhere else, or
 * over a closed project (latest status 56, 66 or 194, which the Project box never offers), the
 * Project box is empty and has the focus.
 */

const PROJECTS = [
  {
    projectID: 2988,
    projectName: "Lakeside Clinic",
    projectFirstSourceNumber: "SRC-77",
    projectSecondSourceNumber: null,
    latestStatusCodeID: 12,
  },
  {
    projectID: 2989,
    projectName: "Closed Lakeshore",
    projectFirstSourceNumber: null,
    projectSecondSourceNumber: null,
    latestStatusCodeID: 66,
  },
];
const TABLES = {
  vwProjectSearch: PROJECTS,
  vwNoteCategories: [{ id: 105, value: "Project Work" }],
};

async function openNotes(path: string) {
  const app = renderWithApp(<ProjectNotesButton />, { path, tables: TABLES });
  await app.user.click(screen.getByRole("button", { name: "Project Notes" }));
  const dialog = await screen.findByRole("dialog", { name: "Project Notes" });
  return { ...app, dialog, project: within(dialog).getByRole("textbox", { name: "Project" }) };
}

describe("Project Notes opened where the user is", () => {
  it("starts with the open project whose page is on screen, the focus on Charged Time", async () => {
    const { dialog, project, api } = await openNotes("/project/de?id=2988");
    expect((project as HTMLInputElement).value).toBe("2988 · Lakeside Clinic · SRC-77");
    const charged = within(dialog).getByRole("combobox", { name: "Charged Time" });
    await waitFor(() => expect(document.activeElement).toBe(charged));
    expect(api.queries("vwProjectSearch")[0]?.where).toContain("projectID = 2988");
    // Closing it unchanged asks nothing: the project it started with is no edit.
    await screen.findByRole("button", { name: "Cancel" }).then((b) => b.click());
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Project Notes" })).toBeNull());
    expect(screen.queryByRole("dialog", { name: "Unsaved data" })).toBeNull();
  });

  it("starts empty, the focus on Project, elsewhere and over a closed project", async () => {
    for (const path of ["/", "/project/de?id=2989", "/client/de?id=2988"]) {
      const { project, unmount } = await openNotes(path);
      expect((project as HTMLInputElement).value, path).toBe("");
      await waitFor(() => expect(document.activeElement, path).toBe(project));
      unmount();
    }
  });

  it("closes on Escape with the focus in the Project box, as from anywhere in it", async () => {
    const { project, user } = await openNotes("/");
    await waitFor(() => expect(document.activeElement).toBe(project));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Project Notes" })).toBeNull());
  });
});
