import { LOOKUP_GROUPS } from "../lists.js";
import { PAGES } from "../pages.js";
import { type FieldKind, lookupReference } from "../resources/column.js";
import { vwPortalOrderItemList, vwPortalOrderList, vwProjectList } from "../resources/project-views.js";
import { tblPortalOrder } from "../resources/tblPortalOrder.js";
import { tblPortalOrderItem } from "../resources/tblPortalOrderItem.js";
import { tblProject } from "../resources/tblProject.js";
import { type Area, area } from "./area.js";
import { PROJECT_SHIPMENTS } from "./shipments.js";

/** A project status, picked from list 190 in its order (the columns searched hold it as a number). */
export const STATUS_FIELD: FieldKind = {
  kind: "reference",
  reference: lookupReference(LOOKUP_GROUPS.projectStatusCodes),
};

/**
 * Projects (page 3): listed by their advanced search, newest first; each opens its data
 * entry, which adds the status history and the time notes (web app).
 */
export const PROJECTS = area({
  noun: "project",
  title: ["projectName"],
  detail: ["clientName"],
  status: "latestStatusName",
  resource: tblProject,
  list: vwProjectList,
  listColumns: [
    "projectID",
    "projectName",
    "clientName",
    "latestStatusName",
    "categoryName",
    "ownerName",
    "projectFirstSourceNumber",
    "projectSecondSourceNumber",
    "projectDueDate",
    "projectCreatedTS",
  ],
  order: "projectID DESC",
  page: PAGES.projects,
  icon: "projects",
  menu: { under: ["Projects"], sequence: 200 },
  plural: "Projects",
  routes: {
    search: { path: "/project", title: "Project Search", label: "Advanced Search" },
    record: { path: "/project/de", title: "Project", label: "New Project" },
  },
  sections: [
    { title: "Project", fields: ["projectName", "projectClientID", "projectCategory", "projectOwnerID"] },
    { title: "Source Numbers", fields: ["projectFirstSourceNumber", "projectSecondSourceNumber"] },
    { title: "Dates", fields: ["projectStartDate", "projectDueDate"] },
    { title: "Description", fields: ["projectDescription"] },
  ],
  criteria: [
    { name: "id", label: "Project ID", kind: "equals", columns: ["projectID"] },
    { name: "name", label: "Name", kind: "contains", columns: ["projectName"] },
    {
      name: "source",
      label: "Source Number",
      kind: "contains",
      columns: ["projectFirstSourceNumber", "projectSecondSourceNumber"],
    },
    // A client picked by name (a server-searched select): a client's page links here with its id.
    { name: "client", label: "Client", kind: "equals", columns: ["projectClientID"] },
    {
      name: "status",
      label: "Status",
      kind: "equals",
      columns: ["projectLatestStatusCodeID"],
      field: STATUS_FIELD,
      none: "No status",
    },
    { name: "category", label: "Category", kind: "equals", columns: ["projectCategory"] },
    {
      name: "created",
      label: "Created",
      kind: "dateRange",
      columns: ["projectCreatedTS"],
      required: true,
      otherwise: "untilToday",
    },
  ],
  children: [PROJECT_SHIPMENTS],
});

/**
 * Portal orders (page 58): pending first; each is reviewed in a dialog with its items, and an
 * approved one becomes a project there in one step.
 */
export const PORTAL_ORDERS = area({
  noun: "portal order",
  resource: tblPortalOrder,
  list: vwPortalOrderList,
  listColumns: [
    "portalOrderNumber",
    "portalOrderTitle",
    "clientName",
    "contactName",
    "itemCount",
    "portalOrderRequestedDate",
    "portalOrderStatus",
    "projectID",
    "createdTS",
  ],
  order: "portalOrderStatus, createdTS DESC",
  page: PAGES.portalOrders,
  icon: "projects",
  menu: { under: ["Projects"], sequence: 230 },
  routes: { all: { path: "/project/po", title: "Portal Orders" } },
  dialog: { newLabel: "New Portal Order", recordTitle: "Portal Order" },
  sections: [
    {
      title: "Portal Order",
      fields: [
        "portalOrderNumber",
        "portalOrderTitle",
        "clientID",
        "contactID",
        "portalOrderRequestedDate",
        "portalOrderStatus",
        "portalOrderNotes",
      ],
    },
  ],
  criteria: [],
  children: [
    {
      resource: tblPortalOrderItem,
      list: vwPortalOrderItemList,
      foreignKey: "portalOrderID",
      title: "Items",
      columns: ["categoryName", "itemDescription", "itemQuantity"],
      edit: { fields: ["itemCategory", "itemDescription", "itemQuantity"], newLabel: "New Item", recordTitle: "Item" },
    },
  ],
});

export const PROJECT_AREAS: readonly Area[] = [PROJECTS, PORTAL_ORDERS];
