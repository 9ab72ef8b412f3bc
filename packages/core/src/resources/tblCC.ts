import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

export const tblCC = resource({
  name: "tblCC",
  kind: "table",
  key: "ccID",
  access: pageAccess(PAGES.creditCardApprovals),
  cascades: [{ table: "tblCCPermission", column: "ccID" }],
  columns: {
    ccID: col.id(),
    empID: col.integer({ min: 1 }),
    ccStatus: col.integer({ min: 0, max: 9, optional: true }),
  },
});
