import { listView, nameColumn as name, refName } from "./list-view.js";
import { withCard } from "./resource.js";
import { tblClient } from "./tblClient.js";
import { tblEmployee } from "./tblEmployee.js";
import { tblVendor } from "./tblVendor.js";

// On a phone each list's row is its name, with how to reach them and what they are.
export const vwEmployeeDirectory = withCard(
  listView(
    tblEmployee,
    "vwEmployeeDirectory",
    {
      empName: name("Name"),
      departmentName: name("Department"),
      managerName: refName("Manager", "empManagerID", "tblEmployee"),
    },
    ["tblAppLookup"],
  ),
  { title: "empName", facts: ["departmentName", "empPhone", "empEmail"] },
);

export const vwClientDirectory = withCard(
  listView(
    tblClient,
    "vwClientDirectory",
    {
      masterClientName: refName("Master Client", "masterClientID", "tblMasterClient"),
      categoryName: name("Category"),
    },
    ["tblMasterClient", "tblAppLookup"],
  ),
  { title: "clientName", facts: ["clientStatus", "clientCity", "clientPhone"] },
);

export const vwVendorDirectory = withCard(
  listView(tblVendor, "vwVendorDirectory", { categoryName: name("Category") }, ["tblAppLookup"]),
  { title: "vendorName", facts: ["categoryName", "vendorPhone", "vendorActive"] },
);
