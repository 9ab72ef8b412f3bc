import {
  RESOURCES,
  type Resource,
  resourceName,
  TOTALS_MAX_GROUPS,
  TOTALS_ORDERS,
  TOTALS_PAGE_GROUPS,
  type TotalsResponse,
} from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { type Actor, requireAccess } from "./actor.js";
import { languageText, readable } from "./inputs.js";
import { parseResourceWhere } from "./query.js";
import { readableRows } from "./row-scope.js";

/** The columns some table or view is totalled by: which of them a table takes is its own. */
const totalledBy = [...new Set([...RESOURCES.values()].flatMap((def) => Object.keys(def.totals?.by ?? {})))];

export const totalsInput = z.strictObject({
  table: resourceName((def) => readable(def) && def.totals !== undefined, "has no totals"),
  by: z.enum(totalledBy as [string, ...string[]], { error: "is not a total" }),
  where: languageText("where").default(""),
  order: z.enum(TOTALS_ORDERS).default("label"),
  rowLimit: z.coerce.number().int().min(1).max(TOTALS_MAX_GROUPS).default(TOTALS_PAGE_GROUPS),
});
export type TotalsInput = z.output<typeof totalsInput>;

/** A group as the totals' statement answers it, with the grand totals on each row. */
export interface GroupRow {
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

  // The largest first (by count where nothing is summed), or by name; the key keeps ties in one
  // order. Bare names: each select orders by its own output columns.
  const byName = input.order === "label";
  const order = byName ? sql`"label" nulls last, "key"` : sql`"total" desc, "count" desc, "key"`;
  // A grouping named from a table of its own is named before the limit when ordered by name,
  // and after it, for the groups kept only, when the largest come first.
  const nameBefore = names !== undefined && byName;
  const nameAfter = names !== undefined && !byName;
  const named = sql`n.${sql.ref(label)}`;
  const joinNames = (of: string) => sql`left join ${sql.table(names ?? "")} n on n.${key} = ${sql.ref(`${of}.key`)}`;
  const { rows } = await sql<GroupRow>`with g as (
      select ${key} as key${names ? sql`` : sql`, min(${sql.ref(label)}) as label`}, count(*)::int as count,
        ${sum} as total
      from ${sql.table(def.name)} where ${where} group by ${key}
    ), t as (
      select g.*${nameBefore ? sql`, ${named} as label` : sql``}, (count(*) over ())::int as groups,
        sum(g.count) over () as all_rows, sum(g.total) over () as grand
      from g ${nameBefore ? joinNames("g") : sql``} order by ${order} limit ${input.rowLimit}
    )
    select t.key, ${nameAfter ? named : sql`t.label`} as label, t.count, ${exact(sql`t.total`)} as total,
      t.groups, t.all_rows, ${exact(sql`t.grand`)} as grand
    from t ${nameAfter ? joinNames("t") : sql``} order by ${order}`.execute(db);
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
