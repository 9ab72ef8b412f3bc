import { LOOKUP_GROUPS } from "../lists.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/**
 * Projects (page 3). The latest status is kept on the project by the database from
 * tblProjectStatus, so a search or a count by status reads one column rather than the
 * history of every project.
 */
export const tblProject = resource({
  name: "tblProject",
  kind: "table",
  key: "projectID",
  access: pageAccess(PAGES.projects),
  toldOfChanges: { owner: "projectOwnerID", about: "projectName", noun: "project", nouns: "projects" },
  cascades: [
    { table: "tblProjectStatus", column: "projectID" },
    // The order that became the project is unlinked (and may become a project again).
    { table: "tblPortalOrder", column: "projectID", setNull: true },
    // Its parcels go with it (their scans with them, by the database: the carrier has them too).
    { table: "tblShipment", column: "projectID" },
  ],
  columns: {
    projectID: col.id({ label: "ID" }),
    projectName: col.text(255, { searchable: true, label: "Name", rules: ["required"] }),
    projectFirstSourceNumber: col.text(50, { nullable: true, searchable: true, label: "First Source Number" }),
    projectSecondSourceNumber: col.text(50, { nullable: true, searchable: true, label: "Second Source Number" }),
    projectClientID: col.reference({ table: "tblClient", value: "clientID", label: "clientName" }, { label: "Client" }),
    projectCategory: col.lookup(LOOKUP_GROUPS.projectCategories, { label: "Category" }),
    projectOwnerID: col.reference(
      { table: "vwEmployeeDirectory", value: "empID", label: "empName", activeColumn: "empActive" },
      { label: "Owner" },
    ),
    projectStartDate: col.date({ nullable: true, label: "Start Date" }),
    projectDueDate: col.date({ nullable: true, label: "Due Date" }),
    projectDescription: col.text(4000, { nullable: true, emptyAsNull: true, multiline: true, label: "Description" }),
    projectLatestStatusCodeID: col.derived("integer", { label: "Status" }),
    projectLatestStatusTS: col.derived("timestamp", { label: "Status Since" }),
    projectCreatedTS: { ...col.now(), label: "Created" },
  },
});
