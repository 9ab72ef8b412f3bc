import {
  type Column,
  contactLink,
  displayText,
  isStatus,
  labelOf,
  type RecordTarget,
  type Resource,
  type ResourceDef,
  recordTarget,
  statusTone,
  type Tone,
} from "@office/core";
import type { SheetKind } from "./excel-layout";

type Row = Record<string, unknown>;

export interface TableColumn {
  key: string;
  label: string;
  /** How a value shows (and exports); its text otherwise. */
  format?: (value: unknown, row: Row) => string;
  /** Sorted by its number (an amount), not by the text it shows as. */
  numeric?: true;
  /** Shown as a meter against this column of the same row (an amount against its limit). */
  meterOf?: string;
  /** What its values are in a spreadsheet (excel-layout.ts); the text shown where absent. */
  sheet?: SheetKind;
  /** Where a value leads (a phone number to a call, an address to a message, a website to itself). */
  link?: (row: Row) => { href: string; external: boolean } | undefined;
  /** The record a value names (a project's client): a link to it, where the user may view it (TableBody). */
  opens?: { key: string; target: RecordTarget };
  /** A status: shown as a pill of its tone. */
  tone?: (row: Row) => Tone | undefined;
  /** Other columns of its row its value shows with (the key of the record it names, a status's code). */
  with?: readonly string[];
}

/** The columns of a row that a table column shows from: its own, and those it shows with. */
export const shownFrom = (column: TableColumn): readonly string[] => [column.key, ...(column.with ?? [])];

/** The text of a cell, as shown, sorted and exported. */
export const cellText = (column: TableColumn, row: Row): string => {
  const value = row[column.key];
  if (column.format) return column.format(value, row);
  return value === null || value === undefined ? "" : String(value);
};

/**
 * A table's columns from a resource's declaration: each column's label and the way its values
 * show (dates, minutes, lookups). A page may name a column differently where it reads better.
 */
export function tableColumns<C extends Resource["columns"]>(
  resource: ResourceDef<C>,
  names: readonly (keyof C & string)[],
  labels: Partial<Record<keyof C & string, string>> = {},
): TableColumn[] {
  return names.map((name) => {
    const column = resource.columns[name];
    if (!column) throw new Error(`${resource.name} has no column ${name}`);
    const label = labels[name] ?? labelOf(column, name);
    const sheet = sheetKindOf(column);
    const target = column.names && recordTarget(column.names.table);
    const also = [column.names?.key, column.status?.code].filter((c): c is string => c !== undefined);
    const meaning: Partial<TableColumn> = {
      ...(column.names && target ? { opens: { key: column.names.key, target } } : {}),
      ...(isStatus(column) ? { tone: (row: Row) => statusTone(column, row[name], row) } : {}),
      ...(also.length ? { with: also } : {}),
    };
    if (!column.field) {
      const contact = (column.rules ?? []).some((rule) => rule === "email" || rule === "url");
      return {
        key: name,
        label,
        ...meaning,
        ...(sheet ? { sheet } : {}),
        ...(contact ? { link: (row: Row) => contactLink(column, row[name]) } : {}),
      };
    }
    const shown: TableColumn = { key: name, label, ...meaning, format: (value) => displayText(column, value) };
    if (sheet) shown.sheet = sheet;
    if (column.field.kind === "money") shown.numeric = true;
    if (column.field.kind === "money" && column.field.of) shown.meterOf = column.field.of;
    if (column.field.kind === "tel" && column.field.dial !== false)
      shown.link = (row) => contactLink(column, row[name]);
    return shown;
  });
}

/** A column's values in a spreadsheet: amounts, days, moments, durations and plain whole numbers. */
function sheetKindOf(column: Column): SheetKind | undefined {
  const field = column.field;
  if (!field) return column.type === "integer" ? "number" : undefined;
  if (field.kind === "money" || field.kind === "date" || field.kind === "datetime" || field.kind === "minutes") {
    return field.kind;
  }
  if (field.kind === "choice" && field.shown === "minutes") return "minutes";
  return undefined;
}
