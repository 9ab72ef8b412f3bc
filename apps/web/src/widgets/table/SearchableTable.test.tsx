import { type Column, RESOURCES, searchableColumns, tblReleaseNote } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setDevice } from "../../services/device";
import { catchDownloads, sheetRows } from "../../test/downloads";
import { type FakeApi, installFakeApi, rowsOf } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { cellText, type TableColumn, tableColumns } from "./columns";
import { SearchableTable } from "./SearchableTable";

/*
 * The searchable table (spec 2.8, 4, 9): the first page with the total, then the rest; 50-row
 * pages or every row; sorting; a search over the searchable columns after a 500 ms pause;
 * rows opened by click or keyboard; the question before loading more than 20,000 rows.
 */

const COLUMNS = tableColumns(tblReleaseNote, ["releaseNoteID", "releaseNoteVersion", "releaseNoteTitle"]);
const SEARCH = searchableColumns(tblReleaseNote);

const pad = (i: number) => String(i).padStart(2, "0");
const note = (i: number) => ({
  releaseNoteID: i,
  releaseNoteVersion: `bulk-${pad(i)}`,
  releaseNoteDate: "2025-01-01",
  releaseNoteTitle: `Bulk note ${pad(i)}`,
  releaseNoteBody: null,
});
const NOTES = [
  ...rowsOf(60, note),
  { ...note(61), releaseNoteVersion: "0.1.0", releaseNoteTitle: "The page shell" },
  { ...note(62), releaseNoteVersion: "0.2.0", releaseNoteTitle: "Clients" },
  { ...note(63), releaseNoteVersion: "0.3.0", releaseNoteTitle: "Lists" },
];

function renderTable(rows: readonly Record<string, unknown>[] = NOTES, api?: FakeApi) {
  const onRowOpen = vi.fn();
  const rendered = renderWithApp(
    <SearchableTable
      label="Release notes"
      table="tblReleaseNote"
      columns={COLUMNS}
      searchColumns={SEARCH}
      order="releaseNoteID"
      rowFields={["releaseNoteDate"]}
      onRowOpen={onRowOpen}
    />,
    api ? { api } : { tables: { tblReleaseNote: rows } },
  );
  return { ...rendered, onRowOpen };
}

const table = () => screen.getByRole("table", { name: "Release notes" });
/** The rows of the table's body (the header row is not one of them). */
const dataRows = () => within(within(table()).getAllByRole("rowgroup")[1] as HTMLElement).queryAllByRole("row");
const firstCells = () => dataRows().map((row) => within(row).getAllByRole("cell")[1]?.textContent);
const records = (n: string) => screen.findByText(`${n} records`);

beforeEach(() => {
  vi.useFakeTimers();
});

describe("the searchable table", () => {
  it("shows the first 50 rows with the total, then loads the rest, and pages by 50", async () => {
    const { api, user } = renderTable();
    expect(await records("63")).toBeTruthy();
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    // The first page comes first, with the total; then the rest in a second call.
    await waitFor(() => expect(api.queries("tblReleaseNote").map((q) => q.rowLimit)).toEqual([50, 20_000]));
    expect(api.queries("tblReleaseNote")[0]).toMatchObject({
      fields: "releaseNoteID,releaseNoteVersion,releaseNoteTitle,releaseNoteDate",
      where: "",
      order: "releaseNoteID",
    });
    const pages = screen.getByRole("navigation", { name: "Pages" });
    await user.click(await within(pages).findByRole("button", { name: "2" }));
    await waitFor(() => expect(dataRows()).toHaveLength(13));
    expect(firstCells()[0]).toBe("bulk-51");
    await user.click(within(pages).getByRole("button", { name: "Previous page" }));
    await waitFor(() => expect(firstCells()[0]).toBe("bulk-01"));
  });

  it("shows every row, without pages, when asked", async () => {
    const { user } = renderTable();
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    await user.click(screen.getByRole("textbox", { name: "Rows per page" }));
    await user.click(screen.getByRole("option", { name: "All rows" }));
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull());
    expect(table().getAttribute("aria-rowcount")).toBe("64");
  });

  it("sorts by a column both ways", async () => {
    const { user } = renderTable();
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    const version = within(table()).getByRole("columnheader", { name: "Version" });
    expect(version.getAttribute("aria-sort")).toBe("none");
    await user.click(within(version).getByRole("button"));
    expect(version.getAttribute("aria-sort")).toBe("ascending");
    expect(firstCells()[0]).toBe("0.1.0");
    await user.click(within(version).getByRole("button"));
    expect(version.getAttribute("aria-sort")).toBe("descending");
    expect(firstCells()[0]).toBe("bulk-60");
  });

  it("searches the searchable columns on the server, 500 ms after the typing stops, quotes included", async () => {
    const { api, user, advance } = renderTable();
    expect(await records("63")).toBeTruthy();
    const before = api.queries("tblReleaseNote").length;
    const search = screen.getByRole("textbox", { name: "Search Release notes" });
    await user.type(search, "note 07");
    await advance(499);
    expect(api.queries("tblReleaseNote")).toHaveLength(before);
    await advance(1);
    expect(await records("1")).toBeTruthy();
    expect(dataRows()).toHaveLength(1);
    expect(api.queries("tblReleaseNote")[before]?.where).toBe(
      "(releaseNoteVersion LIKE '%note 07%' OR releaseNoteTitle LIKE '%note 07%' OR releaseNoteBody LIKE '%note 07%')",
    );
    await user.clear(search);
    await user.type(search, "it's");
    expect(await records("0")).toBeTruthy();
    expect(dataRows()).toHaveLength(0);
    expect(api.queries("tblReleaseNote").at(-1)?.where).toContain("'%it''s%'");
    expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", true);
    // A search that found nothing says so, with the way back.
    expect(screen.getByText("No results for “it's”")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(search).toHaveProperty("value", "");
    expect(await records("63")).toBeTruthy();
    expect(screen.queryByText(/^No results/)).toBeNull();
  });

  it("opens a row by a click, and from the keyboard: arrows move between rows, Enter or Space opens", async () => {
    const { user, onRowOpen } = renderTable();
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    await user.click(within(table()).getByRole("cell", { name: "Bulk note 03" }));
    expect(onRowOpen).toHaveBeenLastCalledWith({
      releaseNoteID: 3,
      releaseNoteVersion: "bulk-03",
      releaseNoteTitle: "Bulk note 03",
      releaseNoteDate: "2025-01-01",
    });
    const [first, second] = dataRows() as [HTMLElement, HTMLElement];
    first.focus();
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(second);
    await user.keyboard("{Enter}");
    expect(onRowOpen).toHaveBeenLastCalledWith(expect.objectContaining({ releaseNoteID: 2 }));
    await user.keyboard("{ArrowUp} ");
    expect(document.activeElement).toBe(first);
    expect(onRowOpen).toHaveBeenLastCalledWith(expect.objectContaining({ releaseNoteID: 1 }));
    expect(onRowOpen).toHaveBeenCalledTimes(3);
  });

  it("shows that it is loading, and exports only once every row is in", async () => {
    // Held before the table asks: its first call waits.
    const api = installFakeApi({ tblReleaseNote: NOTES });
    const first = api.hang({ table: "tblReleaseNote", where: "" });
    renderTable(NOTES, api);
    expect(await screen.findByLabelText("Loading")).toBeTruthy();
    // Never "0 records" before the answer: grey rows hold the table's place meanwhile.
    expect(screen.getByText("Loading records…")).toBeTruthy();
    expect(screen.queryByText("0 records")).toBeNull();
    expect(screen.getByRole("table", { name: "Release notes" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText(/^No (results|records)/)).toBeNull();
    expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", true);
    const rest = api.hang({ table: "tblReleaseNote" });
    first.release();
    expect(await records("63")).toBeTruthy();
    // The first page is in; the rest is not: no export of half the rows.
    await waitFor(() => expect(rest.waiting).toBe(1));
    expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", true);
    rest.release();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", false),
    );
    expect(screen.queryByLabelText("Loading")).toBeNull();
  });

  it("says a table without rows has none", async () => {
    renderTable([]);
    expect(await records("0")).toBeTruthy();
    expect(screen.getByText("No records yet.")).toBeTruthy();
    expect(dataRows()).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", true);
  });
});

describe("the searchable table on a phone", () => {
  it("shows each row as its name first, its facts beneath with their labels, and opens it with a tap", async () => {
    setDevice("MOBILE");
    const { user, onRowOpen } = renderTable();
    await records("63");
    // No header row to squeeze: each row is one cell that says what each value is.
    expect(within(table()).queryAllByRole("columnheader")).toEqual([]);
    const first = within(within(table()).getByRole("rowgroup")).getAllByRole("row")[0] as HTMLElement;
    const [cell, ...more] = within(first).getAllByRole("cell");
    expect(more).toHaveLength(0);
    const lines = [...(cell as HTMLElement).children].map((line) => line.textContent);
    expect(lines).toEqual(["bulk-01", "Title: Bulk note 01", "ID 1"]);
    await user.click(first);
    expect(onRowOpen).toHaveBeenCalledWith(expect.objectContaining({ releaseNoteID: 1 }));
  });

  // Every list that declares its card: a row of its columns, the card's last, so that "the first
  // ones" would show others; the card shows its title, then its facts in the declared order.
  const CARDS = [...RESOURCES.values()].filter((def) => def.card);
  it.each(CARDS.map((def) => [def.name, def] as const))(
    "%s shows the title and facts its card declares",
    async (_, def) => {
      setDevice("MOBILE");
      const card = def.card as NonNullable<typeof def.card>;
      const named = new Set([card.title, ...card.facts]);
      const rest = Object.keys(def.columns).filter((name) => !named.has(name) && !/ID$/.test(name));
      const shownNames = [...rest.slice(0, 4), ...card.facts, card.title];
      const sample = (name: string, column: Column) => {
        switch (column.field?.kind) {
          case "money":
            return "12.50";
          case "date":
            return "2026-11-20";
          case "datetime":
            return "2026-11-20T09:30:00-05:00";
          case "minutes":
            return 90;
          case "flag":
            return 1;
          case "choice":
            return column.field.options[0]?.value ?? 1;
        }
        return column.type === "integer" ? 7 : `${name} value`;
      };
      const row = Object.fromEntries(Object.entries(def.columns).map(([name, column]) => [name, sample(name, column)]));
      const columns = tableColumns(def as never, shownNames as never);
      renderWithApp(
        <SearchableTable label="List" table={def.name} columns={columns} searchColumns={[]} order={def.key} />,
        { tables: { [def.name]: [row] } },
      );
      const cell = await screen.findByRole("cell");
      const lines = [...cell.children].map((line) => line.textContent ?? "");
      const text = (name: string) => columns.find((c) => c.key === name);
      expect(lines[0]).toBe(cellText(text(card.title) as TableColumn, row));
      expect(lines.slice(1, 1 + card.facts.length)).toEqual(
        card.facts.map((name) => `${text(name)?.label}: ${cellText(text(name) as TableColumn, row)}`),
      );
    },
  );

  it("holds the rows' place with grey cards while it loads, not the desktop's columns", async () => {
    setDevice("MOBILE");
    const api = installFakeApi({ tblReleaseNote: NOTES });
    const first = api.hang({ table: "tblReleaseNote", where: "" });
    renderTable(NOTES, api);
    expect(await screen.findByText("Loading records…")).toBeTruthy();
    const grey = [...table().querySelectorAll('tbody[aria-hidden="true"] tr')];
    expect(grey.length).toBeGreaterThan(0);
    for (const row of grey) expect(row.querySelectorAll("td")).toHaveLength(1);
    first.release();
    expect(await records("63")).toBeTruthy();
  });
});

describe("a search of more than 20,000 records", () => {
  // A where that matches every row, and another that matches a few.
  const MANY = rowsOf(20_001, (i) => ({
    ...note(i),
    releaseNoteTitle: i % 1000 === 0 ? `Drawings ${i}` : `Note ${i}`,
  }));
  const question = () => screen.findByRole("dialog", { name: "Load every record?" });

  it("asks before loading them; No leaves the table empty", async () => {
    const { api, user } = renderTable(MANY);
    const ask = await question();
    expect(ask.textContent).toContain("This search found 20,001 records, more than 20,000.");
    await user.click(within(ask).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Load every record?" })).toBeNull());
    expect(dataRows()).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", true);
    // Only the first page was read: nothing more, and never with continue.
    expect(api.queries("tblReleaseNote").map((q) => [q.rowLimit, q.continue])).toEqual([[50, false]]);
  });

  it("closing the question leaves the table empty too", async () => {
    const { user } = renderTable(MANY);
    await question();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Load every record?" })).toBeNull());
    expect(dataRows()).toHaveLength(0);
  });

  it("Yes loads every record (with continue), 50 to a page", async () => {
    const { api, user } = renderTable(MANY);
    await user.click(within(await question()).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    const pages = screen.getByRole("navigation", { name: "Pages" });
    await waitFor(() =>
      expect(within(pages).getByRole("button", { name: "Next page" })).toHaveProperty("disabled", false),
    );
    expect(api.queries("tblReleaseNote").at(-1)).toMatchObject({ continue: true, rowLimit: undefined });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", false),
    );
  });

  it("a narrower search under the threshold loads without asking", async () => {
    const { user } = renderTable(MANY);
    await user.click(within(await question()).getByRole("button", { name: "No" }));
    await user.type(screen.getByRole("textbox", { name: "Search Release notes" }), "drawings");
    expect(await records("20")).toBeTruthy();
    await waitFor(() => expect(dataRows()).toHaveLength(20));
    expect(screen.queryByRole("dialog", { name: "Load every record?" })).toBeNull();
  });
});

describe("the Excel export of a table", () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it("leaves out the row's key by its name, and keeps a leading date: every column the user sees but the key", async () => {
    const downloads = catchDownloads();
    const shown = tableColumns(tblReleaseNote, ["releaseNoteDate", "releaseNoteVersion", "releaseNoteID"]);
    const { user } = renderWithApp(
      <SearchableTable
        label="Release notes"
        table="tblReleaseNote"
        columns={shown}
        searchColumns={SEARCH}
        order="releaseNoteID"
      />,
      { tables: { tblReleaseNote: NOTES.slice(0, 2) } },
    );
    const exportButton = screen.getByRole("button", { name: "Export to Excel" });
    await waitFor(() => expect(exportButton).toHaveProperty("disabled", false));
    await user.click(exportButton);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(await sheetRows(downloads[0] as Blob)).toEqual([
      ["Date", "Version"],
      [new Date(Date.UTC(2025, 0, 1)), "bulk-01"],
      [new Date(Date.UTC(2025, 0, 1)), "bulk-02"],
    ]);
  });
});
