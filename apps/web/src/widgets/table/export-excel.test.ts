import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { sheetLayout } from "./excel-layout";
import { workbookOf } from "./export-excel";

describe("the Excel export", () => {
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
