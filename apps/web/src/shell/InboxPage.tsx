import { findRoute } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useAccess } from "../services/access";
import { useBreadcrumb } from "../services/breadcrumb-context";
import { pendingApprovalCountQuery, pendingApprovalsLabel } from "../services/session";

const APPROVALS = findRoute("/approvals");

/**
 * /inbox until the inbox area lands: its breadcrumb says how many approvals wait (the count the
 * shell keeps: docs/product-rules.md#access) and, for those who may decide them, leads on to
 * Approvals.
 */
export function InboxPage() {
  const { data: count } = useQuery(pendingApprovalCountQuery);
  const access = useAccess();
  const mayApprove = APPROVALS !== undefined && access.route(APPROVALS);
  useBreadcrumb({
    ...(mayApprove && APPROVALS ? { level2: APPROVALS.title, target: APPROVALS.path } : {}),
    extra: count === undefined ? undefined : pendingApprovalsLabel(count),
  });
  return null;
}
