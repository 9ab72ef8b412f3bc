import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** Approval status: 0 Pending, 1 Approved, 2 Denied. */
const approval = () => col.integer({ min: 0, max: 2, optional: true });

export const tblCCPermission = resource({
  name: "tblCCPermission",
  kind: "table",
  key: "ccPermissionID",
  access: pageAccess(PAGES.creditCardApprovals),
  columns: {
    ccPermissionID: col.id(),
    ccID: col.integer({ min: 1 }),
    empID: col.integer({ min: 1 }),
    ccPermissionOverLimitApprovalStatus: approval(),
    ccPermissionCCUsedApprovalStatus: approval(),
  },
});
