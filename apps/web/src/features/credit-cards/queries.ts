import { CREDIT_CARD_OPERATIONS as op } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { operationQuery } from "../../services/operations";

/** The requests waiting for the signed-in user's decision, and how many in all. */
export const inboxQuery = operationQuery(op.cardInbox);

/** The user's own requests, newest first. */
export const myRequestsQuery = queryOptions({
  ...operationQuery(op.myCardRequests),
  select: (answer) => answer.data,
});

/** The cards the user may ask to use. */
export const cardsToAskQuery = queryOptions({
  ...operationQuery(op.cardsToAsk),
  select: (answer) => answer.data,
});

export const missingReceiptsQuery = operationQuery(op.missingReceipts, {});

/** How many receipts are missing, without the charges (Home's figure). */
export const missingReceiptCountQuery = queryOptions({
  ...operationQuery(op.missingReceipts, { rowLimit: 0 }),
  select: (answer) => answer.meta.TotalRecords,
});

export const receiptRuleQuery = queryOptions({ ...operationQuery(op.receiptRule), staleTime: 5 * 60_000 });
