import type { DecisionStep, ReceiptRule } from "@office/core";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, send } from "../../api/client";
import { APPROVALS_KEY, pendingApprovalCountQuery } from "../../services/session";

/** A request as the credit card calls answer it (vwCCApprovals' columns). */
export interface CardRequest {
  ccPermissionID: number;
  ccID: number;
  empID: number;
  requesterName: string;
  ccName: string;
  ccLastFour: string;
  holderName: string;
  projectID: number | null;
  projectName: string | null;
  ccPermissionPurpose: string | null;
  ccPermissionAmount: string | null;
  ccPermissionOverLimit: number;
  ccPermissionRequestedTS: string;
  ccPermissionCCUsedApprovalStatus: number;
  ccPermissionOverLimitApprovalStatus: number;
  ccPermissionUsedReason: string | null;
  ccPermissionOverLimitReason: string | null;
  ccPermissionVersion: number;
}

export interface InboxRequest extends CardRequest {
  step: DecisionStep;
}

export interface MyRequest extends CardRequest {
  /** Theirs alone, while no charge has used it. */
  ccPermissionApprovalCode: string | null;
  ccPermissionCodeUsedTS: string | null;
}

export interface CardToAsk {
  ccID: number;
  ccName: string;
  ccLastFour: string;
  holderName: string;
  empID: number;
  ccMonthlyLimit: string;
  ccMonthCommitted: string;
}

interface Rows<T> {
  data: T[];
  meta: { TotalRecords: number };
}

export const inboxQuery = queryOptions({
  queryKey: [...APPROVALS_KEY, "inbox"],
  queryFn: () => api<Rows<InboxRequest>>("GET", "/API/CreditCard/Inbox"),
});

export const myRequestsQuery = queryOptions({
  queryKey: [...APPROVALS_KEY, "mine"],
  queryFn: async () => (await api<Rows<MyRequest>>("GET", "/API/CreditCard/MyRequests")).data,
});

export const cardsToAskQuery = queryOptions({
  queryKey: [...APPROVALS_KEY, "cards"],
  queryFn: async () => (await api<Rows<CardToAsk>>("GET", "/API/CreditCard/Cards")).data,
});

/** After a request is made or decided: the inbox, the caller's requests and the count read again. */
export function requestsChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: APPROVALS_KEY });
  void client.invalidateQueries({ queryKey: pendingApprovalCountQuery.queryKey });
}

/** A charge still missing its receipt (vwMissingReceipts' columns). */
export interface MissingReceipt {
  ccChargeID: number;
  ccChargeDate: string;
  ccChargeAmount: string;
  ccChargeMerchant: string;
  cardLabel: string;
  empID: number | null;
  spenderName: string | null;
}

export const missingReceiptsQuery = queryOptions({
  queryKey: [...APPROVALS_KEY, "receipts"],
  queryFn: () => api<Rows<MissingReceipt>>("GET", "/API/CreditCard/MissingReceipts"),
});

/** How many receipts are missing, without the charges (Home's figure); invalidated with the list. */
export const missingReceiptCountQuery = queryOptions({
  queryKey: [...missingReceiptsQuery.queryKey, "count"],
  queryFn: async () =>
    (
      await send<Rows<MissingReceipt>>({
        method: "GET",
        path: "/API/CreditCard/MissingReceipts",
        params: { rowLimit: "0" },
      })
    ).meta.TotalRecords,
});

export const receiptRuleQuery = queryOptions({
  queryKey: [...APPROVALS_KEY, "receipt rule"],
  queryFn: () => api<ReceiptRule>("GET", "/API/CreditCard/ReceiptRule"),
  staleTime: 5 * 60_000,
});
