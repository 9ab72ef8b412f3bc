import {
  type Area,
  type Column,
  displayText,
  isStatus,
  PAGE_IDS,
  type PageId,
  recordHref,
  recordTarget,
  statusTone,
} from "@office/core";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { permissionsOf } from "../test/fake-api";
import { TONE_COLORS } from "../widgets/StatusPill";
import {
  DIALOG_AREAS,
  fieldLabel,
  LIST_AREAS,
  RECORD_AREAS,
  ROWS,
  renderListPage,
  renderRecordPage,
  USERS,
  valueCells,
} from "./test-support";

/*
 * Records that link, for every area by its declaration (docs/decisions.md#records-that-link): a
 * list's name of another record is a link to it for a user who may view that record's page and
 * text for one who may not; a record's reference field leads to its record; a status is a pill
 * of its tone; a record edited in a dialog opens from the address.
 */

const table = (area: Area) => screen.getByRole("table", { name: area.listTitle });
const dataRows = (area: Area) => within(table(area)).queryAllByRole("row").slice(1);

/** Every page viewable, but for one: what a user sees of a link to that page's records. */
const allViewBut = (page: PageId) =>
  permissionsOf(Object.fromEntries(PAGE_IDS.filter((p) => p !== page).map((p) => [p, ["view"] as const])));

/** The list columns of an area that name another record, with where they lead. */
const linkedColumns = (area: Area) =>
  area.listColumns.flatMap((name, index) => {
    const names = area.list.columns[name]?.names;
    const target = names && recordTarget(names.table);
    return names && target ? [{ name, index, key: names.key, target }] : [];
  });

const withLinks = LIST_AREAS.filter((area) => linkedColumns(area).length > 0);

describe.each(withLinks.map((a) => [a.listTitle, a] as const))("the list of %s", (_, area) => {
  it("links each name of another record to that record", async () => {
    const { api } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    const rows = api.table(area.list.name);
    for (const { name, index, key, target } of linkedColumns(area)) {
      const cell = valueCells(dataRows(area)[0] as HTMLElement)[index] as HTMLElement;
      const link = within(cell).getByRole("link");
      const row = rows.find((r) => String(r[name]) === link.textContent);
      expect(row, name).toBeDefined();
      expect(link.getAttribute("href"), name).toBe(recordHref(target, row?.[key]));
    }
  });

  it("shows the name as text to a user who may not view that record's page", async () => {
    const columns = linkedColumns(area).filter((c) => c.target.page !== area.page);
    const page = columns[0]?.target.page;
    if (page === undefined) return;
    renderListPage(area, { permissions: allViewBut(page) });
    await screen.findByText(`${ROWS} records`);
    for (const { name, index, target } of columns.filter((c) => c.target.page === page)) {
      const cell = valueCells(dataRows(area)[0] as HTMLElement)[index] as HTMLElement;
      expect(cell.textContent, name).not.toBe("");
      expect(within(cell).queryByRole("link"), `${name} → ${target.path}`).toBeNull();
    }
  });
});

/** The list columns of an area that are statuses. */
const statusColumns = (area: Area) =>
  area.listColumns.flatMap((name, index) => {
    const column = area.list.columns[name] as Column;
    return isStatus(column) ? [{ name, index, column }] : [];
  });

describe.each(LIST_AREAS.filter((a) => statusColumns(a).length > 0).map((a) => [a.listTitle, a] as const))(
  "the statuses of %s",
  (_, area) => {
    it("are pills coloured by their declared tone", async () => {
      const { api } = renderListPage(area);
      await screen.findByText(`${ROWS} records`);
      const rows = api.table(area.list.name);
      let toned = 0;
      for (const tr of dataRows(area)) {
        const cells = valueCells(tr);
        for (const { name, index, column } of statusColumns(area)) {
          const cell = cells[index] as HTMLElement;
          const pill = cell.querySelector(".mantine-Badge-root");
          // The record the pill shows: the one whose status reads as the pill does.
          const row = rows.find((r) => displayText(column, r[name]) === pill?.textContent);
          const tone = row ? statusTone(column, row[name], row) : undefined;
          if (!pill || !tone) continue;
          const [color, shade] = TONE_COLORS[tone].split(".");
          expect(pill.getAttribute("style"), name).toContain(`var(--mantine-color-${color}-${shade})`);
          toned += 1;
        }
      }
      expect(toned).toBeGreaterThan(0);
    });
  },
);

/** The reference fields of an area's form that lead to a record. */
const referenceFields = (area: Area) =>
  area.form.names.flatMap((name) => {
    const field = area.resource.columns[name]?.field;
    const target = field?.kind === "reference" ? recordTarget(field.reference.table) : undefined;
    return target ? [{ name, target }] : [];
  });

describe.each(RECORD_AREAS.filter((a) => referenceFields(a).length > 0).map((a) => [a.recordTitle, a] as const))(
  "the record page of a %s",
  (_, area) => {
    it("offers the way to each record a field names beside its box", async () => {
      const { api } = renderRecordPage(area, { search: "?id=2" });
      const record = api.table(area.resource.name).find((r) => r[area.resource.key] === 2);
      for (const { name, target } of referenceFields(area)) {
        const label = fieldLabel(area, name).toLowerCase();
        const open = await screen.findByRole("link", { name: `Open the ${label}` });
        expect(open.getAttribute("href")).toBe(recordHref(target, record?.[name]));
      }
    });

    it("links a read-only record's reference to its record", async () => {
      const { api, unmount } = renderRecordPage(area, { search: "?id=2", permissions: USERS.viewer(area) });
      const record = api.table(area.resource.name).find((r) => r[area.resource.key] === 2);
      for (const { name, target } of referenceFields(area)) {
        const href = recordHref(target, record?.[name]);
        await waitFor(() =>
          expect(
            screen.getAllByRole("link").map((l) => l.getAttribute("href")),
            name,
          ).toContain(href),
        );
      }
      unmount();
    });
  },
);

describe.each(DIALOG_AREAS.map((a) => [a.listTitle, a] as const))("the list of %s, edited in a dialog", (_, area) => {
  it("opens the record the address names, and drops it from the address when closed", async () => {
    const { api, user, location } = renderListPage(area, { search: "?id=3" });
    const dialog = await screen.findByRole("dialog", { name: area.recordTitle });
    const record = api.table(area.resource.name).find((r) => r[area.resource.key] === 3);
    const first = area.form.names.find((n) => typeof record?.[n] === "string") as string;
    expect(within(dialog).getByDisplayValue(String(record?.[first]))).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(location().search).toBe(""));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("puts a row opened into the address, so that the link shares it", async () => {
    const { user, location } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    await user.click(dataRows(area)[0] as HTMLElement);
    await screen.findByRole("dialog", { name: area.recordTitle });
    expect(location().search).toMatch(/^\?id=\d+$/);
  });

  it("closes the dialog on Back past the record, and opens it again on Forward", async () => {
    const { user, router } = renderListPage(area);
    await screen.findByText(`${ROWS} records`);
    await user.click(dataRows(area)[0] as HTMLElement);
    await screen.findByRole("dialog", { name: area.recordTitle });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await act(() => router.navigate(1));
    expect(await screen.findByRole("dialog", { name: area.recordTitle })).toBeTruthy();
  });
});
