import {
  LOOKUP_LISTS,
  type LookupList,
  type RowOf,
  recordForm,
  tblAppLookup,
  whereBuilder,
  whereEquals,
} from "@office/core";
import { rowsQuery } from "../../services/rows-query";

/** One value of a list, as tblAppLookup keeps it. */
export type LookupRow = RowOf<typeof tblAppLookup>;

/** What a row edits in place: its rules and labels come from the declaration of tblAppLookup. */
export const LOOKUP_FORM = recordForm(tblAppLookup, [
  "appLookupValue",
  "appLookupCode",
  "appLookupPrompt",
  "appLookupMisc",
]);
export type LookupField = (typeof LOOKUP_FORM.names)[number];

const FIELDS = [
  "appLookupID",
  "appLookupParentID",
  "appLookupValue",
  "appLookupCode",
  "appLookupPrompt",
  "appLookupSort",
  "appLookupMisc",
] as const;

/** The list a /list/<name> address shows (the address without the router's basename). */
export function findList(pathname: string): LookupList | undefined {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return LOOKUP_LISTS.find((list) => list.path === path);
}

/** The values of one list, in their order (appLookupSort, then id). */
export function lookupRowsQuery(group: string) {
  const w = whereBuilder<(typeof FIELDS)[number]>();
  return rowsQuery<LookupRow>({
    table: tblAppLookup.name,
    fields: FIELDS.join(","),
    where: whereEquals("appLookupParentID", group),
    order: w.printOrder([w.asc("appLookupSort"), w.asc("appLookupID")]),
    rowLimit: 1_000,
  });
}

/** The sort of a value added at the bottom: one past the largest. */
export function nextSort(rows: readonly LookupRow[]): number {
  return rows.reduce((max, row) => Math.max(max, row.appLookupSort ?? -1), -1) + 1;
}

/** The ids in the order they would be with the value at `index` moved by `by` places. */
export function movedIds(rows: readonly LookupRow[], index: number, by: -1 | 1): number[] {
  const ids = rows.map((row) => row.appLookupID);
  const to = index + by;
  if (to < 0 || to >= ids.length) return ids;
  [ids[index], ids[to]] = [ids[to] as number, ids[index] as number];
  return ids;
}
