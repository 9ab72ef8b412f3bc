import { type ExportColumn, type SheetLayout, sheetLayout } from "./excel-layout";

/**
 * The workbook of a layout (sheet "Sheet1"); exceljs loads only now. Amounts, counts, durations
 * and days are cells of their kind with the format the table shows them in, so a sum works;
 * the header row stays in view and filters. Any other cell is the text the table shows: a
 * value such as "=HYPERLINK(…)" (a statement's description) stays a string, never a formula.
 */
export async function workbookOf(layout: SheetLayout): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = layout.header.map((header, i) => ({
    header,
    width: layout.widths[i],
    ...(layout.formats[i] ? { style: { numFmt: layout.formats[i] } } : {}),
  }));
  sheet.addRows(layout.rows);
  if (layout.header.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: layout.header.length } };
  }
  return workbook.xlsx.writeBuffer();
}

/** Writes rows to data.xlsx, without their key's column (`rowKey`), and downloads it. */
export async function exportToExcel(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  text: (column: ExportColumn, row: Record<string, unknown>) => string,
  rowKey?: string,
): Promise<void> {
  const buffer = await workbookOf(sheetLayout(columns, rows, text, rowKey));
  const url = URL.createObjectURL(
    new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = "data.xlsx";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
