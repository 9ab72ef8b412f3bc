import { type Area, searchableColumns } from "@office/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { areaTables, LIST_AREAS, listHeaders, MANY_ROWS, renderListPage } from "./test-support";

/*
 * Lists that remember, for every area's list (docs/decisions.md#lists-that-remember): the
 * search, sort and page live in the address, so an address opens the list as it was; each
 * row's title is a real link to its record, and Ctrl or the middle button open it in a tab.
 */

const LONG = { timeout: 5_000 };
const table = (area: Area) => screen.getByRole("table", { name: area.listTitle });
const dataRows = (area: Area) => within(table(area)).queryAllByRole("row").slice(1);
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

afterEach(() => vi.restoreAllMocks());

describe.each(LIST_AREAS.map((a) => [a.listTitle, a] as const))("the list of %s", (_, area) => {
  it("keeps its search, sort and page in the address", async () => {
    const { user, location, fill } = renderListPage(area, { tables: areaTables(area, MANY_ROWS) });
    await screen.findByText(`${MANY_ROWS} records`);
    await user.click(within(table(area)).getAllByRole("button")[1] as HTMLElement);
    await waitFor(() => expect(params(location().search).sort).toBeDefined());
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(params(location().search).page).toBe("2"));
    // A search starts again at its first page.
    await fill(screen.getByRole("textbox", { name: `Search ${area.listTitle}` }), "a");
    await waitFor(() => expect(params(location().search).q).toBe("a"), LONG);
    expect(params(location().search).page).toBeUndefined();
  });

  it("opens as its address says: searched, sorted and on its page", async () => {
    const column = area.listColumns[1] as string;
    const { api } = renderListPage(area, {
      tables: areaTables(area, MANY_ROWS),
      search: `?sort=-${column}&page=2`,
    });
    await screen.findByText(`${MANY_ROWS} records`);
    await waitFor(() => expect(screen.getByRole("button", { name: "2", current: "page" })).toBeTruthy());
    const header = within(table(area)).getByRole("columnheader", { name: new RegExp(listHeaders(area)[1] ?? "") });
    expect(header.getAttribute("aria-sort")).toBe("descending");
    // The second page: the rows after the first fifty.
    expect(dataRows(area)).toHaveLength(MANY_ROWS - 50);
    expect(api.queries(area.list.name).length).toBeGreaterThan(0);
  });

  it("opens with the search its address holds", async () => {
    const searchable = searchableColumns(area.list)[0] as string;
    const tables = areaTables(area, 12);
    const word = String(tables[area.list.name]?.[6]?.[searchable] ?? "").slice(-6);
    const { api } = renderListPage(area, { tables, search: `?q=${encodeURIComponent(word)}` });
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: `Search ${area.listTitle}` }).value).toBe(word);
    await waitFor(() => expect(api.queries(area.list.name).at(-1)?.where.toLowerCase()).toContain(word.toLowerCase()));
  });

  it("makes each row's title a link to its record, which Ctrl or the middle button open in a tab", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    renderListPage(area);
    await waitFor(() => expect(dataRows(area).length).toBeGreaterThan(0));
    const row = dataRows(area)[0] as HTMLElement;
    const link = within(row)
      .getAllByRole("link")
      .find((a) => /[?&]id=\d+$/.test(a.getAttribute("href") ?? "") && a.getAttribute("tabindex") === "-1");
    expect(link, "the title's link").toBeDefined();
    const href = link?.getAttribute("href") ?? "";
    expect(href.startsWith(`${area.recordPath ?? area.listPath}?`), href).toBe(true);
    fireEvent.click(row, { ctrlKey: true });
    fireEvent(row, new MouseEvent("auxclick", { bubbles: true, button: 1 }));
    expect(opened).toHaveBeenCalledTimes(2);
    for (const [url, target] of opened.mock.calls) {
      expect(String(url)).toBe(new URL(href, window.location.href).href);
      expect(target).toBe("_blank");
    }
  });
});
