import {
  columnNames,
  historyOf,
  monthStart,
  monthsOf,
  printWhere,
  type ReportAnswer,
  type ReportCall,
  type ReportGrouping,
  type Resource,
  rangeWhere,
  type StatusHistory,
  TOTALS_PAGE_GROUPS,
  type TotalsResponse,
  type Where,
  whereBuilder,
} from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { type Actor, requireAccess } from "../data/actor.js";
import { parseResourceWhere } from "../data/query.js";
import { readableRows } from "../data/row-scope.js";
import { runTotals } from "../data/totals.js";
import type { DB } from "../db/schema.js";
import { rowsAsOf } from "./as-of.js";
import { endOfDay, startOfDay } from "./days.js";
import { groupRows } from "./grouped.js";
import { daysInStatus, inStatusAt, inStatusByMonth, type StatusAnswer, type Statuses } from "./statuses.js";

type Body = Pick<ReportAnswer, "data" | "series"> & { meta: TotalsResponse["meta"] };

/** A where and the range's conditions together, at one level (the where language's depth is bounded). */
function allOf(...parts: Array<Where | null>): Where | null {
  const items = parts.flatMap((part) => (part === null ? [] : part.type === "and" ? part.items : [part]));
  return items.length === 0 ? null : whereBuilder().and(...items);
}

/**
 * A report's answer for a call core has read (`readReportCall`: its grouping, range and as-of
 * day): the caller needs view on the report's rows (and on its history), and reaches the rows
 * a Query would give them; the where is read as a Query's (a 400 naming its position) before any
 * statement. Each answer is one statement. `today` is the company's.
 */
export async function runReport(db: Kysely<DB>, call: ReportCall, actor: Actor, today: string): Promise<ReportAnswer> {
  const { report, grouping, range, asOf } = call;
  const def = report.resource;
  requireAccess(actor, def.access.view, "view", def.name);
  const history = historyOf(report.measure);
  if (history) requireAccess(actor, history.table.access.view, "view", history.table.name);
  const where = parseResourceWhere(def, call.where);
  const body = history
    ? await statusReport(db, call, history, readableRows(def, where, actor), today)
    : await totalsReport(db, call, where, actor);
  return {
    ...body,
    meta: { ...body.meta, by: grouping.name, from: range?.from ?? null, to: range?.to ?? null, asOf },
  };
}

/**
 * Whether GET /API/Totals/ counts this grouping as the report does: of the rows as they are, by
 * a column the resource is totalled by, named and summed as the report's declaration says.
 */
function totalledByTotals(def: Resource, call: ReportCall): string | undefined {
  const { by } = call.grouping;
  const { measure } = call.report;
  if (call.asOf !== null || typeof by !== "object" || def.totals === undefined) return undefined;
  const sums = measure.kind === "sum" ? def.totals.sum === measure.column : def.totals.sum === undefined;
  return sums && by.label !== undefined && def.totals.by[by.column] === by.label ? by.column : undefined;
}

/** A report of rows counted or summed by a grouping: Totals' where it serves it, else a grouping of the report's own. */
async function totalsReport(db: Kysely<DB>, call: ReportCall, where: Where | null, actor: Actor): Promise<Body> {
  const { report, grouping, range, asOf } = call;
  const def = report.resource;
  const dated = range && report.dateColumn ? rangeWhere(report.dateColumn, range) : null;
  const rows = allOf(dated, where);
  const column = totalledByTotals(def, call);
  const limit = TOTALS_PAGE_GROUPS;
  if (column) {
    const input = { table: def.name, by: column, where: printWhere(rows), order: grouping.order, rowLimit: limit };
    return { ...(await runTotals(db, def, input, actor)), series: [] };
  }
  const measure = report.measure;
  const sum =
    measure.kind === "sum"
      ? { column: measure.column, money: def.columns[measure.column]?.type === "money" }
      : undefined;
  const table = sql.table(def.name);
  const from =
    asOf !== null && report.asOf?.from === "audit" ? rowsAsOf(def, endOfDay(asOf), report.asOf.created) : table;
  const grouped = await groupRows(db, {
    from,
    where: readableRows(def, rows, actor),
    ...groupOf(def, grouping, report.dateColumn, range),
    ...(sum ? { sum } : {}),
    order: grouping.order,
    limit,
  });
  return { ...grouped, series: [] };
}

/** What a grouping's groups are and how they are named, over the report's rows. */
function groupOf(def: Resource, grouping: ReportGrouping, dateColumn: string | undefined, range: ReportCall["range"]) {
  const { by } = grouping;
  if (by === "month" && dateColumn && range) {
    return { key: sql.ref(dateColumn), names: { kind: "months" as const, months: monthsOf(range) } };
  }
  if (typeof by !== "object") throw new Error(`${def.name} is not grouped by ${String(by)}`);
  const names =
    by.label !== undefined ? { kind: "column" as const, column: by.label } : columnNames(def.columns[by.column]);
  if (!names) throw new Error(`nothing names ${def.name}.${by.column}`);
  return { key: sql.ref(by.column), names };
}

/** A report of a status history: the statuses at one moment or at each month's end, or the days spent in each. */
async function statusReport(
  db: Kysely<DB>,
  call: ReportCall,
  history: StatusHistory,
  reached: RawBuilder<unknown>,
  today: string,
): Promise<StatusAnswer> {
  const { report, grouping, range, asOf } = call;
  const def = report.resource;
  const known = asOf !== null ? endOfDay(asOf) : undefined;
  const statuses: Statuses = {
    history,
    records: sql`select ${sql.ref(history.record)} from ${sql.table(def.name)} where ${reached}`,
    ...(known ? { known } : {}),
  };
  const { by } = grouping;
  if (report.measure.kind === "inStatus") {
    if (by === "status") {
      // At the end of the day asked as of, or of the range (or now, if that is later).
      const moment = known ?? sql`least(${range ? endOfDay(range.to) : sql`now()`}, now())`;
      return inStatusAt(db, statuses, moment, grouping.order);
    }
    if (by === "month" && range) {
      // No month after today's (or the day asked as of): its end is not yet.
      const last = [range.to, today, ...(asOf !== null ? [asOf] : [])].reduce((a, b) => (a < b ? a : b));
      return inStatusByMonth(db, statuses, monthStart(range.from), monthStart(last));
    }
  }
  if (report.measure.kind === "daysInStatus" && range) {
    const bounds = { start: startOfDay(range.from), end: endOfDay(range.to) };
    const page = { order: grouping.order, limit: TOTALS_PAGE_GROUPS };
    if (by === "status") return daysInStatus(db, statuses, bounds, { status: true }, page);
    if (typeof by === "object" && by.column === history.record && by.label !== undefined) {
      const record = { table: def.name, key: by.column, label: by.label };
      return daysInStatus(db, statuses, bounds, { record }, page);
    }
  }
  throw new Error(`report ${report.id} has no way to answer by ${grouping.name}`);
}
