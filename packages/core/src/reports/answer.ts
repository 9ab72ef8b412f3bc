import type { TotalRow, TotalsResponse } from "../calls.js";
import type { ReportDeclaration } from "./report.js";

/**
 * One group of a report: as a group of GET /API/Totals/ (its key, name, rows and their sum), and
 * where the report splits its groups into series (each month's projects by status, a project's
 * days in each status) its value in each, by the series' key.
 */
export interface ReportRow extends TotalRow {
  values?: Record<string, number>;
}

/** A series a report's groups are split into: a status, by its key and name. */
export interface ReportSeries {
  key: string;
  label: string | null;
}

/**
 * A report's answer: its groups (at most a page of them, TOTALS_PAGE_GROUPS, in the grouping's
 * order), the series they are split into (none for most), and how many groups there are with
 * the grand totals over all of them; the call as it was read, defaults filled in.
 */
export interface ReportAnswer {
  data: ReportRow[];
  series: ReportSeries[];
  meta: TotalsResponse["meta"] & {
    by: string;
    from: string | null;
    to: string | null;
    asOf: string | null;
  };
}

/** What a report's totals count in, as its chart's axis and its table's column say. */
export type ReportUnit = "hours" | "money" | "rows" | "projects" | "days";

export function unitOf(report: ReportDeclaration): ReportUnit {
  const { measure } = report;
  switch (measure.kind) {
    case "sum":
      return measure.unit;
    case "count":
      return "rows";
    case "inStatus":
      return "projects";
    case "daysInStatus":
      return "days";
  }
}

/**
 * A total as a chart plots it: a sum of minutes in hours (two decimals), an amount's decimal
 * text as a number (a chart's scale, not the books: tables show the text), others as they are.
 */
export function chartValue(report: ReportDeclaration, total: number | string): number {
  const value = Number(total);
  return unitOf(report) === "hours" ? Math.round((value / 60) * 100) / 100 : value;
}

/** A group's average per row: the days a project spent in a status on average (0 for none). */
export function averageOf(row: Pick<TotalRow, "count" | "total">): number {
  return row.count === 0 ? 0 : Math.round((Number(row.total) / row.count) * 100) / 100;
}
