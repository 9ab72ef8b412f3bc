import { PAGES } from "../pages.js";
import { projectStatus } from "../status-tones.js";
import { col } from "./column.js";
import { listView, nameColumn as name, refName } from "./list-view.js";
import { readOnly, resource, withCard } from "./resource.js";
import { tblPortalOrder } from "./tblPortalOrder.js";
import { tblPortalOrderItem } from "./tblPortalOrderItem.js";
import { tblProject } from "./tblProject.js";
import { tblProjectNotes } from "./tblProjectNotes.js";

/** Projects with the names of their client, category, owner and latest status: the advanced search. */
export const vwProjectList = withCard(
  listView(
    tblProject,
    "vwProjectList",
    {
      clientName: refName("Client", "projectClientID", "tblClient"),
      categoryName: name("Category"),
      ownerName: refName("Owner", "projectOwnerID", "tblEmployee"),
      latestStatusName: name("Status", { status: projectStatus("projectLatestStatusCodeID") }),
    },
    ["tblClient", "tblAppLookup", "tblEmployee", "tblProjectStatus"],
    // Projects counted by their latest status, for those who search them (the dashboard counts
    // vwProjectsByStatus).
    { by: { projectLatestStatusCodeID: "latestStatusName" } },
  ),
  // On a phone: its name, where it stands, for whom, and when it is due.
  { title: "projectName", facts: ["latestStatusName", "clientName", "projectDueDate"] },
);

/**
 * Projects by their latest status: the status dashboard's counts (page 2), which those who may
 * not search projects (page 3) see too.
 */
export const vwProjectsByStatus = resource({
  name: "vwProjectsByStatus",
  kind: "view",
  key: "projectID",
  access: readOnly(PAGES.statusDashboard),
  reads: ["tblProject", "tblProjectStatus", "tblAppLookup"],
  // Projects without a status are the group whose key is null.
  totals: { by: { projectLatestStatusCodeID: "latestStatusName" } },
  columns: {
    projectID: col.integer({ label: "ID" }),
    projectLatestStatusCodeID: col.integer({ nullable: true, label: "Status" }),
    latestStatusName: name("Status", { status: projectStatus("projectLatestStatusCodeID") }),
  },
});

/** Time notes with the names of their project, author and type: the notes / time search (page 35). */
export const vwProjectNoteSearch = withCard(
  listView(
    tblProjectNotes,
    "vwProjectNoteSearch",
    {
      projectName: refName("Project", "projectID", "tblProject"),
      empName: refName("Employee", "empID", "tblEmployee"),
      categoryName: name("Type"),
    },
    ["tblProject", "tblEmployee", "tblAppLookup"],
    {
      sum: "ProjectNotesMinutes",
      by: { empID: "empName", projectID: "projectName", projectNoteCategory: "categoryName" },
      // Grouped by their keys alone, the notes are named after grouping: the view's joins are left out.
      names: { projectID: "tblProject", empID: "vwEmployeeDirectory" },
    },
  ),
  // On a phone: the project, the time, who logged it and when.
  { title: "projectName", facts: ["ProjectNotesMinutes", "empName", "createdTS"] },
);

const statusColumns = {
  projectStatusID: col.integer({ label: "ID" }),
  projectID: col.integer({ label: "Project" }),
  projectName: refName("Project Name", "projectID", "tblProject"),
  projectStatusCodeID: col.integer({ label: "Status" }),
  statusName: name("Status", { status: projectStatus("projectStatusCodeID") }),
  empID: col.integer({ nullable: true, label: "Employee" }),
  empName: refName("Set By", "empID", "tblEmployee"),
  createdTS: col.timestamp({ label: "Set" }),
};

/** A project's status history with its names: the project page (view on page 3). */
export const vwProjectStatusHistory = resource({
  name: "vwProjectStatusHistory",
  kind: "view",
  key: "projectStatusID",
  access: readOnly(PAGES.projects),
  order: ["createdTS"],
  reads: ["tblProjectStatus", "tblProject", "tblAppLookup", "tblEmployee"],
  columns: statusColumns,
});

/** Every status change, with the status it replaced: the status audit (page 57). */
export const vwProjectStatusAudit = resource({
  name: "vwProjectStatusAudit",
  kind: "view",
  key: "projectStatusID",
  access: readOnly(PAGES.statusAudit),
  order: ["createdTS"],
  reads: ["tblProjectStatus", "tblProject", "tblAppLookup", "tblEmployee"],
  card: { title: "projectName", facts: ["statusName", "oldStatusName", "createdTS"] },
  columns: {
    ...statusColumns,
    oldStatusCodeID: col.integer({ nullable: true, label: "Old Status" }),
    oldStatusName: name("Old Status", { status: projectStatus("oldStatusCodeID") }),
  },
});

/**
 * The signed-in user's recent projects (the dashboard): those they logged time on, set a
 * status of, or own, by the last time they did.
 */
export const vwMyRecentProjects = resource({
  name: "vwMyRecentProjects",
  kind: "view",
  key: "projectID",
  access: readOnly(PAGES.statusDashboard),
  ownRows: "empID",
  order: ["lastActivityTS"],
  reads: ["tblProjectNotes", "tblProjectStatus", "tblProject", "tblAppLookup"],
  columns: {
    projectID: col.integer({ label: "ID" }),
    empID: col.integer(),
    projectName: name("Project"),
    latestStatusName: name("Status", { status: projectStatus() }),
    lastActivityTS: col.timestamp({ label: "Last Activity" }),
  },
});

/** Portal orders with their client's and contact's names and how many items they hold. */
export const vwPortalOrderList = listView(
  tblPortalOrder,
  "vwPortalOrderList",
  {
    clientName: refName("Client", "clientID", "tblClient"),
    contactName: name("Contact"),
    itemCount: col.integer({ label: "Items" }),
  },
  // tblProject: a deleted project unlinks its order.
  ["tblClient", "tblClientContact", "tblPortalOrderItem", "tblProject"],
);

/** A portal order's items with their product category's name. */
export const vwPortalOrderItemList = listView(
  tblPortalOrderItem,
  "vwPortalOrderItemList",
  { categoryName: name("Product") },
  ["tblAppLookup"],
);
