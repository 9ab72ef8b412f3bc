import { PAGES } from "../pages.js";
import { type Column, col } from "./column.js";
import { resource } from "./resource.js";

const ENTERED_OR_STATEMENT = ["entered", "statement"] as const;

/** Columns no call of the data service writes: the server's own calls make the rows. */
const madeByTheServer = <C extends Record<string, Column>>(columns: C): C =>
  Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, { ...column, generated: true }])) as C;

/**
 * What was spent on a card (issue 20): a charge its spender entered with an approval code, or
 * a line of the card's statement, matched to the request it spends where one agrees. Made by
 * /API/CreditCard/Charges and the statement import only (no column takes a write of the data
 * service); read with page 47. Its "change" is attaching a receipt through the Upload call:
 * its spender's, the card's holder's, or anyone's with view on page 47 (finance).
 */
export const tblCCCharge = resource({
  name: "tblCCCharge",
  kind: "table",
  key: "ccChargeID",
  access: { view: PAGES.creditCardApprovals, add: null, change: "anyone", del: null },
  authorWrites: {
    column: "empID",
    unlessPage: PAGES.creditCardApprovals,
    orOwnerOf: { column: "ccID", table: "tblCC", key: "ccID", owner: "empID" },
  },
  order: ["ccChargeDate"],
  columns: madeByTheServer({
    ccChargeID: col.id({ label: "ID" }),
    ccID: col.integer({ min: 1, label: "Card" }),
    empID: col.integer({ min: 1, nullable: true, label: "Spent By" }),
    ccPermissionID: col.integer({ min: 1, nullable: true, label: "Request" }),
    projectID: col.integer({ min: 1, nullable: true, label: "Project" }),
    ccChargeDate: col.date({ label: "Date", rules: ["required"] }),
    ccChargeAmount: col.money({ positive: true, label: "Amount", rules: ["required"] }),
    ccChargeMerchant: col.text(200, { searchable: true, label: "Merchant", rules: ["required"] }),
    ccChargeSource: col.oneOf(ENTERED_OR_STATEMENT, { label: "Source" }),
    ccStatementID: col.integer({ min: 1, nullable: true, label: "Statement" }),
    ccChargeBankRef: col.text(100, { nullable: true, searchable: true, label: "Bank Reference" }),
    createdTS: col.now(),
  }),
});

/** An import of a card's statement: who brought it, when, and how many of its lines were new. */
export const tblCCStatement = resource({
  name: "tblCCStatement",
  kind: "table",
  key: "ccStatementID",
  access: { view: PAGES.creditCardApprovals, add: null, change: null, del: null },
  order: ["createdTS"],
  columns: {
    ccStatementID: col.id({ label: "ID" }),
    ccID: col.integer({ min: 1, label: "Card" }),
    fileName: col.text(200, { nullable: true, label: "File" }),
    lineCount: col.integer({ min: 0, label: "Lines" }),
    importedCount: col.integer({ min: 0, label: "Imported" }),
    firstDate: col.date({ nullable: true, label: "From" }),
    lastDate: col.date({ nullable: true, label: "To" }),
    empID: col.integer({ min: 1, nullable: true, label: "Imported By" }),
    createdTS: col.now(),
  },
});
