import { describe, expect, it } from "vitest";
import { sheetLayout } from "./excel-layout";

describe("the Excel export's sheet", () => {
  const columns = [
    { key: "id", label: "ID" },
    { key: "name", label: "Name" },
    { key: "code", label: "Code" },
  ];
  const text = (c: { key: string }, row: Record<string, unknown>) => String(row[c.key] ?? "");

  it("drops the first column and fits each width to the longest value plus 2", () => {
    const layout = sheetLayout(
      columns,
      [
        { id: 1, name: "Lakeview Hotel", code: "A" },
        { id: 22, name: "Oak", code: "BCDEFG" },
      ],
      text,
    );
    expect(layout.header).toEqual(["Name", "Code"]);
    expect(layout.rows).toEqual([
      ["Lakeview Hotel", "A"],
      ["Oak", "BCDEFG"],
    ]);
    expect(layout.widths).toEqual([14 + 2, 6 + 2]);
  });

  it("counts the header as a value, and characters rather than UTF-16 units", () => {
    const layout = sheetLayout(columns, [{ id: 1, name: "😀😀", code: "" }], text);
    expect(layout.widths).toEqual([4 + 2, 4 + 2]);
  });
});
