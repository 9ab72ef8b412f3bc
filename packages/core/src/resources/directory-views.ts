import { col } from "./column.js";
import { type ResourceDef, resource } from "./resource.js";
import { tblClient } from "./tblClient.js";
import { tblEmployee } from "./tblEmployee.js";
import { tblVendor } from "./tblVendor.js";

/**
 * A table's rows with the names of what they refer to (a department, a manager, a category):
 * what its list shows, searches and exports. Read with the table's own view right; the
 * table's columns are declared once, on the table.
 */
function listView<C extends ResourceDef["columns"], E extends ResourceDef["columns"]>(
  table: ResourceDef<C>,
  name: string,
  names: E,
  reads: readonly string[],
): ResourceDef<C & E> {
  return resource({
    name,
    kind: "view",
    key: table.key,
    access: { view: table.access.view, add: null, change: null, del: null },
    reads: [table.name, ...reads],
    ...(table.order ? { order: table.order } : {}),
    columns: { ...table.columns, ...names },
  });
}

const name = (label: string) => col.text(255, { nullable: true, searchable: true, label });

export const vwEmployeeDirectory = listView(
  tblEmployee,
  "vwEmployeeDirectory",
  { empName: name("Name"), departmentName: name("Department"), managerName: name("Manager") },
  ["tblAppLookup"],
);

export const vwClientDirectory = listView(
  tblClient,
  "vwClientDirectory",
  { masterClientName: name("Master Client"), categoryName: name("Category") },
  ["tblMasterClient", "tblAppLookup"],
);

export const vwVendorDirectory = listView(tblVendor, "vwVendorDirectory", { categoryName: name("Category") }, [
  "tblAppLookup",
]);
