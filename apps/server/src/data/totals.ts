import { type Resource, TOTALS_MAX_GROUPS, type TotalsResponse } from "@office/core";
import { type Kysely, sql } from "kysely";
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
  rowLimit: z.coerce.number().int().min(1).max(TOTALS_MAX_GROUPS).default(1_000),
});
export type TotalsInput = z.output<typeof totalsInput>;

/**
 * GET /API/Totals/: the rows a where matches, counted (and summed, where the resource sums a
 * column) by one of the columns the resource declares, each group with its name, in one
 * statement. The grand totals count every group, also those past the row limit.
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
  const where = readableRows(def, parseResourceWhere(def, input.where), actor);
  const key = sql.ref(input.by);
  const sum = totals.sum ? sql`coalesce(sum(${sql.ref(totals.sum)}), 0)` : sql`0`;
  // Amounts are summed exactly and answered as their decimal text; counts and minutes as numbers.
  const money = totals.sum !== undefined && def.columns[totals.sum]?.type === "money";
  const summed = money ? sql`${sum}::numeric(16,2)` : sql`${sum}::bigint`;
  const value = (total: string | number | undefined) => (money ? String(total ?? "0.00") : Number(total ?? 0));
  const { rows } = await sql<{
    key: number | string | null;
    label: string | null;
    count: number;
    total: string | number;
    groups: number;
    all_rows: string | number;
    grand: string | number;
  }>`select ${key} as key, min(${sql.ref(label)}) as label, count(*)::int as count, ${summed} as total,
      (count(*) over ())::int as groups, sum(count(*)) over () as all_rows, (sum(${sum}) over ())${money ? sql`::numeric(16,2)` : sql``} as grand
    from ${sql.table(def.name)} where ${where}
    group by ${key} order by label nulls last, key limit ${input.rowLimit}`.execute(db);
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
