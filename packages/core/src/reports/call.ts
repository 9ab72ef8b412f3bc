import { addDays, isCalendarDate } from "../formats.js";
import type { Where } from "../where/ast.js";
import { whereBuilder } from "../where/build.js";
import { type ReportId, reportById } from "./catalogue.js";
import { groupingOf, isDated, type ReportDeclaration, type ReportGrouping } from "./report.js";

/** The longest date range a report takes: its cost grows with the rows a range holds. */
export const REPORT_MAX_YEARS = 10;

/**
 * A report's where text at most: a filter of a few conditions. The report's own date range
 * goes beside it, within the where language's limits (WHERE_LIMITS) of every query.
 */
export const REPORT_WHERE_MAX_LENGTH = 2_000;

/** What a call of a report sends (the page's address holds the same): each part optional. */
export interface ReportQuery {
  by?: string | undefined;
  /** Days, YYYY-MM-DD, in the company's calendar: from the start of `from` to the end of `to`. */
  from?: string | undefined;
  to?: string | undefined;
  /** A where of the where language over the report's rows. */
  where?: string | undefined;
  /** The report over its rows as they were at the end of this day. */
  asOf?: string | undefined;
}

export type ReportInput = ReportQuery & { report: ReportId };

/** A call read and its defaults filled in: what the server computes. */
export interface ReportCall {
  report: ReportDeclaration;
  grouping: ReportGrouping;
  /** The range of days, both ends included; null for a report of a state (card limits). */
  range: { from: string; to: string } | null;
  where: string;
  asOf: string | null;
}

/** Why a call is refused: its words and each part's message, as a 400 gives them. */
export interface ReportRefusal {
  message: string;
  fieldErrors: Record<string, string>;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a day of the calendar as YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * The days a report takes, as its address writes them: of the years 1900 to 2999 (a range's
 * defaults and ends stay days the database and the calendar's arithmetic here both know).
 */
export const REPORT_DAY = /^(19\d{2}|2\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const REPORT_DAY_MESSAGE = "must be a day of 1900 to 2999, YYYY-MM-DD";

export const isReportDay = (text: string): boolean => REPORT_DAY.test(text) && isIsoDay(text);

/** The same day of the month `years` later (29 February: the 28th of a year without one). */
export function addYears(day: string, years: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const later = `${String(year + years).padStart(4, "0")}-${day.slice(5, 7)}`;
  return isCalendarDate(year + years, month, date) ? `${later}-${day.slice(8)}` : `${later}-28`;
}

/** The first day of the month `months` before (or after) the month of a day. */
export function monthStart(day: string, months = 0): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The months a range of days touches, as YYYY-MM, in order. */
export function monthsOf(range: { from: string; to: string }): string[] {
  const months: string[] = [];
  for (let first = monthStart(range.from); first <= range.to; first = monthStart(first, 1))
    months.push(first.slice(0, 7));
  return months;
}

/**
 * The range a call asks, its ends filled where it leaves them out: up to today, from the start
 * of the month eleven months before its end (a year of whole months for a chart by month).
 */
export function rangeOf(query: Pick<ReportQuery, "from" | "to">, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  return { from: query.from ?? monthStart(to, -11), to };
}

/** Whether a range is within REPORT_MAX_YEARS: its last day before the same day ten years on. */
export function withinMaxYears(range: { from: string; to: string }): boolean {
  return range.to < addYears(range.from, REPORT_MAX_YEARS);
}

/**
 * Reads a call of a report against its declaration, `today` being the company's day: the
 * grouping it names (the first by default) must be the report's, a range must be one (from not
 * after to, at most REPORT_MAX_YEARS) of a report that takes one, and an as-of day a past one
 * (or today) of a report that can be asked so. The where is the server's to read (its columns,
 * its grammar). The same checks serve the server's 400s and the page's address.
 */
export function readReportCall(id: string, query: ReportQuery, today: string): ReportCall | ReportRefusal {
  const report = reportById(id);
  if (!report) return refused({ report: "is not a report" });
  const errors: Record<string, string> = {};
  const grouping = groupingOf(report, query.by ?? (report.groupings[0] as ReportGrouping).name);
  if (!grouping) errors.by = `is not a grouping of ${report.title} (${report.groupings.map((g) => g.name).join(", ")})`;
  for (const part of ["from", "to", "asOf"] as const) {
    const day = query[part];
    if (day !== undefined && !isReportDay(day)) errors[part] = REPORT_DAY_MESSAGE;
  }
  let range: ReportCall["range"] = null;
  if (!isDated(report)) {
    for (const part of ["from", "to"] as const) {
      if (query[part] !== undefined) errors[part] = `is not taken by ${report.title}, a report of a state`;
    }
  } else if (!errors.from && !errors.to) {
    range = rangeOf(query, today);
    if (range.from > range.to) errors.to = "must not be before from";
    else if (!withinMaxYears(range)) errors.to = `is more than ${REPORT_MAX_YEARS} years after from`;
  }
  const asOf = query.asOf ?? null;
  if (asOf !== null && !errors.asOf) {
    if (!report.asOf) errors.asOf = `is not taken by ${report.title}, which is not kept as of a past day`;
    else if (asOf > today) errors.asOf = "must be today or a past day";
  }
  if (Object.keys(errors).length > 0 || !grouping) return refused(errors);
  return { report, grouping, range, where: query.where ?? "", asOf };
}

/** A refusal's words name each part and why, as a 400's message. */
const refused = (fieldErrors: Record<string, string>): ReportRefusal => ({
  message: `Bad report call: ${Object.entries(fieldErrors)
    .map(([part, why]) => `${part} ${why}`)
    .join("; ")}.`,
  fieldErrors,
});
export function isRefusal(call: ReportCall | ReportRefusal): call is ReportRefusal {
  return "fieldErrors" in call;
}

/** The condition of a range over a date column: from the first day's midnight up to, not including, the day after the last. */
export function rangeWhere(column: string, range: { from: string; to: string }): Where {
  const w = whereBuilder();
  return w.and(w.ge(column, range.from), w.lt(column, addDays(range.to, 1)));
}

/**
 * A call's address (the page's, and the call's query string) without what its defaults would
 * give again on `today`: read back, it is the same call.
 */
export function reportQueryOf(call: ReportCall, today: string): ReportQuery {
  const range = call.range;
  return {
    ...(call.grouping !== call.report.groupings[0] ? { by: call.grouping.name } : {}),
    ...(range && range.from !== monthStart(range.to, -11) ? { from: range.from } : {}),
    ...(range && range.to !== rangeOf({ from: range.from }, today).to ? { to: range.to } : {}),
    ...(call.where.trim() !== "" ? { where: call.where } : {}),
    ...(call.asOf !== null ? { asOf: call.asOf } : {}),
  };
}
