import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { sheetLayout } from "./excel-layout";
import { workbookOf } from "./export-excel";

describe("the Excel export", () => {
  it("has sums that work: typed cells in the table's formats, the header frozen with a filter", async () => {
    const columns = [
      { key: "merchant", label: "Merchant" },
      { key: "amount", label: "Amount", sheet: "money" as const },
      { key: "day", label: "Date", sheet: "date" as const },
    ];
    const layout = sheetLayout(columns, [{ merchant: "Grainger", amount: "66.62", day: "2026-11-24" }], (c, row) =>
      String(row[c.key]),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await workbookOf(layout));
    const sheet = book.getWorksheet("Sheet1");
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe(66.62);
    expect(row?.getCell(2).numFmt).toBe('"$"#,##0.00');
    expect(row?.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 24)));
    expect(row?.getCell(3).numFmt).toBe("mm/dd/yyyy");
    expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet?.autoFilter).toBeTruthy();
  });

  it("writes a value that looks like a formula as the text it is (no formula injection)", async () => {
    const injected = '=HYPERLINK("http://evil.example","Click")';
    const columns = [
      { key: "id", label: "ID" },
      { key: "merchant", label: "Merchant" },
      { key: "amount", label: "Amount" },
    ];
    const layout = sheetLayout(
      columns,
      [{ id: 1, merchant: injected, amount: "+1+1" }],
      (c, row) => String(row[c.key]),
      "id",
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await workbookOf(layout));
    const row = book.getWorksheet("Sheet1")?.getRow(2);
    expect(row?.getCell(1).value).toBe(injected);
    expect(row?.getCell(1).formula).toBeUndefined();
    expect(row?.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row?.getCell(2).value).toBe("+1+1");
  });
});
