import { listView, nameColumn as name } from "./list-view.js";
import { tblClient } from "./tblClient.js";
import { tblEmployee } from "./tblEmployee.js";
import { tblVendor } from "./tblVendor.js";

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
