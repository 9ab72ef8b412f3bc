import { APPROVAL } from "./lookups/enumerations.js";
/**
 * Where a request to use a card stands (docs/decisions.md, Credit cards): the card's holder
 * decides its use first; over the month's limit, an over-limit approver decides next; it is
 * approved once every step it needs is, and denied at the first step that denies it.
 */
export const REQUEST_STATES = ["waitingForHolder", "waitingForOverLimit", "approved", "denied"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export interface RequestStatuses {
  ccPermissionCCUsedApprovalStatus: number;
  ccPermissionOverLimitApprovalStatus: number;
  ccPermissionOverLimit: number;
}

const { pending: PENDING, approved: APPROVED, denied: DENIED } = APPROVAL.code;

export function requestState(row: RequestStatuses): RequestState {
  const used = row.ccPermissionCCUsedApprovalStatus;
  const over = row.ccPermissionOverLimitApprovalStatus;
  if (used === DENIED || (row.ccPermissionOverLimit === 1 && over === DENIED)) return "denied";
  if (used === PENDING) return "waitingForHolder";
  if (row.ccPermissionOverLimit === 1 && over === PENDING) return "waitingForOverLimit";
  return used === APPROVED ? "approved" : "waitingForHolder";
}

/**
 * The requests in a state, in the where language: requestState as a condition, for the
 * approvals list's filter (the server finds them; a test holds the two together).
 */
export function requestStateWhere(state: RequestState): string {
  const used = "ccPermissionCCUsedApprovalStatus";
  const over = "ccPermissionOverLimitApprovalStatus";
  const deniedOver = `(ccPermissionOverLimit = 1 AND ${over} = ${DENIED})`;
  switch (state) {
    case "denied":
      return `(${used} = ${DENIED} OR ${deniedOver})`;
    case "waitingForHolder":
      return `(${used} = ${PENDING} AND NOT ${deniedOver})`;
    case "waitingForOverLimit":
      return `(${used} = ${APPROVED} AND ccPermissionOverLimit = 1 AND ${over} = ${PENDING})`;
    case "approved":
      return `(${used} = ${APPROVED} AND (ccPermissionOverLimit = 0 OR ${over} = ${APPROVED}))`;
  }
}

export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  waitingForHolder: "Waiting for the card's holder",
  waitingForOverLimit: "Waiting for an over-limit approval",
  approved: "Approved",
  denied: "Denied",
};

/** The most requests the inbox shows at once (the oldest); its count says how many there are in all. */
export const INBOX_SHOWN = 100;

/** The most a decision's reason says. */
export const REASON_MAX = 500;

/** The step of a request that waits for someone's decision, as the inbox calls it. */
export type DecisionStep = "cardUse" | "overLimit";

export const DECISION_STEP_LABELS: Record<DecisionStep, string> = {
  cardUse: "Card use",
  overLimit: "Over the monthly limit",
};

/** A card as people name it: its name and last four digits ("Fleet Card ••4218"). */
export const cardLabel = (card: { ccName?: unknown; ccLastFour?: unknown }) =>
  `${String(card.ccName ?? "Card")} ••${String(card.ccLastFour ?? "")}`;

/** The company's rule for receipts: charges of at least `minAmount` need one within `days` days. */
export interface ReceiptRule {
  minAmount: string;
  days: number;
}

/** Until an administrator sets it: $75 (the IRS's line for travel receipts) and a week. */
export const DEFAULT_RECEIPT_RULE: ReceiptRule = { minAmount: "75.00", days: 7 };
