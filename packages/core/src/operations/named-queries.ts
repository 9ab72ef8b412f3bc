import type { OfficeHours } from "../my-week.js";
import type { RowOf } from "../resources/column.js";
import type { Grant } from "../resources/resource.js";
import type { tblEmployee } from "../resources/tblEmployee.js";

/**
 * A query POST /API/ExecuteQuery/ runs by its name, declared once as data and types: who may
 * run it, the tables and views its rows are read from (a change to one makes them stale), and
 * its row. The server runs it by the name (data/named-queries.ts); the web app reads it through
 * its typed client (api/client.ts's executeQuery, keyed by services/query-keys.ts's namedKey).
 */
export interface NamedQuery<Row = unknown> {
  /** Who may run it (checked like a resource's view: no permission rows is 'Access Denied!'). */
  access: Grant;
  /** What it answers, for the API document. */
  summary: string;
  reads: readonly string[];
  /** Types only, never set: a row of its answer. */
  readonly types?: { row: Row };
}

const named = <Row>(def: Omit<NamedQuery<Row>, "types">): NamedQuery<Row> => def;

/** An administrator as the access granters' query answers them: how to reach them. */
export type AccessGranter = Pick<
  RowOf<typeof tblEmployee>,
  "empID" | "empFirstName" | "empLastName" | "empEmail" | "empOfficeExtention"
>;

export const NAMED_QUERIES = {
  // The shell loads it for everyone signed in: the inbox is always allowed.
  pendingApprovalCount: named<{ TotalCount: number }>({
    access: "everyone",
    summary: "How many card requests wait for the caller's decision (exactly those the inbox lists).",
    reads: ["vwCCApprovals"],
  }),
  // For a signed-in user with no permission rows yet: the page they land on names them.
  accessGranters: named<AccessGranter>({
    access: "everyone",
    summary: "Who can grant access: active administrators, the first 10 by name.",
    reads: ["tblEmployee", "tblPermission"],
  }),
  // Of their own row only, whoever may or may not view tblEmployee.
  myOfficeHours: named<OfficeHours>({
    access: "anyone",
    summary: "The caller's own office hours of each day (Home's My week).",
    reads: ["tblEmployee"],
  }),
} as const;

export type NamedQueryName = keyof typeof NAMED_QUERIES;
/** A row of a named query's answer. */
export type RowOfQuery<Q> = Q extends { readonly types?: { row: infer R } } ? R : never;
