import { queryOptions } from "@tanstack/react-query";
import { type QueryParams, queryRows } from "../api/client";
import { tableKey } from "./query-keys";

/** Rows of a table or view as a page reads them into the cache: keyed by the request, answering its rows. */
export function rowsQuery<Row>(params: QueryParams) {
  return queryOptions({
    queryKey: tableKey.rows(params),
    queryFn: async () => (await queryRows<Row>(params)).data,
  });
}
