import type { TotalsOrder } from "../calls.js";
import type { LookupOption } from "../lookups/enumerations.js";
import type { Column, Reference } from "../resources/column.js";
import { isReadableColumn, type Resource } from "../resources/resource.js";

/** How a grouping is drawn: bars for things side by side (people, cards), a line or an area over months. */
export type ChartKind = "bar" | "line" | "area";

/**
 * The history of a record's status (a project's): rows only ever added, each setting `status`
 * of the record named by `record` from its time `at` until the next row of that record.
 */
export interface StatusHistory {
  table: Resource;
  record: string;
  status: string;
  at: string;
}

/** What a report adds up in each group. */
export type ReportMeasure =
  /** A column summed: a note's minutes (shown as hours), a charge's amount, a card's limit. */
  | { kind: "sum"; column: string; unit: "hours" | "money" }
  /** The rows counted. */
  | { kind: "count" }
  /** How many records were in each status: at one moment, or at each month's end. */
  | { kind: "inStatus"; history: StatusHistory }
  /** The days records spent in each status within the range. */
  | { kind: "daysInStatus"; history: StatusHistory };

/**
 * What one group of a report is: a value of one of its rows' columns, named by `label` (a
 * column of the rows) or else by the column's own field (the table a reference names, a
 * choice's options); a month of its date column (or of its history's times); or a status of
 * its history.
 */
export type GroupedBy = { column: string; label?: string } | "month" | "status";

export interface ReportGrouping {
  /** Its name in the address: `?by=employee`. */
  name: string;
  title: string;
  by: GroupedBy;
  chart: ChartKind;
  /** By name (months come in their order), or the largest first. */
  order: TotalsOrder;
}

/**
 * Where a report's rows as they were at the end of a past day come from.
 *
 * `audit`: the table's rows replayed from the audit trail (a row changed since is its first
 * later entry's `before`); `created`, a column the server stamps when a row is made, tells a row
 * that has no entry (the seed's, an import's) made after the day, which was not there yet.
 *
 * `history`: an append-only status history, whose rows made by the end of the day are what was
 * known then.
 */
export type AsOfSource = { from: "audit"; table: string; created?: string } | { from: "history"; table: string };

export interface ReportDeclaration {
  /** Its name in the address and the call's path: `/reports?report=hours`, `/API/Reports/hours`. */
  id: string;
  title: string;
  description: string;
  /**
   * The rows the report is made of, which its where filters (a status report: the records whose
   * history it reads): the caller needs view on it, and its row rules apply, as for Query.
   */
  resource: Resource;
  measure: ReportMeasure;
  /**
   * The date column of the rows a date range applies to (a status report's range is of its
   * history's times). Without one the report is of a state, not of events, and takes no range.
   */
  dateColumn?: string;
  /** The groupings a caller may pick; the first is the default. */
  groupings: readonly ReportGrouping[];
  asOf?: AsOfSource;
}

/** A status history's measure, or none. */
export function historyOf(measure: ReportMeasure): StatusHistory | undefined {
  return measure.kind === "inStatus" || measure.kind === "daysInStatus" ? measure.history : undefined;
}

/** Whether a report takes a date range: of its date column, or of its history's times. */
export function isDated(report: ReportDeclaration): boolean {
  return report.dateColumn !== undefined || historyOf(report.measure) !== undefined;
}

/** Where a column's values find their names: the table a reference names, or the options of a choice. */
export type ColumnNames =
  | { kind: "reference"; reference: Reference }
  | { kind: "choices"; options: readonly LookupOption<number | string>[] };

/** How a grouped column's own field names its values, if it does. */
export function columnNames(column: Column | undefined): ColumnNames | undefined {
  const field = column?.field;
  if (field?.kind === "reference") return { kind: "reference", reference: field.reference };
  if (field?.kind === "choice") return { kind: "choices", options: field.options };
  return undefined;
}

/** The grouping of a report by its name, if it has one by that name. */
export function groupingOf(report: ReportDeclaration, name: string): ReportGrouping | undefined {
  return report.groupings.find((grouping) => grouping.name === name);
}

/**
 * Checks a declaration against its resources as it is made, so a wrong name fails at start-up
 * (and in core's tests), not in a caller's answer: each column named is a readable one of the
 * rows it belongs to, each grouping is named once and can name its groups, and as-of rows come
 * from a table.
 */
export function declareReport<const R extends ReportDeclaration>(def: R): R {
  const fail = (why: string) => {
    throw new Error(`report ${def.id}: ${why}`);
  };
  const readable = (resource: Resource, name: string, what: string) => {
    if (!isReadableColumn(resource, name)) fail(`${what} ${name} is not a readable column of ${resource.name}`);
  };
  const { measure, resource } = def;
  if (measure.kind === "sum") readable(resource, measure.column, "its sum");
  if (def.dateColumn !== undefined) {
    readable(resource, def.dateColumn, "its date column");
    if (resource.columns[def.dateColumn]?.type !== "timestamp") fail(`${def.dateColumn} is not a date`);
  }
  const history = historyOf(measure);
  if (history) {
    for (const name of [history.record, history.status, history.at]) readable(history.table, name, "its history's");
    if (!isReadableColumn(resource, history.record)) fail(`its rows have no ${history.record} to read a history by`);
    if (!columnNames(history.table.columns[history.status])) fail(`its history's ${history.status} names no status`);
  }
  if (def.groupings.length === 0) fail("it has no grouping");
  const names = new Set<string>();
  for (const grouping of def.groupings) {
    if (names.has(grouping.name)) fail(`${grouping.name} is declared twice`);
    names.add(grouping.name);
    const { by } = grouping;
    if (by === "month" && !isDated(def)) fail(`${grouping.name} groups by month, and it has no dates`);
    if (by === "status" && !history) fail(`${grouping.name} groups by status, and it has no status history`);
    if (typeof by !== "object") continue;
    readable(resource, by.column, `${grouping.name}'s column`);
    if (by.label !== undefined) readable(resource, by.label, `${grouping.name}'s label`);
    else if (!columnNames(resource.columns[by.column])) fail(`nothing names the groups of ${grouping.name}`);
  }
  const asOf = def.asOf;
  if (asOf?.from === "audit") {
    if (resource.kind !== "table" || asOf.table !== resource.name) fail("its rows as of a day are its own table's");
    if (asOf.created !== undefined) readable(resource, asOf.created, "its created column");
  }
  if (asOf?.from === "history" && asOf.table !== history?.table.name) fail("its rows as of a day are its history's");
  return def;
}
