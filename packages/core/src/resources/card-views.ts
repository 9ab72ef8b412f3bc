import { col } from "./column.js";
import { listView, nameColumn as name } from "./list-view.js";
import { tblCC } from "./tblCC.js";

/**
 * The cards' list: each card with its holder's name and what this month (the company's) has
 * committed against its limit, every request of the month that neither step denied.
 */
export const vwCardList = listView(
  tblCC,
  "vwCardList",
  {
    holderName: name("Holder"),
    ccMonthCommitted: {
      ...col.money({ label: "This Month" }),
      field: { kind: "money", of: "ccMonthlyLimit" },
      generated: true,
      optional: true,
    },
  },
  ["tblEmployee", "tblCCPermission"],
);
