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
    expect(layout.widths).toEqual([14 + 2, 6 + 2]);
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
});
