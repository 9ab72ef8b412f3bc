import { CARD_STATUSES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** The holder of a card (or the requester of its use): an active employee, picked by name. */
export const employeeReference = (label: string) =>
  col.reference(
    { table: "vwEmployeeDirectory", value: "empID", label: "empName", activeColumn: "empActive" },
    { nullable: false, label, rules: ["required"] },
  );

/**
 * Company credit cards (page 47). Never a full card number: the last four digits are enough to
 * tell cards apart and to match a statement.
 */
export const tblCC = resource({
  name: "tblCC",
  kind: "table",
  key: "ccID",
  access: pageAccess(PAGES.creditCardApprovals),
  order: ["ccName", "ccLastFour"],
  toldOfChanges: { owner: "empID", about: "ccName", noun: "card", nouns: "cards" },
  cascades: [{ table: "tblCCPermission", column: "ccID" }],
  columns: {
    ccID: col.id({ label: "ID" }),
    ccName: col.text(60, { searchable: true, label: "Card Name", rules: ["required"] }),
    ccLastFour: col.text(4, { searchable: true, label: "Last Four Digits", rules: ["required", { min: 4 }, "number"] }),
    empID: employeeReference("Holder"),
    ccStatus: col.choice(CARD_STATUSES, { optional: true, label: "Status", initial: "1" }),
    ccMonthlyLimit: col.money({ positive: true, label: "Monthly Limit", rules: ["required"] }),
    createdTS: col.now(),
  },
});
