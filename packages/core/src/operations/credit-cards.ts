import type { CardDecisionBody, CardRequestBody, EnteredChargeBody, StatementBody } from "../bodies.js";
import type { QueryResponse } from "../calls.js";
import type { DecisionStep, ReceiptRule } from "../card-requests.js";
import type { vwCardList, vwMissingReceipts } from "../resources/card-views.js";
import type { RowOf } from "../resources/column.js";
import type { tblCCPermission } from "../resources/tblCCPermission.js";
import type { vwCCApprovals } from "../resources/vwCCApprovals.js";
import type { StatementLine } from "../statements.js";
import { operation } from "./operation.js";

const tag = "Credit cards";

/** A request as the credit card calls answer it: a row of vwCCApprovals. */
export type CardRequest = RowOf<typeof vwCCApprovals>;

/**
 * A request waiting for the caller, the step that is theirs to decide, and for a request over
 * its card's month, by how much (money as text), else null.
 */
export type InboxRequest = CardRequest & { step: DecisionStep; overLimitBy: string | null };

/**
 * The caller's own request, with its approval code: a secret of the table that nobody reads
 * back through the data service, answered to the requester alone, while no charge has used it.
 */
export type MyRequest = CardRequest &
  Pick<RowOf<typeof tblCCPermission>, "ccPermissionCodeUsedTS"> & { ccPermissionApprovalCode: string | null };

/** A card the caller may ask to use, with what is left of its month. */
export type CardToAsk = Pick<
  RowOf<typeof vwCardList>,
  "ccID" | "ccName" | "ccLastFour" | "holderName" | "empID" | "ccMonthlyLimit" | "ccMonthCommitted"
>;

/** A charge still missing its receipt. */
export type MissingReceipt = Pick<
  RowOf<typeof vwMissingReceipts>,
  "ccChargeID" | "ccChargeDate" | "ccChargeAmount" | "ccChargeMerchant" | "cardLabel" | "empID" | "spenderName"
>;

export const STATEMENT_FATES = ["matched", "unmatched", "duplicate"] as const;
export type StatementFate = (typeof STATEMENT_FATES)[number];

/** A statement as a preview or an import reports it, line by line. */
export interface StatementReport {
  ccStatementID: number | null;
  counts: Record<StatementFate, number> & { lines: number };
  lines: Array<StatementLine & { fate: StatementFate; ccPermissionID: number | null }>;
}

/** The credit card area's own calls (issue 20): who may decide is a rule of people, not a page flag. */
export const CREDIT_CARD_OPERATIONS = {
  cardInbox: operation<void, QueryResponse<InboxRequest>>({
    method: "GET",
    path: "/API/CreditCard/Inbox",
    summary: "The card requests waiting for the caller's decision, oldest first (the first 100), and how many in all.",
    rowsOf: "vwCCApprovals",
    tag,
    reads: ["vwCCApprovals"],
    changes: [],
  }),
  myCardRequests: operation<void, QueryResponse<MyRequest>>({
    method: "GET",
    path: "/API/CreditCard/MyRequests",
    summary: "The caller's own card requests, newest first, each approved one with its approval code.",
    rowsOf: "vwCCApprovals",
    tag,
    reads: ["vwCCApprovals"],
    changes: [],
  }),
  cardsToAsk: operation<void, QueryResponse<CardToAsk>>({
    method: "GET",
    path: "/API/CreditCard/Cards",
    summary: "The active cards the caller may ask to use: their own and those of the managers above them.",
    rowsOf: "vwCardList",
    tag,
    reads: ["vwCardList"],
    changes: [],
  }),
  askToUseCard: operation<CardRequestBody, MyRequest>({
    method: "POST",
    path: "/API/CreditCard/Requests",
    summary: "Asks to use a card for a purpose, an amount and a project (none: a non-project expense).",
    rowsOf: "vwCCApprovals",
    tag,
    reads: [],
    changes: ["tblCCPermission"],
  }),
  decideCardRequest: operation<{ ccPermissionID: number } & CardDecisionBody, CardRequest>({
    method: "POST",
    path: "/API/CreditCard/Requests/:ccPermissionID/Decision",
    summary: "Approves or denies one step of a request (card use by its holder, over limit by page 45).",
    rowsOf: "vwCCApprovals",
    tag,
    reads: [],
    changes: ["tblCCPermission"],
  }),
  validateApprovalCode: operation<{ code: string }, { valid: boolean }>({
    method: "POST",
    path: "/API/CreditCard/ValidateCode",
    summary: "Whether an approval code is one the caller may enter a charge with (theirs, approved, unused).",
    tag,
    reads: ["tblCCPermission"],
    changes: [],
  }),
  enterCharge: operation<EnteredChargeBody, Record<string, unknown>>({
    method: "POST",
    path: "/API/CreditCard/Charges",
    summary: "Enters a charge with the approval code of the caller's request (used up by it).",
    rowsOf: "tblCCCharge",
    tag,
    reads: [],
    changes: ["tblCCCharge", "tblCCPermission"],
  }),
  importStatement: operation<StatementBody, StatementReport>({
    method: "POST",
    path: "/API/CreditCard/Statements",
    summary:
      "Previews or imports a card's statement (the bank's CSV): duplicates of an earlier import skipped, each new line matched to an approved request, all or nothing. An account imports at most 20,000 charges a minute per server process; past it 429 with Retry-After (previews do not count).",
    tag,
    reads: [],
    changes: ["tblCCCharge", "tblCCStatement"],
  }),
  receiptRule: operation<void, ReceiptRule>({
    method: "GET",
    path: "/API/CreditCard/ReceiptRule",
    summary: "The company's rule for receipts: charges of at least minAmount need one within days days.",
    tag,
    reads: ["appSetting"],
    changes: [],
  }),
  missingReceipts: operation<{ rowLimit?: number }, QueryResponse<MissingReceipt>>({
    method: "GET",
    path: "/API/CreditCard/MissingReceipts",
    summary:
      "Charges still missing a receipt that the caller spent or that are on a card they hold, oldest first: the first rowLimit (default and at most 100; 0: only how many, in meta.TotalRecords).",
    rowsOf: "vwMissingReceipts",
    tag,
    reads: ["vwMissingReceipts"],
    changes: [],
  }),
} as const;
