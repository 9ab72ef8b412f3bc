import { type QueryResponse, TABLE_CONFIRM_THRESHOLD, TABLE_PAGE_SIZE } from "@office/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryRows } from "../../api/client";
import { tableKey } from "../../services/query-keys";

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
 * The rows of a table widget. The first page comes first, with the total, so a large search
 * shows its first rows at once; the rest follows in a second call. A search whose total is over
 * the confirm threshold loads nothing more until the user is asked: Yes loads everything with
 * `continue`, No leaves the table empty. A new search asks again. (The server
 * answers a page whatever the total; it refuses only a full load without `continue`.)
 */
export function useTableRows<Row>(source: TableSource) {
  const [confirm, setConfirm] = useState<Confirm>("none");
  const key = JSON.stringify(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (its key) resets the answer.
  useEffect(() => setConfirm("none"), [key]);

  const proceed = confirm === "yes";
  const asked = { ...source, ...(proceed ? { continue: 1 as const } : {}) };
  // A page, which the server answers whatever the total: Yes needs no second first page.
  const first = { ...source, rowLimit: TABLE_PAGE_SIZE };
  const head = useQuery({
    queryKey: tableKey.answer(first),
    queryFn: (): Promise<QueryResponse<Row>> => queryRows<Row>(first),
    placeholderData: keepPreviousData,
  });
  const answered = head.data !== undefined && !head.isPlaceholderData;
  const total = head.data?.meta.TotalRecords ?? 0;
  const refused = head.data?.meta.confirmRequired === true || (total > TABLE_CONFIRM_THRESHOLD && !proceed);
  const rest = answered && !refused && total > TABLE_PAGE_SIZE;
  const everything = { ...asked, ...(proceed ? {} : { rowLimit: TABLE_CONFIRM_THRESHOLD }) };
  const all = useQuery({
    queryKey: tableKey.answer(everything),
    queryFn: (): Promise<QueryResponse<Row>> => queryRows<Row>(everything),
    enabled: rest,
  });
  // The previous search's answer, shown while the next one loads, must not ask again.
  const needsConfirm = answered && refused && !proceed;
  useEffect(() => {
    if (needsConfirm && confirm === "none") setConfirm("asking");
  }, [needsConfirm, confirm]);

  const rows = refused || confirm === "no" ? NO_ROWS : rest && all.data ? all.data.data : (head.data?.data ?? NO_ROWS);
  return {
    rows,
    total,
    loading: head.isFetching || all.isFetching,
    /** Whether no answer has come yet, not even a previous search's: the total is not known. */
    firstLoad: head.data === undefined,
    /** Whether every row of the search is here (export waits for it). */
    complete: answered && (!rest || all.data !== undefined),
    asking: confirm === "asking",
    answer: (yes: boolean) => setConfirm(yes ? "yes" : "no"),
  };
}
