import {
  type FieldKind,
  printWhere,
  RESOURCES,
  type Reference,
  type Where,
  whereBuilder,
  whereEquals,
} from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { type QueryParams, queryRows } from "../../api/client";
import { tableKey } from "../../services/query-keys";

export type Row = Record<string, unknown>;

// A table declared small holds far fewer: a guard, not a page.
const MAX_LISTED = 1_000;

/**
 * Whether a select lists every row of its reference at once (a table declared small, such as
 * the lookup lists) rather than searching the table on the server.
 */
export const listedWhole = (reference: Reference) => RESOURCES.get(reference.table)?.small === true;

/**
 * What every row a reference offers meets: its list (a lookup group), and, for a reference
 * `within` another field, that field's value in the form (a contact of the chosen client).
 */
export function referenceConditions(reference: Reference, within: string | undefined): Where[] {
  const w = whereBuilder();
  return [
    ...(reference.group === undefined ? [] : [w.eq("appLookupParentID", reference.group)]),
    ...(reference.within && within ? [w.eq(reference.within, Number(within))] : []),
  ];
}

/** The conditions as one where ("" for none). */
export const printAll = (conditions: readonly Where[]) =>
  conditions.length === 0 ? "" : printWhere(whereBuilder().and(...conditions));

/**
 * The where of a select searched on the server: the rows it offers (only active ones, where
 * the reference has a flag) whose label holds the term ("" for its first rows); null while a
 * reference `within` another field has no value there yet, when there is nothing to offer.
 */
export function searchWhere(reference: Reference, within: string | undefined, term: string): string | null {
  if (reference.within !== undefined && !within) return null;
  const w = whereBuilder();
  const { activeColumn } = reference;
  return printAll([
    ...referenceConditions(reference, within),
    ...(activeColumn ? [w.eq(activeColumn, 1)] : []),
    ...(term ? [w.contains(reference.label, term)] : []),
  ]);
}

/** A reference's rows, a list's in its order and a table's by name: the options of a select. */
export function referenceRowsQuery(reference: Reference, within?: string) {
  const { table, group, activeColumn } = reference;
  const fields = [reference.value, reference.label, ...(activeColumn ? [activeColumn] : [])].join(",");
  const where = printAll(referenceConditions(reference, within));
  const params = {
    table,
    fields,
    where,
    order: group === undefined ? reference.label : "appLookupSort",
    rowLimit: MAX_LISTED,
  };
  return queryOptions({
    queryKey: tableKey.answer(params),
    queryFn: () => queryRows<Row>(params),
    staleTime: 60_000,
  });
}

/** The call that reads the one row a value names, with its label. */
export function referenceRowParams(reference: Reference, value: string): QueryParams {
  return {
    table: reference.table,
    fields: `${reference.value},${reference.label}`,
    where: whereEquals(reference.value, Number(value)),
    rowLimit: 1,
  };
}

/**
 * The one row a reference names, for the label of a value the select's rows may not hold (a
 * stored record's, beyond the first rows).
 */
export function referenceRowQuery(reference: Reference, value: string) {
  const params = referenceRowParams(reference, value);
  return queryOptions({
    queryKey: tableKey.first(params),
    queryFn: async () => (await queryRows<Row>(params)).data[0] ?? null,
    staleTime: 60_000,
  });
}

/** The reference a declared field picks from; a field that picks none is a mistake of the declaration. */
export function referenceOf(field: FieldKind | undefined): Reference {
  if (field?.kind !== "reference") throw new Error("the field is not a reference");
  return field.reference;
}
