/** A column of the table as the export sees it. */
export interface ExportColumn {
  key: string;
  label: string;
}

export interface SheetLayout {
  header: string[];
  rows: string[][];
  /** Column widths in characters: the longest value of the column plus 2. */
  widths: number[];
}

/**
 * The sheet of an export (docs/product-rules.md#widgets): the table's columns without the
 * first one (the row's key, which means nothing in a spreadsheet), and each width fitted to
 * its longest value + 2.
 */
export function sheetLayout(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  text: (column: ExportColumn, row: Record<string, unknown>) => string,
): SheetLayout {
  const kept = columns.slice(1);
  const header = kept.map((c) => c.label);
  const body = rows.map((row) => kept.map((c) => text(c, row)));
  const widths = kept.map((_, i) => Math.max(...[header, ...body].map((cells) => [...(cells[i] ?? "")].length)) + 2);
  return { header, rows: body, widths };
}
