import { LOOKUP_GROUPS } from "../lists.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { resource } from "./resource.js";

/**
 * The status history of projects; the latest row of a project is its status. Setting a
 * status is a change of the project (change on page 3); the history is only added to, so a
 * mistake is mended by setting the right status, and the audit shows both.
 */
export const tblProjectStatus = resource({
  name: "tblProjectStatus",
  kind: "table",
  key: "projectStatusID",
  access: {
    view: PAGES.projects,
    add: { page: PAGES.projects, flag: "change" },
    change: null,
    del: null,
  },
  order: ["projectID", "createdTS"],
  // The project's latest status, kept by the database.
  changes: ["tblProject"],
  // Its owner hears of a status someone else set.
  toldAs: { table: "tblProject", key: "projectID" },
  columns: {
    projectStatusID: col.id(),
    projectID: col.reference(
      { table: "tblProject", value: "projectID", label: "projectName" },
      { nullable: false, label: "Project", rules: ["required"] },
    ),
    projectStatusCodeID: col.lookup(LOOKUP_GROUPS.projectStatusCodes, {
      nullable: false,
      label: "Status",
      rules: ["required"],
    }),
    empID: col.owner({ nullable: true }),
    createdTS: col.now(),
  },
});
