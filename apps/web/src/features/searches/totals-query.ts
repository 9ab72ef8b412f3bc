import { type Resource, TOTALS_PAGE_GROUPS, type TotalsOrder } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { queryTotals } from "../../api/client";
import { tableKey } from "../../services/query-keys";

/**
 * The totals of what a search found, by one column: the first TOTALS_PAGE_GROUPS groups in
 * the order asked (past them the table says how many it left out, and its export asks for
 * all). Keyed under the list's name, so a write to a table the list reads refreshes them like
 * the list itself. Any resource with totals will do (the project page's notes, the dashboard's
 * counts).
 */
export const totalsQuery = (list: Pick<Resource, "name">, by: string, where: string, order?: TotalsOrder) =>
  queryOptions({
    queryKey: tableKey.totals(list.name, { by, where, order }),
    queryFn: () => queryTotals({ table: list.name, by, where, order, rowLimit: TOTALS_PAGE_GROUPS }),
  });
