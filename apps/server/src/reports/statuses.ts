import type { Reference, TotalsOrder } from "@office/core";
import { columnNames, monthsOf, type ReportRow, type ReportSeries, type StatusHistory } from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { startOfDay } from "./days.js";
import { namesJoin } from "./grouped.js";

/** The statuses of some records, from their history. */
export interface Statuses {
  history: StatusHistory;
  /** The records counted: a select of their keys (the report's rows the where and the caller reach). */
  records: RawBuilder<unknown>;
  /** Only the history made before this moment: what was known at the end of a day asked as of. */
  known?: RawBuilder<unknown>;
}

/** A status report's groups, the series they are split into, and the totals over all of them. */
export interface StatusAnswer {
  data: ReportRow[];
  series: ReportSeries[];
  meta: { TotalRecords: number; count: number; total: number };
}

/** Where a history's statuses find their names (core's declaration checks it has one). */
function statusNames({ table, status }: StatusHistory): Reference {
  const names = columnNames(table.columns[status]);
  if (names?.kind !== "reference") throw new Error(`${table.name}.${status} names no status`);
  return names.reference;
}

const history = ({ history: h }: Statuses) => ({
  table: sql.table(h.table.name),
  record: sql.ref(`h.${h.record}`),
  status: sql.ref(`h.${h.status}`),
  at: sql.ref(`h.${h.at}`),
  tie: sql.ref(`h.${h.table.key}`),
});

/** The history rows of the records counted, as far as known. */
function rowsOf(statuses: Statuses): RawBuilder<unknown> {
  const h = history(statuses);
  const known = statuses.known ? sql`and ${h.at} < ${statuses.known}` : sql``;
  return sql`${h.record} in (${statuses.records}) ${known}`;
}

/**
 * Each status a record held: from its row's time until the record's next row (null: still).
 * The window reads a record's rows newest first, as the history's index keeps them.
 */
function periods(statuses: Statuses): RawBuilder<unknown> {
  const h = history(statuses);
  return sql`select ${h.record} as record, ${h.status} as status, ${h.at} as since,
      lag(${h.at}) over (partition by ${h.record} order by ${h.at} desc, ${h.tie} desc) as until
    from ${h.table} h where ${rowsOf(statuses)}`;
}

/** By name, or the largest first (a total, or the count where the total is one): bare names, the select's own columns. */
const byOrder = (order: TotalsOrder) =>
  order === "label" ? sql`"label" nulls last, "key"` : sql`"total" desc, "count" desc, "key"`;

/**
 * How many records were in each status at `moment`: each record's latest row before it (one
 * walk of the history's index, newest first per record), counted by status.
 */
export async function inStatusAt(
  db: Kysely<DB>,
  statuses: Statuses,
  moment: RawBuilder<unknown>,
  order: TotalsOrder,
): Promise<StatusAnswer> {
  const h = history(statuses);
  const { rows } = await sql<{ key: number; label: string | null; count: number; total: number }>`with latest as (
      select distinct on (${h.record}) ${h.status} as status from ${h.table} h
      where ${rowsOf(statuses)} and ${h.at} < ${moment}
      order by ${h.record}, ${h.at} desc, ${h.tie} desc
    )
    select latest.status as key, min(n.label) as label, count(*)::int as count, count(*)::int as total
    from latest ${namesJoin(statusNames(statuses.history), sql`latest.status`)}
    group by latest.status order by ${byOrder(order)}`.execute(db);
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  return {
    data: rows,
    series: [],
    meta: { TotalRecords: rows.length, count, total: count },
  };
}

/**
 * How many records were in each status at the end of each month from `first` to `last` (their
 * first days). A status held from one month into a later one counts at the end of each month
 * from its first to the one before it ends; each period so adds one at its first month's end and
 * takes one away at its last's, and the months' counts are those changes added up in order
 * (periods before the first month add up into it), so no month is joined to every period.
 */
export async function inStatusByMonth(
  db: Kysely<DB>,
  statuses: Statuses,
  first: string,
  last: string,
): Promise<StatusAnswer> {
  const from = startOfDay(first);
  const to = startOfDay(last);
  const { rows } = await sql<{ month: string; status: number; label: string | null; rank: number; n: number }>`
    with p as (
      select status, date_trunc('month', since) as starts, date_trunc('month', until) as ends from (${periods(statuses)}) held
    ), changes as (
      select status, greatest(starts, ${from}) as month, 1 as n from p where starts <= ${to} and (ends is null or ends > starts)
      union all
      select status, greatest(ends, ${from}), -1 from p where ends <= ${to} and ends > starts
    ), monthly as (
      select month, status, sum(n) as n from changes group by month, status
    ), months as (
      select generate_series(${from}, ${to}, interval '1 month') as month
    ), counted as (
      select months.month, s.status,
        sum(coalesce(monthly.n, 0)) over (partition by s.status order by months.month) as n
      from months cross join (select distinct status from monthly) s
      left join monthly on monthly.month = months.month and monthly.status = s.status
    )
    select to_char(counted.month, 'YYYY-MM') as month, counted.status, n.label, n.rank, counted.n::int as n
    from counted ${namesJoin(statusNames(statuses.history), sql`counted.status`)}
    order by n.rank nulls last, counted.status, counted.month`.execute(db);
  const series = seriesOf(rows);
  const byMonth = new Map(monthsOf({ from: first, to: last }).map((month) => [month, {} as Record<string, number>]));
  for (const row of rows) {
    const values = byMonth.get(row.month);
    if (values && row.n !== 0) values[String(row.status)] = row.n;
  }
  const data = [...byMonth].map(([month, values]) => {
    const count = Object.values(values).reduce((sum, n) => sum + n, 0);
    return { key: month, label: month, count, total: count, values };
  });
  // A series over months has no grand total: its meta counts the records at the last month's end.
  const end = data.at(-1)?.count ?? 0;
  return { data, series, meta: { TotalRecords: data.length, count: end, total: end } };
}

/** The statuses met, each once, in the order their list declares (`rank`). */
function seriesOf(rows: ReadonlyArray<{ status: number; label: string | null; rank: number | null }>): ReportSeries[] {
  const series = new Map<string, ReportSeries & { rank: number }>();
  for (const row of rows) {
    const key = String(row.status);
    if (!series.has(key)) series.set(key, { key, label: row.label, rank: row.rank ?? Number.MAX_SAFE_INTEGER });
  }
  return [...series.values()]
    .sort((a, b) => a.rank - b.rank || Number(a.key) - Number(b.key))
    .map(({ key, label }) => ({ key, label }));
}

/** By what the days in status are told: by status, or by record (named by a column of the report's rows). */
export type DaysBy = { status: true } | { record: { table: string; key: string; label: string } };

/**
 * The days records spent in each status within `[start, end)` (end no later than now: the days
 * to come are not spent), each period cut to the range. By status: the records that were in it
 * and their days together. By record: each record's days in the range (a page of records, the
 * most days first or by name), with its days in each status as series. Days to two decimals.
 */
export async function daysInStatus(
  db: Kysely<DB>,
  statuses: Statuses,
  range: { start: RawBuilder<unknown>; end: RawBuilder<unknown> },
  by: DaysBy,
  { order, limit }: { order: TotalsOrder; limit: number },
): Promise<StatusAnswer> {
  const end = sql`least(${range.end}, now())`;
  const spent = sql`with spent as (
      select record, status,
        extract(epoch from least(coalesce(until, ${end}), ${end}) - greatest(since, ${range.start})) / 86400 as days
      from (${periods(statuses)}) p where since < ${end} and (until is null or until > ${range.start})
    ), overall as (
      select count(distinct record)::int as records, round(coalesce(sum(days), 0)::numeric, 2) as days from spent
    )`;
  const names = namesJoin(statusNames(statuses.history), sql`s.status`);
  if ("status" in by) {
    const { rows } = await sql<{
      key: number;
      label: string | null;
      count: number;
      total: string;
      records: number;
      days: string;
    }>`
      ${spent}, g as (
        select status, count(distinct record)::int as count, sum(days) as days from spent group by status
      )
      -- Grouped first, then named: a name joined to each status, not to each period.
      select g.status as key, n.label, g.count, round(g.days::numeric, 2) as total, overall.records, overall.days
      from g cross join overall ${namesJoin(statusNames(statuses.history), sql`g.status`)}
      order by ${byOrder(order)}`.execute(db);
    return {
      data: rows.map((row) => ({ key: row.key, label: row.label, count: row.count, total: Number(row.total) })),
      series: [],
      meta: { TotalRecords: rows.length, count: rows[0]?.records ?? 0, total: Number(rows[0]?.days ?? 0) },
    };
  }
  const { table, key, label } = by.record;
  // The records are summed by their key alone; by name, each is named before the page is cut
  // (thousands of names, not a name on every period), else only the page's records are named.
  const byName = order === "label";
  const recordNames = (of: RawBuilder<unknown>) =>
    sql`left join (select ${sql.ref(key)} as key, ${sql.ref(label)} as label from ${sql.table(table)}) r on r.key = ${of}`;
  // The page's records are chosen by the select's own columns, and kept in that order after.
  const recordOrder = (of = "") =>
    order === "label"
      ? sql`${sql.ref(`${of}label`)} nulls last, ${sql.ref(`${of}record`)}`
      : sql`${sql.ref(`${of}days`)} desc, ${sql.ref(`${of}record`)}`;
  const { rows } = await sql<{
    key: number;
    label: string | null;
    total: string;
    groups: number;
    records: number;
    days: string;
    status: number;
    status_label: string | null;
    status_rank: number | null;
    status_days: string;
  }>`
    ${spent}, records as (
      select record, sum(days) as days from spent group by record
    ), top as (
      select g.record, ${byName ? sql`r.label` : sql`null::text as label`}, g.days, (count(*) over ())::int as groups
      from records g ${byName ? recordNames(sql`g.record`) : sql``} order by ${recordOrder()} limit ${limit}
    )
    select top.record as key, ${byName ? sql`top.label` : sql`r.label`} as label, round(top.days::numeric, 2) as total, top.groups, overall.records,
      overall.days, s.status, n.label as status_label, n.rank as status_rank,
      round(sum(s.days)::numeric, 2) as status_days
    from top join spent s on s.record = top.record cross join overall ${names}
      ${byName ? sql`` : recordNames(sql`top.record`)}
    group by 1, 2, top.days, top.groups, overall.records, overall.days, s.status, n.label, n.rank
    order by ${recordOrder("top.")}, n.rank nulls last, s.status`.execute(db);
  const data = new Map<number, ReportRow & { values: Record<string, number> }>();
  for (const row of rows) {
    let group = data.get(row.key);
    if (!group) {
      group = { key: row.key, label: row.label, count: 1, total: Number(row.total), values: {} };
      data.set(row.key, group);
    }
    group.values[String(row.status)] = Number(row.status_days);
  }
  const first = rows[0];
  return {
    data: [...data.values()],
    series: seriesOf(rows.map((row) => ({ status: row.status, label: row.status_label, rank: row.status_rank }))),
    meta: { TotalRecords: first?.groups ?? 0, count: first?.records ?? 0, total: Number(first?.days ?? 0) },
  };
}
