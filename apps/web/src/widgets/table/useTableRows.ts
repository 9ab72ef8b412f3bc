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
  const needsConfirm = query.data?.meta.confirmRequired === true && !proceed;
  useEffect(() => {
    if (needsConfirm && confirm === "none") setConfirm("asking");
  }, [needsConfirm, confirm]);

  return {
    rows: needsConfirm || confirm === "no" ? [] : (query.data?.data ?? []),
    total: query.data?.meta.TotalRecords ?? 0,
    loading: query.isFetching,
    asking: confirm === "asking",
    answer: (yes: boolean) => setConfirm(yes ? "yes" : "no"),
  };
}
