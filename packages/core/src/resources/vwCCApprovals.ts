import { APPROVAL_STATUSES, CARD_STATUSES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { readOnly, resource } from "./resource.js";

const status = (label: string) => ({ ...col.choice(APPROVAL_STATUSES, { label }), generated: true as const });

/**
 * Requests to use a card, with the card, its holder, the requester and the project by name: a
 * card's page lists them, and so do the inbox and Approvals (spec 7: Query serves credit card
 * approvals). The approval code is never here: it is the requester's alone.
 */
export const vwCCApprovals = resource({
  name: "vwCCApprovals",
  kind: "view",
  key: "ccPermissionID",
  access: readOnly(PAGES.creditCardApprovals),
  reads: ["tblCCPermission", "tblCC", "tblEmployee", "tblProject"],
  order: ["ccPermissionRequestedTS"],
  // On a phone: what it is for, how much, who asks and when.
  card: { title: "ccPermissionPurpose", facts: ["ccPermissionAmount", "requesterName", "ccPermissionRequestedTS"] },
  columns: {
    ccPermissionID: col.integer({ label: "ID" }),
    ccID: col.integer({ label: "Card" }),
    ccStatus: col.choice(CARD_STATUSES, { label: "Card Status" }),
    ownerEmpID: col.integer({ label: "Holder ID" }),
    empID: col.integer({ label: "Employee ID" }),
    requesterName: {
      ...col.text(255, { searchable: true, label: "Employee" }),
      names: { key: "empID", table: "tblEmployee" },
    },
    ccPermissionOverLimitApprovalStatus: status("Over Limit Approval"),
    ccPermissionCCUsedApprovalStatus: status("Card Use"),
    ccName: { ...col.text(60, { searchable: true, label: "Card" }), names: { key: "ccID", table: "tblCC" } },
    ccLastFour: col.text(4, { searchable: true, label: "Last Four" }),
    holderName: {
      ...col.text(255, { searchable: true, label: "Holder" }),
      names: { key: "ownerEmpID", table: "tblEmployee" },
    },
    projectID: col.integer({ nullable: true, label: "Project ID" }),
    projectName: {
      ...col.text(255, { nullable: true, searchable: true, label: "Project" }),
      names: { key: "projectID", table: "tblProject" },
    },
    ccPermissionPurpose: col.text(500, { nullable: true, searchable: true, label: "Purpose" }),
    ccPermissionAmount: col.money({ nullable: true, label: "Amount" }),
    ccPermissionOverLimit: col.flag({ label: "Over Limit" }),
    ccPermissionRequestedTS: col.timestamp({ label: "Requested" }),
    ccPermissionUsedReason: col.text(500, { nullable: true, label: "Card Use Reason" }),
    ccPermissionUsedDecidedTS: col.timestamp({ nullable: true, label: "Card Use Decided" }),
    ccPermissionOverLimitReason: col.text(500, { nullable: true, label: "Over Limit Reason" }),
    ccPermissionOverLimitDecidedTS: col.timestamp({ nullable: true, label: "Over Limit Decided" }),
    ccPermissionVersion: col.integer({ label: "Version" }),
  },
});
