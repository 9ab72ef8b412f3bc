import { APPROVAL_STATUSES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { resource } from "./resource.js";
import { employeeReference } from "./tblCC.js";

/** Approval status: 0 Pending, 1 Approved, 2 Denied (spec 3). */
const approval = (label: string) => col.choice(APPROVAL_STATUSES, { optional: true, label });

/**
 * A request to use a company card (issue 20): who, which card, what for, how much, and the two
 * decisions on it, the card holder's and, over the month's limit, an over-limit approver's.
 * Requests are made and decided through /API/CreditCard/ (the rules of who may decide cannot be
 * a page flag); the data service reads them with page 47 and never writes them, so no client
 * can approve around those rules.
 */
export const tblCCPermission = resource({
  name: "tblCCPermission",
  kind: "table",
  key: "ccPermissionID",
  access: { view: PAGES.creditCardApprovals, add: null, change: null, del: null },
  order: ["ccPermissionRequestedTS"],
  columns: {
    ccPermissionID: col.id({ label: "ID" }),
    ccID: col.integer({ min: 1, label: "Card", rules: ["required"] }),
    empID: employeeReference("Employee"),
    projectID: col.integer({ min: 1, nullable: true, label: "Project" }),
    // Null only on rows older than requests (migration 0010); a request needs both.
    ccPermissionPurpose: col.text(500, { nullable: true, searchable: true, label: "Purpose", rules: ["required"] }),
    ccPermissionAmount: col.money({ positive: true, nullable: true, label: "Amount", rules: ["required"] }),
    ccPermissionOverLimit: col.flag({ optional: true, label: "Over Limit" }),
    ccPermissionRequestedTS: col.timestamp({ optional: true, label: "Requested" }),
    ccPermissionCCUsedApprovalStatus: approval("Card Use"),
    ccPermissionUsedDecidedBy: col.integer({ min: 1, nullable: true, label: "Card Use Decided By" }),
    ccPermissionUsedDecidedTS: col.timestamp({ nullable: true, label: "Card Use Decided" }),
    ccPermissionUsedReason: col.text(500, { nullable: true, label: "Card Use Reason" }),
    ccPermissionOverLimitApprovalStatus: approval("Over Limit Approval"),
    ccPermissionOverLimitDecidedBy: col.integer({ min: 1, nullable: true, label: "Over Limit Decided By" }),
    ccPermissionOverLimitDecidedTS: col.timestamp({ nullable: true, label: "Over Limit Decided" }),
    ccPermissionOverLimitReason: col.text(500, { nullable: true, label: "Over Limit Reason" }),
    ccPermissionApprovalCode: col.secret(12, { nullable: true }),
    ccPermissionCodeUsedTS: col.timestamp({ nullable: true, label: "Code Used" }),
    ccPermissionVersion: col.integer({ min: 1, optional: true, label: "Version" }),
  },
});

/** The fields an employee's request to use a card sends: the table's own columns and rules. */
export const CARD_REQUEST_FIELDS = ["ccID", "ccPermissionAmount", "ccPermissionPurpose", "projectID"] as const;
