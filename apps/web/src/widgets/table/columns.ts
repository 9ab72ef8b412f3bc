type Row = Record<string, unknown>;

export interface TableColumn {
  key: string;
  label: string;
  /** How a value shows (and exports); its text otherwise. */
  format?: (value: unknown, row: Row) => string;
}

/** The text of a cell, as shown, sorted and exported. */
export const cellText = (column: TableColumn, row: Row): string => {
  const value = row[column.key];
  if (column.format) return column.format(value, row);
  return value === null || value === undefined ? "" : String(value);
};
