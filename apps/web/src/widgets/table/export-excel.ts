import { type ExportColumn, sheetLayout } from "./excel-layout";

/** Writes rows to data.xlsx (sheet "Sheet1") and downloads it; exceljs loads only now. */
export async function exportToExcel(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  text: (column: ExportColumn, row: Record<string, unknown>) => string,
): Promise<void> {
  const { default: ExcelJS } = await import("exceljs");
  const layout = sheetLayout(columns, rows, text);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1");
  sheet.columns = layout.header.map((header, i) => ({ header, width: layout.widths[i] }));
  sheet.addRows(layout.rows);
  const buffer = await workbook.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = "data.xlsx";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
