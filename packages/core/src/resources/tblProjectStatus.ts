import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** The status history of projects; the latest row of a project is its status. */
export const tblProjectStatus = resource({
  name: "tblProjectStatus",
  kind: "table",
  key: "projectStatusID",
  access: pageAccess(PAGES.projects),
  order: ["projectID", "createdTS"],
  columns: {
    projectStatusID: col.id(),
    projectID: col.integer({ min: 1 }),
    projectStatusCodeID: col.integer({ min: 1 }),
    createdTS: col.now(),
  },
});
