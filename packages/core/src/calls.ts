/** The answer of GET /API/Query/ (DESIGN.md): rows and the total of the search. */
export interface QueryResponse<Row = Record<string, unknown>> {
  data: Row[];
  /** confirmRequired: the total is over the confirm threshold and no rows came (docs/product-rules.md#widgets). */
  meta: { TotalRecords: number; confirmRequired?: true };
}

/** The answer of POST /API/ExecuteQuery/. */
export interface ExecuteQueryResponse<Row = Record<string, unknown>> {
  data: Row[];
}

/** One group of GET /API/Totals/: its key, the name of what it is, its rows and their sum. */
export interface TotalRow {
  key: number | string | null;
  label: string | null;
  count: number;
  /** The sum: a number, or an amount's decimal text ("1234.50") where the summed column is money. */
  total: number | string;
}

/**
 * How GET /API/Totals/ orders its groups: by name (`label`, the default; a month's name is its
 * date, so months come in order), or the largest sum first (`total`; the count where nothing is
 * summed), as a finance team reads spending.
 */
export const TOTALS_ORDERS = ["label", "total"] as const;
export type TotalsOrder = (typeof TOTALS_ORDERS)[number];

/** The answer of GET /API/Totals/: the groups (by name), how many there are, and the grand totals. */
export interface TotalsResponse {
  data: TotalRow[];
  meta: { TotalRecords: number; count: number; total: number | string };
}

/** The most missing receipts a user is shown at once; the count says how many there are. */
export const MISSING_RECEIPTS_SHOWN = 100;

/** The most files GET /API/Upload/ lists of one record: a call's cost stays bounded. */
export const RECORD_FILES_LISTED = 500;

/** What POST /API/Upload/ answers: the file it kept, by its id, name and size. */
export interface UploadAnswer {
  status: "success";
  id: string;
  fileName: string;
  size: number;
}

/** One file of a record, as GET /API/Upload/ lists them (oldest first). */
export interface UploadedFile {
  uploadID: string;
  fileName: string;
  contentType: string;
  size: number;
  /** When it was added: an instant (ISO 8601, UTC). */
  createdTS: string;
  empID: number | null;
  /** Who added it, by name (null where nobody known did). */
  addedBy: string | null;
}
