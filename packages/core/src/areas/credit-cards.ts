import { PAGES } from "../pages.js";
import { vwCardCharges, vwCardList } from "../resources/card-views.js";
import { tblCC } from "../resources/tblCC.js";
import { tblCCCharge } from "../resources/tblCCCharge.js";
import { tblCCPermission } from "../resources/tblCCPermission.js";
import { vwCCApprovals } from "../resources/vwCCApprovals.js";
import { type Area, area } from "./area.js";

/**
 * Company credit cards (page 47): every card with its holder, status, last four digits and
 * the month's spending against its limit; a card's page lists who asked to use it and how each
 * request was decided.
 */
export const CREDIT_CARDS = area({
  noun: "credit card",
  title: ["ccName", "ccLastFour"],
  status: "ccStatus",
  resource: tblCC,
  list: vwCardList,
  // The id first, as every list has it: the Excel export leaves the row's key out (spec 5).
  listColumns: [
    "ccID",
    "ccName",
    "ccLastFour",
    "holderName",
    "ccStatus",
    "ccMonthlyLimit",
    "ccMonthCommitted",
    "ccMonthCharged",
  ],
  order: "ccName, ccLastFour",
  page: PAGES.creditCardApprovals,
  icon: "creditCards",
  menu: { under: ["Credit Card"], sequence: 600 },
  routes: {
    all: { path: "/creditcard/all", title: "Credit Cards", label: "All Credit Cards" },
    record: { path: "/creditcard", title: "Credit Card", hidden: true },
  },
  sections: [{ title: "Card", fields: ["ccName", "ccLastFour", "empID", "ccStatus", "ccMonthlyLimit"] }],
  related: [
    { path: "/creditcard/statement", label: "Import a statement" },
    { path: "/creditcard/statementsearch", label: "Statement Search" },
    { path: "/approvals", label: "Approvals" },
  ],
  criteria: [],
  children: [
    {
      resource: tblCCPermission,
      list: vwCCApprovals,
      foreignKey: "ccID",
      title: "Requests",
      columns: [
        "ccPermissionID",
        "requesterName",
        "ccPermissionPurpose",
        "projectName",
        "ccPermissionAmount",
        "ccPermissionRequestedTS",
        "ccPermissionCCUsedApprovalStatus",
        "ccPermissionOverLimitApprovalStatus",
      ],
      edit: { readOnly: true },
    },
    {
      resource: tblCCCharge,
      list: vwCardCharges,
      foreignKey: "ccID",
      title: "Charges",
      columns: ["ccChargeDate", "ccChargeMerchant", "spenderName", "projectName", "ccChargeAmount", "hasReceipt"],
      order: "ccChargeDate DESC",
      // A charge is the bank's or its spender's; what is done with it here is its receipts.
      edit: { files: true, recordTitle: "Charge" },
    },
  ],
});

export const CREDIT_CARD_AREAS: readonly Area[] = [CREDIT_CARDS];
