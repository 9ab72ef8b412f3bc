import { type FieldKind, printWhere, type Reference, type Where, whereBuilder } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { queryRows } from "../../api/client";

export type Row = Record<string, unknown>;

// Enough for any list or directory a select should offer; the box searches what it holds.
const MAX_OPTIONS = 5_000;

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

/** A reference's rows, a list's in its order and a table's by name: the options of a select. */
export function referenceRowsQuery(reference: Reference, within?: string) {
  const { table, group, activeColumn } = reference;
  const fields = [reference.value, reference.label, ...(activeColumn ? [activeColumn] : [])].join(",");
  const where = printAll(referenceConditions(reference, within));
  return queryOptions({
    queryKey: [table, "list", { fields, where }],
    queryFn: () =>
      queryRows<Row>({
        table,
        fields,
        where,
        order: group === undefined ? reference.label : "appLookupSort",
        rowLimit: MAX_OPTIONS,
      }),
    staleTime: 60_000,
  });
}

/** The one row a reference names (its value and label), for a box that does not list every row. */
export function referenceRowQuery(reference: Reference, value: string) {
  const { table } = reference;
  const fields = `${reference.value},${reference.label}`;
  return queryOptions({
    queryKey: [table, "one", Number(value), { fields }],
    queryFn: async () => {
      const w = whereBuilder();
      const { data } = await queryRows<Row>({
        table,
        fields,
        where: w.print(w.eq(reference.value, Number(value))),
        rowLimit: 1,
      });
      return data[0] ?? null;
    },
    staleTime: 60_000,
  });
}

/** The reference a declared field picks from; a field that picks none is a mistake of the declaration. */
export function referenceOf(field: FieldKind | undefined): Reference {
  if (field?.kind !== "reference") throw new Error("the field is not a reference");
  return field.reference;
}
