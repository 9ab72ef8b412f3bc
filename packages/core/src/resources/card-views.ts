import { col } from "./column.js";
import { listView, nameColumn as name, refName } from "./list-view.js";
import { withCard } from "./resource.js";
import { tblCC } from "./tblCC.js";
import { tblCCCharge } from "./tblCCCharge.js";

/**
 * The cards' list: each card with its holder's name and, for this month (the company's), what
 * its requests committed against its limit (every request that neither step denied: a meter)
 * and what was charged to it.
 */
export const vwCardList = withCard(
  listView(
    tblCC,
    "vwCardList",
    {
      holderName: refName("Holder", "empID", "tblEmployee"),
      ccMonthCommitted: {
        ...col.money({ label: "Committed This Month" }),
        field: { kind: "money", of: "ccMonthlyLimit" },
        generated: true,
        optional: true,
      },
      ccMonthCharged: { ...col.money({ label: "Charged This Month" }), generated: true, optional: true },
    },
    ["tblEmployee", "tblCCPermission", "tblCCCharge"],
  ),
  { title: "ccName", facts: ["holderName", "ccMonthCommitted", "ccStatus"] },
);

/** What a charge's list shows besides its own columns: names, whether it matches a request, its month. */
const chargeNames = {
  ccName: refName("Card", "ccID", "tblCC"),
  ccLastFour: name("Last Four"),
  holderEmpID: col.integer({ label: "Holder ID" }),
  holderName: refName("Holder", "holderEmpID", "tblEmployee"),
  spenderName: refName("Spent By", "empID", "tblEmployee"),
  projectName: refName("Project", "projectID", "tblProject"),
  ccPermissionPurpose: name("Purpose"),
  matched: col.flag({ label: "Matched" }),
  ccChargeMonth: col.text(7, { label: "Month" }),
  cardLabel: refName("Card", "ccID", "tblCC"),
  hasReceipt: col.flag({ label: "Receipt" }),
};
// A charge's receipt is a file attached to it (hasReceipt).
const chargeReads = ["tblCC", "tblEmployee", "tblProject", "tblCCPermission", "upload"];

/** Spending by card, holder, spender, project and month, summed by the server (the card report). */
const spending = {
  sum: "ccChargeAmount",
  by: {
    ccID: "cardLabel",
    holderEmpID: "holderName",
    empID: "spenderName",
    projectID: "projectName",
    ccChargeMonth: "ccChargeMonth",
  },
  // A company's charges fall on thousands of projects; cards, people and months are few.
  names: { projectID: "tblProject" },
} as const;

/** On a phone a charge shows what was bought, how much and when, and whether its receipt is in. */
const CHARGE_CARD = { title: "ccChargeMerchant", facts: ["ccChargeAmount", "ccChargeDate", "hasReceipt"] } as const;

/** Charges with their card, holder, spender, project and request's purpose by name. */
export const vwCardCharges = withCard(
  listView(tblCCCharge, "vwCardCharges", chargeNames, chargeReads, spending),
  CHARGE_CARD,
);

/** Charges tied to no project: the non-project expenses. */
export const vwNonProjectExpenses = withCard(
  listView(tblCCCharge, "vwNonProjectExpenses", chargeNames, chargeReads, spending),
  CHARGE_CARD,
);

/**
 * Charges that need a receipt (at least the company's amount) and still have none after the
 * company's number of days: counted by holder in the report, listed in the inbox. It reads the
 * company's receipt rule too (appSetting).
 */
export const vwMissingReceipts = withCard(
  listView(tblCCCharge, "vwMissingReceipts", chargeNames, [...chargeReads, "appSetting"], {
    sum: "ccChargeAmount",
    by: { holderEmpID: "holderName" },
  }),
  CHARGE_CARD,
);
