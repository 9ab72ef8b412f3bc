import { ADMINISTRATION_OPERATIONS, type AppConfigResponse, type SignedInUser } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { api, executeQuery } from "../api/client";
import { call } from "../api/operations";
import { viewingAs } from "../api/view-as";
import { loadSignedInUser } from "../auth/session";
import { namedKey, readKey } from "./query-keys";

/*
 * What the shell keeps of the session: read once and kept (signing in and out clear the whole
 * cache). The user and the app's configuration read no table a write of the app changes.
 */

/** The user's permissions: loaded before the first navigation, kept until the next login. */
export const permissionsQuery = queryOptions({
  // Read again when permission rows change (an administrator's grid saved for themselves).
  queryKey: readKey(["tblPermission"], "session", "permissions"),
  queryFn: async () => {
    const { data } = await call(ADMINISTRATION_OPERATIONS.myPermissions);
    // Viewing as someone: their pages, none of their ways to change something (read only).
    return viewingAs()
      ? data.map((row) => ({ ...row, permissionAdd: 0, permissionChange: 0, permissionDel: 0 }))
      : data;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const userQuery = queryOptions<SignedInUser>({
  queryKey: readKey([], "session", "user"),
  queryFn: loadSignedInUser,
  staleTime: Number.POSITIVE_INFINITY,
});

export const appConfigQuery = queryOptions({
  // Read again when a company setting changes (the time-clock address, the board).
  queryKey: readKey(["appSetting"], "session", "config"),
  queryFn: () => api<AppConfigResponse>("GET", "/API/AppConfig/"),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The inbox's pending-approval count (docs/product-rules.md#access): loaded when the shell
 * starts, in either layout, and kept.
 */
export const pendingApprovalCountQuery = queryOptions({
  // Read again whenever a card request changes (made, decided, or heard of on the live stream).
  queryKey: namedKey("pendingApprovalCount", "count"),
  queryFn: async () => {
    const [row] = await executeQuery("pendingApprovalCount");
    return row?.TotalCount ?? 0;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** The count in words, for the mobile header, the menu and the inbox's breadcrumb. */
export const pendingApprovalsLabel = (count: number) =>
  `${count === 0 ? "No" : count} pending approval${count === 1 ? "" : "s"}`;
