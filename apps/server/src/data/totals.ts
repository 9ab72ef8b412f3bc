import { type Resource, TOTALS_MAX_GROUPS, TOTALS_ORDERS, TOTALS_PAGE_GROUPS, type TotalsResponse } from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { type Actor, requireAccess } from "./actor.js";
import { parseResourceWhere } from "./query.js";
import { readableRows } from "./row-scope.js";

export const totalsInput = z.strictObject({
  table: z.string().min(1).max(64),
  by: z.string().min(1).max(64),
  where: z.string().default(""),
  order: z.enum(TOTALS_ORDERS).default("label"),
  rowLimit: z.coerce.number().int().min(1).max(TOTALS_MAX_GROUPS).default(TOTALS_PAGE_GROUPS),
});
export type TotalsInput = z.output<typeof totalsInput>;

interface GroupRow {
  key: number | string | null;
  label: string | null;
  count: number;
  total: string | number;
  groups: number;
  all_rows: string | number;
  grand: string | number;
}

/**
 * GET /API/Totals/: the rows a where matches, counted (and summed, where the resource sums a
 * column) by one of the columns the resource declares, each group with its name, in one
 * statement. The grand totals count every group, also those past the row limit.
 *
 * The rows are grouped by their key first. A grouping whose names come from a table of their
 * own (`totals.names`: thousands of projects) names only the groups it sends, so the grouping
 * does not carry a name through every row; other groupings (few: cards, people, months) take
 * each group's name from its rows. docs/decisions.md#totals has the measurements.
 */
export async function runTotals(
  db: Kysely<DB>,
  def: Resource,
  input: TotalsInput,
  actor: Actor,
): Promise<TotalsResponse> {
  requireAccess(actor, def.access.view, "view", def.name);
  const totals = def.totals;
  if (!totals) throw AppError.badRequest(`${def.name} has no totals.`, { table: "has no totals" });
  const label = Object.hasOwn(totals.by, input.by) ? totals.by[input.by] : undefined;
  if (!label) {
    const known = Object.keys(totals.by).join(", ");
    throw AppError.badRequest(`${def.name} is totalled by ${known}, not ${input.by}.`, { by: "is not a total" });
  }
  const names = totals.names && Object.hasOwn(totals.names, input.by) ? totals.names[input.by] : undefined;
  const where = readableRows(def, parseResourceWhere(def, input.where), actor);
  const key = sql.ref(input.by);
  const sum = totals.sum ? sql`coalesce(sum(${sql.ref(totals.sum)}), 0)` : sql`0`;
  // Amounts are summed exactly and answered as their decimal text; counts and minutes as numbers.
  const money = totals.sum !== undefined && def.columns[totals.sum]?.type === "money";
  const exact = (total: RawBuilder<unknown>) => (money ? sql`${total}::numeric(16,2)` : sql`${total}::bigint`);
  const value = (total: string | number | undefined) => (money ? String(total ?? "0.00") : Number(total ?? 0));

  const rowLabel = names ? sql`` : sql`, min(${sql.ref(label)}) as label`;
  const named = (group: string) => sql`left join ${sql.table(names ?? "")} n on n.${key} = ${sql.ref(`${group}.key`)}`;
  const nameOf = sql`, n.${sql.ref(label)} as label`;
  // The largest first (by count where nothing is summed), or by name; the key keeps ties in one order.
  const order = (of: string) =>
    input.order === "total"
      ? sql`${sql.ref(`${of}.total`)} desc, ${sql.ref(`${of}.count`)} desc, ${sql.ref(`${of}.key`)}`
      : sql`${sql.ref(`${of}.label`)} nulls last, ${sql.ref(`${of}.key`)}`;
  // By name, the groups are named before the limit; largest first, only the groups kept.
  const nameFirst = names !== undefined && input.order === "label";
  const nameLast = names !== undefined && input.order === "total";
  const { rows } = await sql<GroupRow>`with g as (
      select ${key} as key${rowLabel}, count(*)::int as count, ${sum} as total
      from ${sql.table(def.name)} where ${where} group by ${key}
    ), l as (
      select g.*${nameFirst ? nameOf : sql``} from g ${nameFirst ? named("g") : sql``}
    ), t as (
      select l.*, (count(*) over ())::int as groups, sum(l.count) over () as all_rows, sum(l.total) over () as grand
      from l order by ${order("l")} limit ${input.rowLimit}
    )
    select t.key, ${nameLast ? sql`n.${sql.ref(label)}` : sql`t.label`} as label, t.count, ${exact(sql`t.total`)} as total,
      t.groups, t.all_rows, ${exact(sql`t.grand`)} as grand
    from t ${nameLast ? named("t") : sql``} order by ${order("t")}`.execute(db);
  const first = rows[0];
  return {
    data: rows.map((row) => ({ key: row.key, label: row.label, count: row.count, total: value(row.total) })),
    meta: {
      TotalRecords: first?.groups ?? 0,
      count: Number(first?.all_rows ?? 0),
      total: value(first?.grand ?? (money ? "0.00" : 0)),
    },
  };
}
