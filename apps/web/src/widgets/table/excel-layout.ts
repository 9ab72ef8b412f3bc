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
 * The columns an export keeps: every column shown but the row's key (spec 5's "first column
 * dropped": a list leads with its key, which means nothing in a spreadsheet). It goes by name,
 * never by place: a list that leads with a date or an order number keeps it.
 */
export function exportedColumns<C extends ExportColumn>(columns: readonly C[], rowKey: string | undefined): C[] {
  return columns.filter((c) => c.key !== rowKey);
}

/**
 * The sheet of an export (docs/product-rules.md#widgets): the table's columns without the
 * row's key, and each width fitted to its longest value + 2.
 */
export function sheetLayout(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  text: (column: ExportColumn, row: Record<string, unknown>) => string,
  rowKey?: string,
): SheetLayout {
  const kept = exportedColumns(columns, rowKey);
  const header = kept.map((c) => c.label);
  const body = rows.map((row) => kept.map((c) => text(c, row)));
  const widths = kept.map((_, i) => Math.max(...[header, ...body].map((cells) => [...(cells[i] ?? "")].length)) + 2);
  return { header, rows: body, widths };
}
