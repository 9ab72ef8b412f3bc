import type { AppConfigResponse, PermissionRow, SignedInUser } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { api, executeQuery } from "../api/client";
import { loadSignedInUser } from "../auth/session";

/** What the shell keeps of the session; login and logout drop all of it. */
export const SESSION_KEY = ["session"] as const;

/** The user's permissions: loaded before the first navigation, kept until the next login. */
export const permissionsQuery = queryOptions({
  queryKey: [...SESSION_KEY, "permissions"],
  queryFn: async () => (await api<{ data: PermissionRow[] }>("GET", "/API/Permissions/")).data,
  staleTime: Number.POSITIVE_INFINITY,
});

export const userQuery = queryOptions<SignedInUser>({
  queryKey: [...SESSION_KEY, "user"],
  queryFn: loadSignedInUser,
  staleTime: Number.POSITIVE_INFINITY,
});

export const appConfigQuery = queryOptions({
  queryKey: [...SESSION_KEY, "config"],
  queryFn: () => api<AppConfigResponse>("GET", "/API/AppConfig/"),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The inbox's pending-approval count (docs/product-rules.md#access): loaded when the shell
 * starts, in either layout, and kept.
 */
export const pendingApprovalCountQuery = queryOptions({
  queryKey: [...SESSION_KEY, "pendingApprovalCount"],
  queryFn: async () => {
    const [row] = await executeQuery<{ TotalCount: number }>("pendingApprovalCount");
    return row?.TotalCount ?? 0;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** What lists card requests (the inbox, one's own requests): read again when any is made or decided. */
export const APPROVALS_KEY = ["approvals"] as const;

/** The count in words, for the mobile header, the menu and the inbox's breadcrumb. */
export const pendingApprovalsLabel = (count: number) =>
  `${count === 0 ? "No" : count} pending approval${count === 1 ? "" : "s"}`;
