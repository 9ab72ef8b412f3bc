import {
  averageOf,
  chartValue,
  formatMoney,
  type ReportAnswer,
  type ReportDeclaration,
  type ReportRow,
  type ReportUnit,
  unitOf,
} from "@office/core";
import type { SheetKind } from "../../widgets/table/excel-layout";
import type { PlainColumn } from "../../widgets/table/PlainTable";

/** How a report's unit is named and printed, in its table, its chart and its sheet. */
interface UnitWords {
  /** The header of the column of totals. */
  total: string;
  /** The header of the rows counted in each group. */
  counted: string;
  print: (value: number) => string;
  sheet: SheetKind | undefined;
}

const decimal = (digits: number) => (value: number) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const UNIT_WORDS: Record<ReportUnit, UnitWords> = {
  hours: { total: "Hours", counted: "Notes", print: decimal(2), sheet: undefined },
  money: { total: "Amount", counted: "Rows", print: (value) => formatMoney(value), sheet: "money" },
  rows: { total: "Rows", counted: "Rows", print: decimal(0), sheet: "number" },
  projects: { total: "Projects", counted: "Projects", print: decimal(0), sheet: "number" },
  days: { total: "Days", counted: "Projects", print: decimal(1), sheet: undefined },
};

/** A group's total in the report's unit: hours from minutes, an amount as a number (charts, sheets). */
export const totalOf = (report: ReportDeclaration, row: ReportRow) => chartValue(report, row.total);

const MONTH = /^(\d{4})-(\d{2})$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A group's name as shown: a month as "Jan 2026", "—" for none (a note without a category). */
export function labelOf(row: Pick<ReportRow, "label" | "key">): string {
  const label = row.label ?? (row.key === null ? "—" : String(row.key));
  const month = MONTH.exec(label);
  return month ? `${MONTHS[Number(month[2]) - 1]} ${month[1]}` : label;
}

/** A series' column in the rows: a name a chart may use in an element's id (no colon, no space). */
export const seriesKey = (key: string) => `s_${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/**
 * The table's columns for an answer: the group, then each series (a month's statuses, a
 * project's days in each), or the rows counted and the total (with the average, for days).
 */
export function reportColumns(report: ReportDeclaration, answer: ReportAnswer, groupTitle: string): PlainColumn[] {
  const unit = unitOf(report);
  const words = UNIT_WORDS[unit];
  const number = (key: string, label: string, print: (value: number) => string, sheet: SheetKind | undefined) => ({
    key,
    label,
    numeric: true as const,
    ...(sheet ? { sheet } : {}),
    format: (value: unknown) => print(Number(value ?? 0)),
  });
  const group: PlainColumn = { key: "group", label: groupTitle };
  if (answer.series.length > 0) {
    return [
      group,
      ...answer.series.map((series) =>
        number(seriesKey(series.key), series.label ?? series.key, words.print, words.sheet),
      ),
      number("value", words.total, words.print, words.sheet),
    ];
  }
  const counted = unit === "projects" ? [] : [number("count", words.counted, decimal(0), "number")];
  const average = unit === "days" ? [number("average", "Average days", decimal(1), undefined)] : [];
  return [group, ...counted, number("value", words.total, words.print, words.sheet), ...average];
}

/** The answer's groups as the table's (and the sheet's) rows, and as the chart's points. */
export function reportRows(report: ReportDeclaration, answer: ReportAnswer): Record<string, unknown>[] {
  return answer.data.map((row) => ({
    key: row.key,
    group: labelOf(row),
    count: row.count,
    value: totalOf(report, row),
    average: averageOf(row),
    ...Object.fromEntries(Object.entries(row.values ?? {}).map(([key, value]) => [seriesKey(key), value])),
  }));
}
