/** The answer of GET /API/Query/ (DESIGN.md): rows and the total of the search. */
export interface QueryResponse<Row = Record<string, unknown>> {
  data: Row[];
  /** confirmRequired: the total is over the confirm threshold and no rows came (spec 4, Table). */
  meta: { TotalRecords: number; confirmRequired?: true };
}

/** The answer of POST /API/ExecuteQuery/. */
export interface ExecuteQueryResponse<Row = Record<string, unknown>> {
  data: Row[];
}
