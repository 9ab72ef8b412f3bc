import { WEEKDAYS } from "../constants.js";
import { PAGES } from "../pages.js";
import { vwCardCharges } from "../resources/card-views.js";
import { vwClientDirectory, vwEmployeeDirectory, vwVendorDirectory } from "../resources/directory-views.js";
import { vwProjectList, vwProjectNoteSearch } from "../resources/project-views.js";
import { tblCCCharge } from "../resources/tblCCCharge.js";
import { tblClient } from "../resources/tblClient.js";
import { tblClientContact } from "../resources/tblClientContact.js";
import { tblEmployee } from "../resources/tblEmployee.js";
import { tblMasterClient } from "../resources/tblMasterClient.js";
import { tblProjectNotes } from "../resources/tblProjectNotes.js";
import { tblShippingCompany } from "../resources/tblShippingCompany.js";
import { tblVendor } from "../resources/tblVendor.js";
import { type Area, area, areaSearch, searchLink } from "./area.js";
import { PROJECTS } from "./projects.js";
import { CARD_REPORT, NOTES_SEARCH } from "./searches.js";

const ADDRESS = (p: string) => [`${p}Address1`, `${p}Address2`, `${p}City`, `${p}State`, `${p}Zip`, `${p}Country`];

/** Employees (page 22): all of them, active first. */
export const EMPLOYEES = area({
  noun: "employee",
  title: ["empFirstName", "empLastName"],
  detail: ["departmentName"],
  resource: tblEmployee,
  list: vwEmployeeDirectory,
  listColumns: ["empID", "empName", "departmentName", "empType", "empOfficeExtention", "empEmail", "empActive"],
  order: "empActive DESC, empLastName, empFirstName",
  page: PAGES.employees,
  icon: "employees",
  menu: { under: ["Employees"], sequence: 300 },
  routes: {
    all: { path: "/employee/all", title: "Employees", label: "All Employees" },
    search: { path: "/employee", title: "Employee Search", label: "Advanced Search" },
    record: { path: "/employee/de", title: "Employee", label: "New Employee" },
  },
  sections: [
    {
      title: "Employee",
      fields: ["empFirstName", "empLastName", "empActive", "empType", "empDepartment", "empManagerID", "empHireDate"],
    },
    { title: "Phone and E-Mail", fields: ["empEmail", "empPhone", "empOfficeExtention"] },
    { title: "Office Hours", fields: WEEKDAYS.map((day) => `empOfficeHours${day}`) },
  ],
  criteria: [
    { name: "name", label: "Name", kind: "contains", columns: ["empFirstName", "empLastName"] },
    { name: "department", label: "Department", kind: "equals", columns: ["empDepartment"] },
    { name: "type", label: "Employee Type", kind: "equals", columns: ["empType"] },
    { name: "active", label: "Active", kind: "equals", columns: ["empActive"] },
    { name: "extension", label: "Extension", kind: "contains", columns: ["empOfficeExtention"] },
  ],
  // What they did lately, newest first; a row opens what it was for.
  children: [
    {
      resource: tblProjectNotes,
      list: vwProjectNoteSearch,
      foreignKey: "empID",
      title: "Time Notes",
      columns: ["createdTS", "projectName", "categoryName", "ProjectNotesMinutes", "ProjectNotesDesc"],
      order: "createdTS DESC",
      edit: { recordPath: "/project/de", key: "projectID" },
      search: searchLink(NOTES_SEARCH, "employee"),
      tally: "hours",
    },
    {
      resource: tblCCCharge,
      list: vwCardCharges,
      foreignKey: "empID",
      title: "Card Charges",
      columns: ["ccChargeDate", "cardLabel", "ccChargeMerchant", "projectName", "ccChargeAmount", "hasReceipt"],
      order: "ccChargeDate DESC",
      edit: { recordPath: "/creditcard", key: "ccID" },
      search: searchLink(CARD_REPORT, "spender"),
    },
  ],
});

/** Clients (page 23), with their contacts. */
export const CLIENTS = area({
  noun: "client",
  title: ["clientName"],
  detail: ["clientCity", "clientState"],
  status: "clientStatus",
  resource: tblClient,
  list: vwClientDirectory,
  listColumns: [
    "clientID",
    "clientName",
    "masterClientName",
    "clientStatus",
    "categoryName",
    "clientCity",
    "clientState",
    "clientPhone",
  ],
  order: "clientName, clientID",
  page: PAGES.clients,
  icon: "clients",
  menu: { under: ["Clients"], sequence: 400 },
  routes: {
    all: { path: "/client/all", title: "Clients", label: "All Clients" },
    search: { path: "/client", title: "Client Search", label: "Advanced Search" },
    record: { path: "/client/de", title: "Client", label: "New Client" },
  },
  sections: [
    { title: "Client", fields: ["clientName", "masterClientID", "clientStatus", "clientCategory"] },
    { title: "Address", fields: ADDRESS("client") },
    {
      title: "Phone and E-Mail",
      fields: ["clientPhone", "clientPhoneExt", "clientFax", "clientEmail", "clientWebsite"],
    },
    { title: "Notes", fields: ["clientNotes"] },
  ],
  criteria: [
    { name: "name", label: "Name", kind: "contains", columns: ["clientName"] },
    { name: "master", label: "Master Client", kind: "equals", columns: ["masterClientID"] },
    { name: "status", label: "Status", kind: "equals", columns: ["clientStatus"] },
    { name: "category", label: "Category", kind: "equals", columns: ["clientCategory"] },
    { name: "city", label: "City", kind: "contains", columns: ["clientCity"] },
    { name: "state", label: "State", kind: "equals", columns: ["clientState"] },
  ],
  children: [
    {
      resource: tblClientContact,
      foreignKey: "clientID",
      title: "Contacts",
      columns: ["contactName", "contactTitle", "contactEmail", "contactPhone", "contactPhoneExt"],
      edit: {
        fields: ["contactName", "contactTitle", "contactEmail", "contactPhone", "contactPhoneExt", "contactNotes"],
        newLabel: "New Contact",
        recordTitle: "Contact",
      },
    },
    {
      resource: vwProjectList,
      foreignKey: "projectClientID",
      title: "Projects",
      columns: ["projectID", "projectName", "latestStatusName", "categoryName", "projectDueDate"],
      edit: { recordPath: "/project/de" },
      search: searchLink(areaSearch(PROJECTS), "client"),
    },
  ],
});

/** Master clients (page 23): each groups several clients, which its record lists. */
export const MASTER_CLIENTS = area({
  noun: "master client",
  title: ["masterClientName"],
  resource: tblMasterClient,
  list: tblMasterClient,
  listColumns: ["masterClientID", "masterClientName", "masterClientNotes"],
  order: "masterClientName, masterClientID",
  page: PAGES.clients,
  icon: "clients",
  menu: { under: ["Clients"], sequence: 410 },
  routes: { all: { path: "/masterclient/all", title: "Master Clients" } },
  dialog: { newLabel: "New Master Client", recordTitle: "Master Client" },
  sections: [{ title: "Master Client", fields: ["masterClientName", "masterClientNotes"] }],
  criteria: [],
  children: [
    {
      resource: vwClientDirectory,
      foreignKey: "masterClientID",
      title: "Clients",
      columns: ["clientID", "clientName", "clientStatus", "clientCity", "clientState"],
      edit: { recordPath: "/client/de" },
      search: searchLink(areaSearch(CLIENTS), "master"),
    },
  ],
});

/** Vendors (page 24). */
export const VENDORS = area({
  noun: "vendor",
  title: ["vendorName"],
  detail: ["vendorCity", "vendorState"],
  resource: tblVendor,
  list: vwVendorDirectory,
  listColumns: [
    "vendorID",
    "vendorName",
    "categoryName",
    "vendorContact",
    "vendorCity",
    "vendorState",
    "vendorPhone",
    "vendorActive",
  ],
  order: "vendorActive DESC, vendorName, vendorID",
  page: PAGES.vendors,
  icon: "vendors",
  menu: { under: ["Vendors"], sequence: 500 },
  routes: {
    all: { path: "/vendor/all", title: "Vendors", label: "All Vendors" },
    search: { path: "/vendor", title: "Vendor Search", label: "Advanced Search" },
    record: { path: "/vendor/de", title: "Vendor", label: "New Vendor" },
  },
  sections: [
    {
      title: "Vendor",
      fields: [
        "vendorName",
        "vendorActive",
        "vendorCategory",
        "vendorBusinessType",
        "vendorPreferredQuote",
        "vendorContact",
      ],
    },
    { title: "Address", fields: ADDRESS("vendor") },
    { title: "Phone and E-Mail", fields: ["vendorPhone", "vendorPhoneExt", "vendorFax", "vendorEmail"] },
    { title: "Accounts", fields: ["vendorTaxID", "vendorPaymentTerms", "vendorNotes"] },
  ],
  criteria: [
    { name: "name", label: "Name", kind: "contains", columns: ["vendorName", "vendorContact"] },
    { name: "category", label: "Category", kind: "equals", columns: ["vendorCategory"] },
    { name: "active", label: "Active", kind: "equals", columns: ["vendorActive"] },
    { name: "type", label: "Business Type", kind: "equals", columns: ["vendorBusinessType"] },
    { name: "city", label: "City", kind: "contains", columns: ["vendorCity"] },
    { name: "state", label: "State", kind: "equals", columns: ["vendorState"] },
  ],
  children: [],
});

/** Shipping companies (page 33). */
export const SHIPPING_COMPANIES = area({
  noun: "shipping company",
  title: ["shippingCompanyName"],
  resource: tblShippingCompany,
  list: tblShippingCompany,
  listColumns: [
    "shippingCompanyID",
    "shippingCompanyName",
    "shippingAccountNumber",
    "shippingDeliveryTypes",
    "shippingPhone",
    "shippingCompanyActive",
  ],
  order: "shippingCompanyActive DESC, shippingCompanyName, shippingCompanyID",
  page: PAGES.shippingCompanies,
  icon: "shipping",
  menu: { under: ["More", "Shipping"], sequence: 900 },
  routes: {
    all: { path: "/shippingcompany/all", title: "Shipping Companies", label: "All Shipping Companies" },
    record: { path: "/shippingcompany/de", title: "Shipping Company", label: "New Shipping Company" },
  },
  sections: [
    {
      title: "Shipping Company",
      fields: ["shippingCompanyName", "shippingCompanyActive", "shippingAccountNumber", "shippingPhone"],
    },
    { title: "Delivery", fields: ["shippingDeliveryTypes", "shippingTrackingURL", "shippingNotes"] },
  ],
  criteria: [],
  children: [],
});

/** The directory areas (issue 7). */
export const DIRECTORY_AREAS: readonly Area[] = [EMPLOYEES, CLIENTS, MASTER_CLIENTS, VENDORS, SHIPPING_COMPANIES];
