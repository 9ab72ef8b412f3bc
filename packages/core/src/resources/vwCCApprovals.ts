import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { readOnly, resource } from "./resource.js";

/** Credit card permission requests with the card, its owner and the requester's name. */
export const vwCCApprovals = resource({
  name: "vwCCApprovals",
  kind: "view",
  key: "ccPermissionID",
  access: readOnly(PAGES.creditCardApprovals),
  reads: ["tblCCPermission", "tblCC", "tblEmployee"],
  columns: {
    ccPermissionID: col.integer(),
    ccID: col.integer(),
    ccStatus: col.integer(),
    ownerEmpID: col.integer(),
    empID: col.integer(),
    requesterName: col.text(255, { searchable: true }),
    ccPermissionOverLimitApprovalStatus: col.integer(),
    ccPermissionCCUsedApprovalStatus: col.integer(),
  },
});
