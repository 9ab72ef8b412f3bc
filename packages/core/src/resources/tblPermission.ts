import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** Who may do what on which page: administrators (page 40) manage it. */
export const tblPermission = resource({
  name: "tblPermission",
  kind: "table",
  key: "permissionID",
  access: pageAccess(PAGES.administrator),
  order: ["empID", "permissionPageID"],
  columns: {
    permissionID: col.id(),
    empID: col.integer({ min: 1 }),
    permissionPageID: col.integer({ min: 1 }),
    permissionView: col.flag({ optional: true }),
    permissionAdd: col.flag({ optional: true }),
    permissionChange: col.flag({ optional: true }),
    permissionDel: col.flag({ optional: true }),
  },
});
