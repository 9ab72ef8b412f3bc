import { wallClockDate } from "@office/core";

/**
 * What a column's values are in a spreadsheet: amounts, counts, durations and days are cells of
 * their kind (a sum works on them), anything else the text the table shows.
 */
export type SheetKind = "money" | "number" | "minutes" | "date" | "datetime";

/** A column of the table as the export sees it. */
export interface ExportColumn {
  key: string;
  label: string;
  sheet?: SheetKind;
}

/** A cell's value: the text shown, a number, a moment (a day at midnight), or nothing. */
export type SheetValue = string | number | Date | null;

export interface SheetLayout {
  header: string[];
  rows: SheetValue[][];
  /** Each column's number format (Excel's), where its cells are not text. */
  formats: (string | undefined)[];
  /** Column widths in characters: the longest value of the column, as shown, plus 2. */
  widths: number[];
}

/** Excel's formats of the kinds: dollars as the table shows them, US dates, HH:mm past 24 h. */
export const SHEET_FORMATS: Record<SheetKind, string> = {
  money: '"$"#,##0.00',
  number: "#,##0",
  minutes: "[h]:mm",
  date: "mm/dd/yyyy",
  datetime: "mm/dd/yyyy hh:mm AM/PM",
};

/** A value as its kind's cell; one the kind cannot read is written as the text shown. */
function sheetValue(kind: SheetKind | undefined, value: unknown, shown: string): SheetValue {
  if (value === null || value === undefined || value === "") return null;
  if (kind === "money" || kind === "number" || kind === "minutes") {
    const n = Number(value);
    if (!Number.isFinite(n)) return shown;
    return kind === "minutes" ? n / 1440 : n;
  }
  if (kind === "date" || kind === "datetime") {
    // The company's wall clock as the row carries it, never the browser's zone; a day is its date alone.
    const text = String(value);
    return wallClockDate(kind === "date" ? text.slice(0, 10) : text) ?? shown;
  }
  return shown;
}

/**
 * The columns an export keeps: every column shown but the row's key (spec 5's "first column
 * dropped": a list leads with its key, which means nothing in a spreadsheet). It goes by name,
 * never by place: a list that leads with a date or an order number keeps it.
 */
export function exportedColumns<C extends ExportColumn>(columns: readonly C[], rowKey: string | undefined): C[] {
  return columns.filter((c) => c.key !== rowKey);
}

/**
 * The sheet of an export (docs/product-rules.md#widgets): the table's columns without the
 * row's key, each cell of its column's kind, and each width fitted to its longest value as
 * shown + 2.
 */
export function sheetLayout(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  text: (column: ExportColumn, row: Record<string, unknown>) => string,
  rowKey?: string,
): SheetLayout {
  const kept = exportedColumns(columns, rowKey);
  const header = kept.map((c) => c.label);
  const shown = rows.map((row) => kept.map((c) => text(c, row)));
  const body = rows.map((row, r) => kept.map((c, i) => sheetValue(c.sheet, row[c.key], shown[r]?.[i] ?? "")));
  const widths = kept.map((_, i) => Math.max(...[header, ...shown].map((cells) => [...(cells[i] ?? "")].length)) + 2);
  return { header, rows: body, formats: kept.map((c) => (c.sheet ? SHEET_FORMATS[c.sheet] : undefined)), widths };
}
