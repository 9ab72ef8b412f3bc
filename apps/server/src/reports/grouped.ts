import type { ColumnNames } from "@office/core";
import { RESOURCES, type Reference, type TotalsOrder, type TotalsResponse } from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { GroupRow } from "../data/totals.js";
import type { DB } from "../db/schema.js";

/**
 * How the groups of a grouping are named: by a column of the rows, by the grouped column's own
 * names, or (months) each group a month of a date column, by its place among the range's months.
 */
export type GroupNames = { kind: "column"; column: string } | ColumnNames | { kind: "months"; months: string[] };

export interface Grouping {
  /** The rows: a table or view, or a subquery named as one (rows as of a day). */
  from: RawBuilder<unknown>;
  /** The rows counted: the where's and the caller's (data/row-scope.ts). */
  where: RawBuilder<unknown>;
  /** What each row's group is: a column's value (months: the date column, placed among the months). */
  key: RawBuilder<unknown>;
  names: GroupNames;
  /** The column summed, and whether it is an amount (summed exactly, answered as its decimal text). */
  sum?: { column: string; money: boolean };
  order: TotalsOrder;
  limit: number;
}

/** The table a reference names its values from, joined to the groups as `n` with `n.label`. */
export function namesJoin(reference: Reference, key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`left join (select ${sql.ref(reference.value)} as value, ${sql.ref(reference.label)} as label,
      ${namesRank(reference)} as rank from ${sql.table(reference.table)}) n on n.value = ${key}`;
}

/** A name's place in the order its table declares (a list's own order: the statuses as the Lists page orders them). */
function namesRank(reference: Reference): RawBuilder<unknown> {
  const order = [...(RESOURCES.get(reference.table)?.order ?? [reference.label]), reference.value];
  return sql`row_number() over (order by ${sql.join(order.map((column) => sql.ref(column)))})`;
}

/** The choices of a column as a table of their values (as text) and labels, joined to the groups as `n`. */
function choicesJoin(names: Extract<ColumnNames, { kind: "choices" }>, key: RawBuilder<unknown>) {
  const values = names.options.map((option) => String(option.value));
  const labels = names.options.map((option) => option.label);
  return sql`left join unnest(${values}::text[], ${labels}::text[]) as n(value, label) on n.value = ${key}::text`;
}

/** A grouping's parts: each row's group, and each group's key and name as answered (over `g`, joined to `join`). */
function naming({ names, key }: Grouping) {
  const grouped = sql.ref("g.key");
  switch (names.kind) {
    case "column":
      return { group: key, label: sql`min(${sql.ref(names.column)})`, key: grouped, name: sql`g.label`, join: sql`` };
    case "months": {
      // A row's month found among the months' first instants (a search of a short array), not its
      // moment turned into text in the zone, a row at a time: the groups are their places.
      const month = sql`(${names.months}::text[])[g.key]`;
      const starts = names.months.map((first) => `${first}-01`);
      const group = sql`width_bucket(${key}, ${starts}::timestamptz[])`;
      return { group, label: sql`null`, key: month, name: month, join: sql`` };
    }
    case "reference":
      return {
        group: key,
        label: sql`null`,
        key: grouped,
        name: sql`n.label`,
        join: namesJoin(names.reference, grouped),
      };
    case "choices":
      return { group: key, label: sql`null`, key: grouped, name: sql`n.label`, join: choicesJoin(names, grouped) };
  }
}

/**
 * Rows counted (and a column summed) by a key, each group with its name, in one statement:
 * what GET /API/Totals/ does for a grouping a resource declares (data/totals.ts, which the
 * reports call for those), for what it does not: a month of a date column, rows as of a past
 * day, groups named by a reference or a choice. Few groups (months, cards, people), so each is
 * named before the limit. The grand totals count every group, also those past the limit.
 */
export async function groupRows(db: Kysely<DB>, grouping: Grouping): Promise<TotalsResponse> {
  const { sum } = grouping;
  const parts = naming(grouping);
  const total = sum ? sql`coalesce(sum(${sql.ref(sum.column)}), 0)` : sql`0`;
  const exact = (value: RawBuilder<unknown>) => (sum?.money ? sql`${value}::numeric(16,2)` : sql`${value}::bigint`);
  const value = (text: string | number | undefined) => (sum?.money ? String(text ?? "0.00") : Number(text ?? 0));
  // Bare names: the select orders by its own output columns.
  const order = grouping.order === "label" ? sql`"label" nulls last, "key"` : sql`"total" desc, "count" desc, "key"`;
  const { rows } = await sql<GroupRow>`with g as (
      select ${parts.group} as key, ${parts.label} as label, count(*)::int as count, ${total} as total
      from ${grouping.from} where ${grouping.where} group by 1
    )
    select ${parts.key} as key, ${parts.name} as label, g.count, ${exact(sql`g.total`)} as total,
      (count(*) over ())::int as groups, sum(g.count) over () as all_rows, ${exact(sql`sum(g.total) over ()`)} as grand
    from g ${parts.join} order by ${order} limit ${grouping.limit}`.execute(db);
  const first = rows[0];
  return {
    data: rows.map((row) => ({ key: row.key, label: row.label, count: row.count, total: value(row.total) })),
    meta: { TotalRecords: first?.groups ?? 0, count: Number(first?.all_rows ?? 0), total: value(first?.grand) },
  };
}
