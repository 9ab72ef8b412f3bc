import { type Resource, TOTALS_MAX_GROUPS } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { queryTotals } from "../../api/client";

/**
 * The totals of what a search found, by one column: every group the server answers (past
 * them the table says how many it left out). Keyed under the list's name, so a write
 * to a table the list reads refreshes them like the list itself. Any resource with totals
 * will do (the project page's notes, the dashboard's counts).
 */
export const totalsQuery = (list: Pick<Resource, "name">, by: string, where: string) =>
  queryOptions({
    queryKey: [list.name, "totals", { by, where }],
    queryFn: () => queryTotals({ table: list.name, by, where, rowLimit: TOTALS_MAX_GROUPS }),
  });
