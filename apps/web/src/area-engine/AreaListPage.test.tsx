import {
  type Area,
  type Column,
  findRoute,
  OPERATIONS,
  recordHref,
  recordName,
  recordTarget,
  searchableColumns,
} from "@office/core";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { permissionsOf } from "../test/fake-api";
import {
  areaTables,
  DIALOG_AREAS,
  fieldLabel,
  fieldOf,
  isReadOnly,
  LIST_AREAS,
  listHeaders,
  MANY_ROWS,
  plainValues,
  ROWS,
  renderListPage,
  requiredMessages,
  typedText,
  USERS,
  valueCells,
  valueHeaders,
} from "./test-support";

/*
 * An area's list (/…/all), for every area that has one: the table of its list view with its
 * declared columns, the search box over its searchable columns, a row opening its record (its
 * page, or its dialog with the record's children), and "New …" only for those who may add.
 * What e2e/tests/directory-areas, employees, clients, vendors and projects checked area by
 * area in the browser, here once for every area.
 */

// A search waits for the 500 ms pause after typing: past findBy's default second on a busy machine.
const LONG = { timeout: 5_000 };

const table = (area: Area) => screen.getByRole("table", { name: area.listTitle });
const dataRows = (area: Area) => within(table(area)).queryAllByRole("row").slice(1);
const cellsOf = (row: HTMLElement | undefined) => valueCells(row as HTMLElement).map((c) => c.textContent);

/** The record a row shows: the one whose plain (unformatted) columns have the row's texts. */
function rowShown(area: Area, rows: readonly Record<string, unknown>[], cells: readonly (string | null)[]) {
  const plain = area.listColumns.flatMap((name, i) => (area.list.columns[name]?.field ? [] : [[name, i] as const]));
  const found = rows.filter((row) => plain.every(([name, i]) => String(row[name] ?? "") === cells[i]));
  expect(found).toHaveLength(1);
  return found[0] as Record<string, unknown>;
}

const byTitle = (areas: readonly Area[]) => areas.map((area) => [area.listTitle, area] as const);

describe.each(byTitle(LIST_AREAS))("the list of %s", (_, area) => {
  it("offers administrators its records deleted and not back, each restored from there; nobody else", async () => {
    const { api, user } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    const image = { ...api.table(area.list.name)[0] };
    const key = image[area.resource.key];
    const name = recordName(area, image, key);
    api.operation(OPERATIONS.deletedRecords, ({ table }) => ({
      data:
        table === area.resource.name
          ? [
              {
                auditID: 91,
                empID: 2,
                action: "delete" as const,
                tableName: table,
                recordKey: String(key),
                before: image,
                after: null,
                createdTS: new Date(Date.now() - 2 * 3_600_000).toISOString(),
                byName: "Sam Taylor",
              },
            ]
          : [],
    }));
    api.operation(OPERATIONS.restoreDeleted, ({ auditID }) => ({ id: auditID === 91 ? Number(key) : 0 }));
    await user.click(screen.getByRole("button", { name: "Deleted" }));
    const dialog = await screen.findByRole("dialog", { name: `Deleted ${area.listTitle.toLowerCase()}` });
    expect(await within(dialog).findByText(name)).toBeTruthy();
    expect(within(dialog).getByText("Deleted by Sam Taylor, 2 h ago")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: `Restore ${name}` }));
    expect(await within(dialog).findByText("Restored.")).toBeTruthy();
    expect(api.callsTo(OPERATIONS.restoreDeleted.path)[0]?.body).toEqual({ auditID: 91 });
    const target = recordTarget(area.resource.name);
    if (target) {
      expect(
        within(dialog)
          .getByRole("link", { name: new RegExp(`^Open ${area.recordTitle.toLowerCase()}`) })
          .getAttribute("href"),
      ).toBe(recordHref(target, Number(key)));
    }
    cleanup();
    // Every flag of the area's page, but no view on the administrator's.
    renderListPage(area, { permissions: permissionsOf({ [area.page]: "all" }) });
    await screen.findByText(`${ROWS} records`);
    expect(screen.queryByRole("button", { name: "Deleted" })).toBeNull();
  });

  it("shows the list view's rows under the declared headers, in its order, 50 to a page, with the total", async () => {
    const { api } = renderListPage(area, { tables: areaTables(area, MANY_ROWS) });
    expect(await screen.findByText(`${MANY_ROWS} records`)).toBeTruthy();
    const headers = valueHeaders(table(area)).map((h) => h.textContent);
    expect(headers).toEqual(listHeaders(area));
    await waitFor(() => expect(dataRows(area)).toHaveLength(50));
    const [query] = api.queries(area.list.name);
    expect(query?.order).toBe(area.order);
    expect(query?.fields.split(",")).toEqual(expect.arrayContaining([...area.listColumns]));
    // Each row shows a record's values, column by column.
    const cells = cellsOf(dataRows(area)[0]);
    const shown = rowShown(area, api.table(area.list.name), cells);
    area.listColumns.forEach((name, i) => {
      const column = area.list.columns[name] as Column;
      if (!column.field) expect(cells[i], name).toBe(String(shown[name] ?? ""));
    });
  });

  it("searches its searchable columns for what is typed in its search box", async () => {
    const { api, fill } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    const searchable = searchableColumns(area.list);
    expect(searchable.length).toBeGreaterThan(0);
    // The end of row 7's value in the first searchable column ("…Garnetg7x"): no other row's.
    const column = searchable[0] as string;
    const fragment = String(api.table(area.list.name)[6]?.[column] ?? "").slice(-6);
    await fill(screen.getByRole("textbox", { name: `Search ${area.listTitle}` }), fragment.toUpperCase());
    const matching = api.table(area.list.name).filter((row) =>
      searchable.some((c) =>
        String(row[c] ?? "")
          .toLowerCase()
          .includes(fragment.toLowerCase()),
      ),
    );
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(ROWS);
    expect(await screen.findByText(`${matching.length} records`, {}, LONG)).toBeTruthy();
    expect(dataRows(area)).toHaveLength(matching.length);
    const where = api.queries(area.list.name).at(-1)?.where ?? "";
    for (const c of searchable) expect(where).toContain(`${c} LIKE '%${fragment.toUpperCase()}%'`);
  });

  it("says it is loading, then that it found none; a failed read is the shell's toast", async () => {
    const tables = areaTables(area);
    tables[area.list.name] = [];
    const { api, fill } = renderListPage(area, { tables });
    const held = api.hang({ table: area.list.name });
    // The first read is held: the search box shows the table loading.
    expect(await within(table(area)).findAllByRole("row")).toHaveLength(1);
    expect(screen.getByLabelText("Loading")).toBeTruthy();
    held.release();
    expect(await screen.findByText("0 records")).toBeTruthy();
    expect(dataRows(area)).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Export to Excel" })).toHaveProperty("disabled", true);
    api.fail({ table: area.list.name }, { status: 500, message: "The list could not be read." });
    await fill(screen.getByRole("textbox", { name: `Search ${area.listTitle}` }), "x");
    expect(await screen.findByText("The list could not be read.", {}, LONG)).toBeTruthy();
    expect(screen.getByText("Application Error")).toBeTruthy();
  });
});

describe.each(byTitle(LIST_AREAS.filter((a) => a.recordPath)))("the list of %s, with a record page", (_, area) => {
  it("deletes rows chosen together, after a question that says how many; without delete, none is chosen", async () => {
    const { api, user } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    const title = area.listColumns.find((name) => !/ID$/.test(name)) as string;
    const [first, second] = api.table(area.list.name);
    const named = (row: Record<string, unknown> | undefined) => `Select ${String(row?.[title])}`;
    await user.click(await screen.findByRole("checkbox", { name: named(first) }));
    await user.click(screen.getByRole("checkbox", { name: named(second) }));
    const bar = screen.getByRole("toolbar", { name: "Rows chosen" });
    expect(within(bar).getByText("2 selected")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Select every row shown" })).toHaveProperty("indeterminate", true);
    await user.click(within(bar).getByRole("button", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: `Delete 2 ${area.listTitle.toLowerCase()}?` });
    await user.click(within(question).getByRole("button", { name: `Delete 2 ${area.listTitle.toLowerCase()}` }));
    const key = area.resource.key;
    await waitFor(() =>
      expect(api.callsTo("/API/Delete/")[0]?.body).toEqual({
        table: area.resource.name,
        where: `${key} IN (${first?.[key]}, ${second?.[key]})`,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "Rows chosen" })).toBeNull());
    cleanup();

    renderListPage(area, { permissions: USERS.viewer(area) });
    await screen.findByText(`${ROWS} records`);
    expect(screen.queryByRole("checkbox", { name: "Select every row shown" })).toBeNull();
  });

  it("opens a row's record page by its key, and offers New to those who may add", async () => {
    const { api, user, location } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    const link = screen.getByRole("link", { name: area.newLabel });
    expect(link.getAttribute("href")).toBe(area.recordPath);
    const third = dataRows(area)[2] as HTMLElement;
    const cells = cellsOf(third);
    await user.click(third);
    expect(await screen.findByText(`Page ${area.recordPath}`)).toBeTruthy();
    expect(location().search).toMatch(/^\?id=\d+$/);
    // The record of the row clicked, whether or not the list shows its key (a card's shows none).
    const opened = api
      .table(area.list.name)
      .find((row) => String(row[area.resource.key]) === location().search.slice(4));
    const named = area.listColumns.find((name) => !area.list.columns[name]?.field) as string;
    expect(cells).toContain(String(opened?.[named]));
  });

  it("links the pages that go with it, each only for a user who may open it", async () => {
    const related = area.related ?? [];
    renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    for (const { path, label } of related) {
      expect(screen.getByRole("link", { name: label }).getAttribute("href")).toBe(path);
    }
    cleanup();
    // A user with no page but the list's own sees only the links to pages of that page.
    renderListPage(area, { permissions: permissionsOf({ [area.page]: ["view"] }) });
    await screen.findByText(`${ROWS} records`);
    for (const { path, label } of related) {
      const route = findRoute(path);
      const opens = route?.page === area.page;
      expect(screen.queryByRole("link", { name: label }) !== null, label).toBe(opens);
    }
  });

  it("is read but offers no New to a user who may only view", async () => {
    renderListPage(area, { permissions: USERS.viewer(area) });
    await screen.findByText(`${ROWS} records`);
    await waitFor(() => expect(dataRows(area)).toHaveLength(ROWS));
    expect(screen.queryByRole("link", { name: area.newLabel })).toBeNull();
  });
});

describe.each(byTitle(DIALOG_AREAS))("the list of %s, edited in a dialog", (_, area) => {
  /** Opens the first row's record: its dialog, and the record it shows. */
  const openRecord = async (render: ReturnType<typeof renderListPage>) => {
    await screen.findByText(`${ROWS} records`);
    const first = dataRows(area)[0] as HTMLElement;
    const row = rowShown(area, render.api.table(area.list.name), cellsOf(first));
    await render.user.click(first);
    return { dialog: await screen.findByRole("dialog", { name: area.recordTitle }), row };
  };

  it("adds a record in the New dialog only once its required fields are filled", async () => {
    const { api, user } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    await user.click(screen.getByRole("button", { name: area.newLabel }));
    const dialog = await screen.findByRole("dialog", { name: area.newLabel });
    await user.click(within(dialog).getByRole("button", { name: "Insert" }));
    const messages = requiredMessages(area.form);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(within(dialog).getByText(message)).toBeTruthy();
    expect(api.callsTo("/API/Insert/")).toEqual([]);
  });

  it("opens a row in its dialog with the record's fields, section by section, and its children", async () => {
    const render = renderListPage(area);
    const { dialog, row } = await openRecord(render);
    const key = row[area.resource.key];
    for (const name of area.form.names) {
      const column = area.resource.columns[name] as Column;
      const field = fieldOf(dialog, column, fieldLabel(area, name));
      const text = typedText(column, row[name]);
      if (text !== undefined) expect((field as HTMLInputElement).value, name).toBe(text);
      expect(isReadOnly(field), name).toBe(false);
    }
    for (const button of ["Update", "Delete"])
      expect(within(dialog).getByRole("button", { name: button })).toBeTruthy();
    for (const child of area.children) {
      const section = within(dialog).getByRole("region", { name: child.title });
      // Under the dialog's title (an h2), a level below it.
      expect(within(section).getByRole("heading", { name: child.title, level: 3 })).toBeTruthy();
      const list = child.list ?? child.resource;
      const theirs = render.api.table(list.name).filter((r) => r[child.foreignKey] === key);
      expect(theirs.length).toBeGreaterThan(0);
      expect(await within(section).findByText(`${theirs.length} records`)).toBeTruthy();
      expect(render.api.queries(list.name).at(-1)?.where).toContain(`${child.foreignKey} = ${key}`);
    }
  });

  it("shows a user who may only view every field as a plain value, without New, Insert, Update or Delete", async () => {
    const render = renderListPage(area, { permissions: USERS.viewer(area) });
    const { dialog, row } = await openRecord(render);
    expect(screen.queryByRole("button", { name: area.newLabel })).toBeNull();
    const record = render.api.table(area.resource.name).find((r) => r[area.resource.key] === row[area.resource.key]);
    const shown = plainValues(dialog);
    expect(Object.keys(shown)).toEqual(area.form.names.map((name) => fieldLabel(area, name)));
    for (const name of area.form.names) {
      const typed = typedText(area.resource.columns[name] as Column, record?.[name]);
      if (typed !== undefined) expect(shown[fieldLabel(area, name)], name).toBe(typed || "—");
    }
    for (const button of ["Insert", "Update", "Delete"]) {
      expect(within(dialog).queryByRole("button", { name: button }), button).toBeNull();
    }
  });
});
