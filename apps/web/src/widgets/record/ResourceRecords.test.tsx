import { PAGES, recordForm, tblReleaseNote } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { permissionsOf } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { ResourceRecords } from "./ResourceRecords";
import { UNSAVED_QUESTION } from "./UnsavedQuestion";

/*
 * A resource's records as a page (the release notes' table view): the record dialog over the
 * form, its rules' messages, the writes with their toasts, the question before a delete and
 * before closing with unsaved data, and what a user without the rights gets.
 */

const NOTES = [
  {
    releaseNoteID: 1,
    releaseNoteVersion: "0.1.0",
    releaseNoteDate: "2025-01-10",
    releaseNoteTitle: "The page shell",
    releaseNoteBody: "Header and menus.",
  },
  {
    releaseNoteID: 2,
    releaseNoteVersion: "0.2.0",
    releaseNoteDate: "2025-02-10",
    releaseNoteTitle: "Clients",
    releaseNoteBody: null,
  },
];

// Administrators (page 40) write release notes; anyone with permission rows reads them.
const STAFF = permissionsOf({ [PAGES.home]: ["view"] });

const FIELDS = ["releaseNoteVersion", "releaseNoteDate", "releaseNoteTitle", "releaseNoteBody"] as const;
const PROPS = {
  form: recordForm(tblReleaseNote, [...FIELDS]),
  columns: ["releaseNoteID", ...FIELDS],
  order: "releaseNoteDate DESC, releaseNoteID DESC",
  newLabel: "New release note",
  recordTitle: "Release note",
  noun: "release note",
};

function renderNotes(permissions?: ReturnType<typeof permissionsOf>) {
  return renderWithApp(<ResourceRecords resource={tblReleaseNote} label="Release notes" {...PROPS} />, {
    tables: { tblReleaseNote: NOTES },
    ...(permissions ? { permissions } : {}),
  });
}

const table = () => screen.getByRole("table", { name: "Release notes" });
const dialog = (name: string) => screen.getByRole("dialog", { name });
const field = (scope: HTMLElement, name: string) => within(scope).getByRole("textbox", { name });
const toast = (text: string) => screen.findByText(text, { selector: "[role=alert] *" });

async function openNew(user: ReturnType<typeof renderNotes>["user"]) {
  await user.click(await screen.findByRole("button", { name: "New release note" }));
  return dialog("New release note");
}

async function openRow(user: ReturnType<typeof renderNotes>["user"], title: string) {
  await user.click(await within(table()).findByRole("cell", { name: title }));
  return dialog("Release note");
}

describe("a new record", () => {
  it("inserts only a valid form, and shows each rule's message on its field", async () => {
    const { api, user, fill } = renderNotes();
    const add = await openNew(user);
    expect(within(add).getByRole("button", { name: "Cancel" })).toBeTruthy();
    await user.click(within(add).getByRole("button", { name: "Insert" }));
    expect(within(add).getByText("Version is required")).toBeTruthy();
    expect(within(add).getByText("Date is required")).toBeTruthy();
    expect(within(add).getByText("Title is required")).toBeTruthy();
    await fill(field(add, "Date"), "02/30/2026");
    expect(within(add).getByText("Date is not `Date` format")).toBeTruthy();
    await fill(field(add, "Version"), "x".repeat(21));
    expect(within(add).getByText("Version must have at most 20 characters")).toBeTruthy();
    expect(api.callsTo("/API/Insert/")).toEqual([]);
    expect(dialog("New release note")).toBeTruthy();
  });

  it("inserts a valid form with the spec's toast, closes, and lists the new record", async () => {
    const { api, user, fill } = renderNotes();
    const add = await openNew(user);
    await fill(field(add, "Version"), "9.0.0");
    await fill(field(add, "Date"), "12/01/2026");
    await fill(field(add, "Title"), "Quarterly close");
    await fill(field(add, "Notes"), "Ledger export added.");
    await user.click(within(add).getByRole("button", { name: "Insert" }));
    expect(await toast("Record inserted successfully!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New release note" })).toBeNull());
    expect(await within(table()).findByRole("cell", { name: "Quarterly close" })).toBeTruthy();
    expect(api.callsTo("/API/Insert/")[0]?.body).toEqual({
      table: "tblReleaseNote",
      fields: {
        releaseNoteVersion: "9.0.0",
        releaseNoteDate: "2026-12-01",
        releaseNoteTitle: "Quarterly close",
        releaseNoteBody: "Ledger export added.",
      },
    });
  });

  it("keeps a failed insert's 'Failed Insert' toast, a 500 included, and the dialog stays", async () => {
    const { api, user, fill, failure } = renderNotes();
    api.fail({ path: "/API/Insert/" }, { status: 500, message: "An unexpected error occurred." });
    const add = await openNew(user);
    await fill(field(add, "Version"), "9.9.8");
    await fill(field(add, "Date"), "12/01/2026");
    await fill(field(add, "Title"), "Refused by the server");
    await user.click(within(add).getByRole("button", { name: "Insert" }));
    const failed = await screen.findByRole("alert");
    expect(failed.textContent).toContain("Failed Insert");
    expect(failed.textContent).toContain("Record insert is Failed!");
    expect(dialog("New release note")).toBeTruthy();
    expect(failure()).toBeNull();
    expect(screen.queryByRole("heading", { name: /Error/ })).toBeNull();
  });

  it("puts the server's field errors on their fields", async () => {
    const { api, user, fill } = renderNotes();
    api.fail(
      { path: "/API/Insert/" },
      { status: 400, message: "Invalid fields", fieldErrors: { releaseNoteVersion: "Version is already taken" } },
    );
    const add = await openNew(user);
    await fill(field(add, "Version"), "0.1.0");
    await fill(field(add, "Date"), "12/01/2026");
    await fill(field(add, "Title"), "Again");
    await user.click(within(add).getByRole("button", { name: "Insert" }));
    expect(await within(add).findByText("Version is already taken")).toBeTruthy();
    expect(field(add, "Version").getAttribute("aria-invalid")).toBe("true");
    // Typing in the field takes its message away.
    await user.type(field(add, "Version"), "1");
    expect(within(add).queryByText("Version is already taken")).toBeNull();
  });

  it("a write refused for an ended session (401) goes to the session's countdown, not the Failed toast", async () => {
    const { api, user, fill, failure } = renderNotes();
    api.fail({ path: "/API/Insert/" }, { status: 401, message: "Unauthorized" });
    const add = await openNew(user);
    await fill(field(add, "Version"), "9.0.1");
    await fill(field(add, "Date"), "12/01/2026");
    await fill(field(add, "Title"), "Too late");
    await user.click(within(add).getByRole("button", { name: "Insert" }));
    await waitFor(() => expect(failure()?.statusCode).toBe(401));
    expect(screen.queryByText("Failed Insert")).toBeNull();
  });
});

describe("closing with unsaved data", () => {
  it("asks first: No keeps what was typed, Yes closes", async () => {
    const { user, fill } = renderNotes();
    const add = await openNew(user);
    await fill(field(add, "Title"), "Half written");
    await user.click(within(add).getByRole("button", { name: "Cancel" }));
    const question = screen.getByRole("dialog", { name: "Unsaved data" });
    expect(within(question).getByText(UNSAVED_QUESTION)).toBeTruthy();
    expect(UNSAVED_QUESTION).toBe("You have unsaved data, Are you sure to close the panel?");
    await user.click(within(question).getByRole("button", { name: "No" }));
    expect(screen.queryByRole("dialog", { name: "Unsaved data" })).toBeNull();
    expect(field(dialog("New release note"), "Title")).toHaveProperty("value", "Half written");
    // The close button asks too.
    await user.click(within(dialog("New release note")).getByRole("button", { name: "Close" }));
    await user.click(within(screen.getByRole("dialog", { name: "Unsaved data" })).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New release note" })).toBeNull());
  });

  it("closes at once when nothing was changed, Escape included", async () => {
    const { user } = renderNotes();
    await openNew(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New release note" })).toBeNull());
    expect(screen.queryByText(UNSAVED_QUESTION)).toBeNull();
    const edit = await openRow(user, "Clients");
    await user.click(within(edit).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Release note" })).toBeNull());
    expect(screen.queryByText(UNSAVED_QUESTION)).toBeNull();
  });
});

describe("an existing record", () => {
  it("opens with its values, and updates with the spec's toast", async () => {
    const { api, user, fill } = renderNotes();
    const edit = await openRow(user, "The page shell");
    expect(field(edit, "Date")).toHaveProperty("value", "01/10/2025");
    await user.clear(field(edit, "Title"));
    await fill(field(edit, "Title"), "The shell, revised");
    await user.click(within(edit).getByRole("button", { name: "Update" }));
    expect(await toast("Record updated successfully!")).toBeTruthy();
    expect(await within(table()).findByRole("cell", { name: "The shell, revised" })).toBeTruthy();
    expect(api.callsTo("/API/Update/", "PUT")[0]?.body).toMatchObject({
      table: "tblReleaseNote",
      where: "releaseNoteID = 1",
      fields: { releaseNoteTitle: "The shell, revised" },
    });
  });

  it("deletes only after the question: Cancel keeps it, Delete removes it with the spec's toast", async () => {
    const { api, user } = renderNotes();
    const edit = await openRow(user, "The page shell");
    await user.click(within(edit).getByRole("button", { name: "Delete" }));
    const confirm = screen.getByRole("dialog", { name: "Delete this release note?" });
    expect(confirm.textContent).toContain("The release note will be deleted. A copy is kept in the audit trail.");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Delete this release note?" })).toBeNull();
    expect(api.callsTo("/API/Delete/")).toEqual([]);

    await user.click(within(dialog("Release note")).getByRole("button", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete this release note?" })).getByRole("button", { name: "Delete" }),
    );
    expect(await toast("Record deleted successfully!")).toBeTruthy();
    await waitFor(() => expect(within(table()).queryByRole("cell", { name: "The page shell" })).toBeNull());
    expect(api.callsTo("/API/Delete/")[0]?.body).toEqual({ table: "tblReleaseNote", where: "releaseNoteID = 1" });
    expect(screen.queryByRole("dialog", { name: "Release note" })).toBeNull();
  });

  it("a failed delete is the 'Failed Delete' toast, and the record stays open", async () => {
    const { api, user } = renderNotes();
    api.fail({ path: "/API/Delete/" }, { status: 409, message: "The record is in use." });
    const edit = await openRow(user, "The page shell");
    await user.click(within(edit).getByRole("button", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this release note?" });
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    const failed = await screen.findByRole("alert");
    expect(failed.textContent).toContain("Record delete is Failed!");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete this release note?" })).toBeNull());
    expect(dialog("Release note")).toBeTruthy();
  });
});

describe("a user who may only read", () => {
  it("reads the records but gets no button to add, change or delete, and read-only fields", async () => {
    const { user } = renderNotes(STAFF);
    expect(await within(table()).findByRole("cell", { name: "The page shell" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New release note" })).toBeNull();
    const view = await openRow(user, "The page shell");
    expect(within(view).queryAllByRole("textbox")).toEqual([]);
    const title = within(view).getByText("Title", { selector: "dt" });
    expect(title.nextElementSibling?.textContent).toBe("The page shell");
    expect(within(view).queryByRole("button", { name: "Update" })).toBeNull();
    expect(within(view).queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
