import { type Column, col } from "./column.js";
import { type ResourceDef, resource, type Totals } from "./resource.js";

/**
 * A table's rows with the names of what they refer to (a department, a manager, a category):
 * what its list shows, searches and exports. Read with the table's own view right; the
 * table's columns are declared once, on the table.
 */
export function listView<C extends Record<string, Column>, E extends Record<string, Column>>(
  table: ResourceDef<C>,
  name: string,
  names: E,
  reads: readonly string[],
  totals?: Totals<keyof (C & E) & string>,
): ResourceDef<C & E> {
  return resource({
    name,
    kind: "view",
    key: table.key,
    access: { view: table.access.view, add: null, change: null, del: null },
    reads: [table.name, ...reads],
    ...(table.order ? { order: table.order } : {}),
    ...(totals ? { totals } : {}),
    columns: { ...table.columns, ...names } as C & E,
  });
}

/**
 * The name of what a row refers to, as a list view gives it: searchable, exported; a link to
 * that record where it `names` one (a client by the row's projectClientID), a pill where it is
 * a `status`.
 */
export const nameColumn = (label: string, options: Pick<Column, "names" | "status"> = {}) => ({
  ...col.text(255, { nullable: true, searchable: true, label }),
  ...options,
});

/** A name column linking to the record of `table` whose key the row holds in `key`. */
export const refName = (label: string, key: string, table: string) => nameColumn(label, { names: { key, table } });
