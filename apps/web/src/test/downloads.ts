import ExcelJS from "exceljs";
import { vi } from "vitest";

/** Catches the files the page downloads (jsdom has no createObjectURL) and keeps the link's click from navigating. */
export function catchDownloads(): Blob[] {
  const files: Blob[] = [];
  vi.stubGlobal(
    "URL",
    class extends URL {
      static override createObjectURL(file: Blob) {
        files.push(file);
        return "blob:download";
      }
      static override revokeObjectURL() {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  return files;
}

/** A downloaded workbook's Sheet1 as the rows of its cells' values (a number, a Date, a text), its header first. */
export async function sheetRows(file: Blob): Promise<unknown[][]> {
  // jsdom's Blob has no arrayBuffer(); its FileReader reads one.
  const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const rows: unknown[][] = [];
  book.getWorksheet("Sheet1")?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => value ?? ""));
  });
  return rows;
}
