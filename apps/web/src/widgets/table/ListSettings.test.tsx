import { searchableColumns, tblReleaseNote } from "@office/core";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_USER } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { tableColumns } from "./columns";
import { SearchableTable } from "./SearchableTable";

/* A page's list keeps the user's columns and saved views (issue 34, lists that remember). */

const COLUMNS = tableColumns(tblReleaseNote, ["releaseNoteID", "releaseNoteVersion", "releaseNoteTitle"]);
const NOTES = [
  { releaseNoteID: 1, releaseNoteVersion: "0.1.0", releaseNoteTitle: "The page shell", releaseNoteDate: "2025-01-01" },
  { releaseNoteID: 2, releaseNoteVersion: "0.2.0", releaseNoteTitle: "Clients", releaseNoteDate: "2025-02-01" },
  { releaseNoteID: 3, releaseNoteVersion: "0.3.0", releaseNoteTitle: "Client lists", releaseNoteDate: "2025-03-01" },
];

function renderList(path = "/notes", user = {}) {
  return renderWithApp(
    <SearchableTable
      label="Release notes"
      table="tblReleaseNote"
      columns={COLUMNS}
      searchColumns={searchableColumns(tblReleaseNote)}
      order="releaseNoteID"
      remember
    />,
    { path, route: "/notes", tables: { tblReleaseNote: NOTES }, user },
  );
}

const headers = () =>
  within(screen.getByRole("table", { name: "Release notes" }))
    .getAllByRole("columnheader")
    .map((h) => h.textContent);

beforeEach(() => localStorage.clear());

describe("a list's columns and views", () => {
  it("hides the columns the user unticks, for them alone, and keeps one at least", async () => {
    const { user, api } = renderList();
    await screen.findByText("3 records");
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(screen.getByRole("checkbox", { name: "Title" }));
    await waitFor(() => expect(headers()).toEqual(["ID", "Version"]));
    await waitFor(() =>
      expect(api.queries("tblReleaseNote").at(-1)?.fields.split(",")).not.toContain("releaseNoteTitle"),
    );
    await user.click(screen.getByRole("checkbox", { name: "ID" }));
    expect(screen.getByRole("checkbox", { name: "Version" })).toHaveProperty("disabled", true);
    cleanup();

    renderList();
    await screen.findByText("3 records");
    expect(headers()).toEqual(["Version"]);
    cleanup();
    // Another user of the browser has their own.
    renderList("/notes", { empID: DEFAULT_USER.empID + 1 });
    await screen.findByText("3 records");
    expect(headers()).toEqual(["ID", "Version", "Title"]);
  });

  it("saves the list's search, sort and columns under a name, and applies it again", async () => {
    const { user, router, location } = renderList("/notes?q=Client&sort=-releaseNoteVersion");
    await screen.findByText("2 records");
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(screen.getByRole("checkbox", { name: "ID" }));
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.type(screen.getByRole("textbox", { name: "Save this view as" }), "Client notes");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(within(screen.getByRole("list", { name: "Saved views" })).getByText("Client notes")).toBeTruthy();

    await act(() => router.navigate("/notes"));
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(screen.getByRole("button", { name: "Show every column" }));
    await screen.findByText("3 records");
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.click(await screen.findByRole("button", { name: "Client notes" }));
    await waitFor(() => expect(location().search).toBe("?q=Client&sort=-releaseNoteVersion"));
    expect(await screen.findByText("2 records")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Search Release notes" })).toHaveProperty("value", "Client");
    expect(headers()).toEqual(["Version", "Title"]);

    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.click(await screen.findByRole("button", { name: "Remove the view Client notes" }));
    expect(await screen.findByText(/No saved view yet/)).toBeTruthy();
  });
});
