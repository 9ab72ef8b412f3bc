import { AREAS, RESOURCES, SEARCH_PAGES } from "@office/core";
import { describe, expect, it } from "vitest";
import { tableColumns } from "./columns";
import { exportedColumns, sheetLayout } from "./excel-layout";

describe("the Excel export's sheet", () => {
  const columns = [
    { key: "id", label: "ID" },
    { key: "name", label: "Name" },
    { key: "code", label: "Code" },
  ];
  const text = (c: { key: string }, row: Record<string, unknown>) => String(row[c.key] ?? "");

  it("drops the row's key and fits each width to the longest value plus 2", () => {
    const layout = sheetLayout(
      columns,
      [
        { id: 1, name: "Lakeview Hotel", code: "A" },
        { id: 22, name: "Oak", code: "BCDEFG" },
      ],
      text,
      "id",
    );
    expect(layout.header).toEqual(["Name", "Code"]);
    expect(layout.rows).toEqual([
      ["Lakeview Hotel", "A"],
      ["Oak", "BCDEFG"],
    ]);
    expect(layout.formats).toEqual([undefined, undefined]);
    expect(layout.widths).toEqual([14 + 2, 6 + 2]);
  });

  it("writes amounts, counts, durations, days and moments as cells of their kind, fitted to the text shown", () => {
    const typed = [
      { key: "amount", label: "Amount", sheet: "money" as const },
      { key: "count", label: "Count", sheet: "number" as const },
      { key: "time", label: "HH:mm", sheet: "minutes" as const },
      { key: "day", label: "Date", sheet: "date" as const },
      { key: "at", label: "Created", sheet: "datetime" as const },
    ];
    const row = { amount: "1234.50", count: 3, time: 90, day: "2026-11-24", at: "2026-11-24T22:19:05" };
    const layout = sheetLayout(
      typed,
      [row, { amount: null, count: "x", time: null, day: "2026-02-30", at: null }],
      () => "shown",
    );
    expect(layout.rows).toEqual([
      [1234.5, 3, 90 / 1440, new Date(Date.UTC(2026, 10, 24)), new Date(Date.UTC(2026, 10, 24, 22, 19, 5))],
      // Nothing stays empty; a value its kind cannot read is the text shown.
      [null, "shown", null, "shown", null],
    ]);
    expect(layout.formats).toEqual(['"$"#,##0.00', "#,##0", "[h]:mm", "mm/dd/yyyy", "mm/dd/yyyy hh:mm AM/PM"]);
    expect(layout.widths).toEqual(
      ["Amount", "Count", "HH:mm", "Date", "Created"].map((h) => Math.max(h.length, 5) + 2),
    );
  });

  it("counts the header as a value, and characters rather than UTF-16 units", () => {
    const layout = sheetLayout(columns, [{ id: 1, name: "😀😀", code: "" }], text, "id");
    expect(layout.widths).toEqual([4 + 2, 4 + 2]);
  });
});

/** Every list the app exports, as core declares it: areas' lists and children, and the search pages. */
const EXPORTED_LISTS = [
  ...AREAS.flatMap((area) => [
    { name: `${area.noun} list`, list: area.list, columns: area.listColumns },
    ...area.children.map((child) => ({
      name: `${area.noun}: ${child.title}`,
      list: child.list ?? child.resource,
      columns: child.columns,
    })),
  ]),
  ...SEARCH_PAGES.map((page) => ({ name: page.path, list: page.list, columns: page.columns })),
];

describe.each(EXPORTED_LISTS)("the export of $name", ({ list, columns }) => {
  it("keeps every column the user sees but the row's key, in the table's order", () => {
    const shown = tableColumns(list, columns);
    const kept = exportedColumns(shown, RESOURCES.get(list.name)?.key);
    expect(kept.map((c) => c.key)).toEqual(columns.filter((name) => name !== list.key));
    // The first column goes only where it is the key: a timesheet keeps its dates.
    if (columns[0] !== list.key) expect(kept[0]?.key).toBe(columns[0]);
  });

  it("writes its amounts, days, moments and durations as cells of their kind, so a sum works", () => {
    for (const shown of tableColumns(list, columns)) {
      const kind = (list.columns as Record<string, { field?: { kind: string } }>)[shown.key]?.field?.kind;
      if (kind === "money" || kind === "date" || kind === "datetime" || kind === "minutes") {
        expect(shown.sheet, shown.key).toBe(kind);
      }
    }
  });
});
