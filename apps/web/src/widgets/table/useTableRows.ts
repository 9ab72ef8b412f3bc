import { type QueryResponse, TABLE_CONFIRM_THRESHOLD } from "@office/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryRows } from "../../api/client";

export interface TableSource {
  table: string;
  fields: string;
  where: string;
  order?: string;
}

type Confirm = "none" | "asking" | "yes" | "no";

// One empty list for every empty table: a new [] on each render would look like new data to
// the table and reset it, render after render.
const NO_ROWS: never[] = [];

/**
 * The rows of a table widget. A search over the confirm threshold answers its total alone;
 * the user is asked, and Yes loads everything with `continue`, No leaves the table empty
 * (spec 4, Table). A new search asks again.
 */
export function useTableRows<Row>(source: TableSource) {
  const [confirm, setConfirm] = useState<Confirm>("none");
  const key = JSON.stringify(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (its key) resets the answer.
  useEffect(() => setConfirm("none"), [key]);

  const proceed = confirm === "yes";
  const query = useQuery({
    queryKey: [source.table, "list", { ...source, continue: proceed }],
    queryFn: (): Promise<QueryResponse<Row>> =>
      queryRows<Row>({ ...source, ...(proceed ? { continue: 1 } : { rowLimit: TABLE_CONFIRM_THRESHOLD }) }),
    placeholderData: keepPreviousData,
  });
  // The previous search's answer, shown while the next one loads, must not ask again.
  const needsConfirm = !query.isPlaceholderData && query.data?.meta.confirmRequired === true && !proceed;
  useEffect(() => {
    if (needsConfirm && confirm === "none") setConfirm("asking");
  }, [needsConfirm, confirm]);

  return {
    rows:
      needsConfirm || confirm === "no" || query.data?.meta.confirmRequired ? NO_ROWS : (query.data?.data ?? NO_ROWS),
    total: query.data?.meta.TotalRecords ?? 0,
    loading: query.isFetching,
    asking: confirm === "asking",
    answer: (yes: boolean) => setConfirm(yes ? "yes" : "no"),
  };
}
