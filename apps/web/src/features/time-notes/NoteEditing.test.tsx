import { OPERATIONS, PAGES } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FakeApi, installFakeApi, permissionsOf, type Row } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { ProjectTimeNotes } from "../projects/ProjectTimeNotes";
import { LoggedHours } from "./LoggedHours";

/*
 * A time note corrected and removed where it is listed: its author (who may log time) or a
 * supervisor (change or delete on Notes / Time Search) gets Update and Delete, everyone else
 * sees it; a delete offers Undo; the totals on screen follow.
 */

const ME = 5;
const today = new Date().toISOString();
const note = (projectNotesID: number, empID: number, minutes: number, desc: string): Row => ({
  projectNotesID,
  projectID: 41,
  projectName: "Harbor Works",
  empID,
  empName: empID === ME ? "Sam Staff" : "Olive Other",
  projectNoteCategory: 105,
  categoryName: "Project Work",
  ProjectNotesMinutes: minutes,
  ProjectNotesDesc: desc,
  createdTS: today,
});

/** The fake's notes, their table and the views that read it sharing rows, as the database's would. */
function notesApi(rows: Row[]): FakeApi {
  const api = installFakeApi();
  api.user = { ...api.user, empID: ME };
  const stored = api.table("tblProjectNotes", rows);
  api.table("vwNoteCategories", [{ id: 105, value: "Project Work" }]);
  for (const view of ["vwMyProjectNotes", "vwProjectNoteSearch"]) {
    const shown = api.table(view);
    shown.push(...stored.filter((row) => view !== "vwMyProjectNotes" || row.empID === ME));
  }
  // An Undo puts back what was deleted, in the table and its views (a delete takes them from all).
  const written = [...stored];
  api.operation(OPERATIONS.undoDelete, ({ table, keys }) => {
    const back = written.filter((row) => keys.includes(row.projectNotesID as number));
    for (const name of [table, "vwMyProjectNotes", "vwProjectNoteSearch"]) api.table(name).push(...back);
    return { count: back.length };
  });
  return api;
}

const LOG_TIME = permissionsOf({ [PAGES.notes]: ["add"], [PAGES.notesTimeSearch]: ["view"] });

describe("a time note opened from the hours tables", () => {
  it("is corrected by its author, and the totals follow", async () => {
    const api = notesApi([note(1, ME, 60, "Survey"), note(2, ME, 30, "Call")]);
    const { user } = renderWithApp(<LoggedHours />, { api, permissions: LOG_TIME, config: { timeZone: "UTC" } });
    const hours = await screen.findByRole("button", { name: "Logged hours: Today 01:30 · Week 01:30" });
    await user.click(hours);
    const [first] = await screen.findAllByRole("button", { name: "Open the note: 01:00 on Harbor Works" });
    await user.click(first as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Time Note" });
    expect(within(dialog).queryByRole("button", { name: "Insert" })).toBeNull();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Charged Time" }), "2:00");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Time Note" })).toBeNull());
    const [update] = api.callsTo("/API/Update/", "PUT");
    expect(update?.body).toMatchObject({
      table: "tblProjectNotes",
      where: "projectNotesID = 1",
      fields: { ProjectNotesMinutes: 120 },
    });
    await screen.findByRole("button", { name: "Logged hours: Today 02:30 · Week 02:30" });
  });

  it("is removed by its author with Undo, which puts it back, the totals following each time", async () => {
    const api = notesApi([note(1, ME, 60, "Survey"), note(2, ME, 30, "Call")]);
    const { user } = renderWithApp(<LoggedHours />, { api, permissions: LOG_TIME, config: { timeZone: "UTC" } });
    await user.click(await screen.findByRole("button", { name: "Logged hours: Today 01:30 · Week 01:30" }));
    const [call] = await screen.findAllByRole("button", { name: "Open the note: 00:30 on Harbor Works" });
    await user.click(call as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Time Note" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this time note?" });
    expect(question.textContent).toContain("“00:30 on Harbor Works” will be deleted.");
    await user.click(within(question).getByRole("button", { name: "Delete" }));

    await screen.findByRole("button", { name: "Logged hours: Today 01:00 · Week 01:00" });
    expect(api.callsTo("/API/Delete/", "POST")[0]?.body).toEqual({
      table: "tblProjectNotes",
      where: "projectNotesID = 2",
    });
    await screen.findByText("Record deleted successfully!");
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("The deleted record is back.");
    expect(api.callsTo("/API/Undo/", "POST")[0]?.body).toEqual({ table: "tblProjectNotes", keys: [2] });
    await screen.findByRole("button", { name: "Logged hours: Today 01:30 · Week 01:30" });
  });
});

describe("a time note opened from a project's time notes", () => {
  const rows = () => [note(1, ME, 60, "Mine"), note(2, 9, 45, "A colleague's")];

  it("shows a colleague's note to its reader, with neither Update nor Delete", async () => {
    const api = notesApi(rows());
    const { user } = renderWithApp(<ProjectTimeNotes projectID={41} />, { api, permissions: LOG_TIME });
    const table = await screen.findByRole("table", { name: "Project time notes" });
    await user.click(await within(table).findByText("A colleague's"));
    const dialog = await screen.findByRole("dialog", { name: "Time Note" });
    expect(within(dialog).queryByRole("button", { name: "Update" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
    // Its values as text, not inputs that look as if they could be changed.
    expect(within(dialog).queryByRole("combobox", { name: "Charged Time" })).toBeNull();
    expect(within(dialog).getByText("00:45")).toBeTruthy();
    expect(within(dialog).getByText("41 · Harbor Works")).toBeTruthy();
  });

  it("lets a supervisor with change on Notes / Time Search correct it, and not delete it", async () => {
    const api = notesApi(rows());
    const permissions = permissionsOf({ [PAGES.notesTimeSearch]: ["view", "change"] });
    const { user } = renderWithApp(<ProjectTimeNotes projectID={41} />, { api, permissions });
    const table = await screen.findByRole("table", { name: "Project time notes" });
    await user.click(await within(table).findByText("A colleague's"));
    const dialog = await screen.findByRole("dialog", { name: "Time Note" });
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
    await user.clear(within(dialog).getByRole("textbox", { name: "Note" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Note" }), "Corrected");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await within(table).findByText("Corrected");
    expect(api.callsTo("/API/Update/", "PUT")[0]?.body).toMatchObject({ where: "projectNotesID = 2" });
  });
});
