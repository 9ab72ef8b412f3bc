import { Stack, Text, Title } from "@mantine/core";
import { findRoute } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useAccess } from "../services/access";
import { useBreadcrumb } from "../services/breadcrumb-context";
import { pendingApprovalCountQuery, pendingApprovalsLabel } from "../services/session";

const APPROVALS = findRoute("/approvals");

/**
 * /inbox until the inbox area lands: the page and its breadcrumb say how many approvals wait
 * (the count the shell keeps: docs/product-rules.md#access) and, for those who may decide
 * them, the breadcrumb leads on to Approvals.
 */
export function InboxPage() {
  const { data: count } = useQuery(pendingApprovalCountQuery);
  const access = useAccess();
  const mayApprove = APPROVALS !== undefined && access.route(APPROVALS);
  useBreadcrumb({
    ...(mayApprove && APPROVALS ? { level2: APPROVALS.title, target: APPROVALS.path } : {}),
    extra: count === undefined ? undefined : pendingApprovalsLabel(count),
  });
  return (
    <Stack p="lg" gap="xs" maw={640}>
      <Title order={1} size="h2">
        Inbox
      </Title>
      <Text>
        {count === undefined
          ? "Counting what waits for you…"
          : count === 0
            ? "Nothing waits for you."
            : `${pendingApprovalsLabel(count)}.`}
      </Text>
      {count ? (
        <Text c="dimmed" size="sm">
          The requests themselves are listed here once the credit-card approvals arrive.
        </Text>
      ) : null}
    </Stack>
  );
}
