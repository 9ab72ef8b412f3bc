import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Tabs, Text } from "@mantine/core";
import { findRoute, INBOX_SHOWN } from "@office/core";
import { IconCreditCard } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useAccess } from "../../services/access";
import { useBreadcrumb } from "../../services/breadcrumb-context";
import { pendingApprovalCountQuery, pendingApprovalsLabel } from "../../services/session";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { useTabInAddress } from "../../widgets/table/list-address";
import { NotificationList } from "../notifications/NotificationList";
import { unreadNotificationsQuery } from "../notifications/queries";
import { ApproveSeveral } from "./ApproveSeveral";
import { AskDialog } from "./AskDialog";
import { InboxRequest } from "./InboxRequest";
import { MissingReceipts } from "./MissingReceipts";
import { MyRequests } from "./MyRequests";
import { inboxQuery, missingReceiptsQuery } from "./queries";

const APPROVALS = findRoute("/approvals");
const INBOX_TABS = ["waiting", "mine", "receipts", "notifications"];

/**
 * /inbox (page 52, always allowed): the card requests waiting for the signed-in user's
 * decision, each with Approve and Deny, exactly those the count counts; and, on a tab of their
 * own, the user's own requests, with Ask to use a card; then receipts to attach, and the
 * user's notifications (the phone's way to them). The tab is in the address. The breadcrumb says how many wait and, for those who may
 * open it, leads on to Approvals (every request).
 */
export function InboxPage() {
  const { data: count } = useQuery(pendingApprovalCountQuery);
  const inbox = useQuery(inboxQuery);
  const receipts = useQuery(missingReceiptsQuery);
  const [asking, setAsking] = useState(false);
  const { data: unread } = useQuery(unreadNotificationsQuery);
  // The tab is in the address: a notification leads to the user's own requests (`?tab=mine`).
  const [tab, setTab] = useTabInAddress(INBOX_TABS);
  const access = useAccess();
  const mayApprove = APPROVALS !== undefined && access.route(APPROVALS);
  useBreadcrumb({
    ...(mayApprove && APPROVALS ? { level2: APPROVALS.title, target: APPROVALS.path } : {}),
    extra: count === undefined ? undefined : pendingApprovalsLabel(count),
  });
  const total = inbox.data?.meta.TotalRecords ?? 0;
  // The server answers the oldest first (those waiting longest); the newest may come first.
  const [newestFirst, setNewestFirst] = useState(false);
  const requests = newestFirst ? [...(inbox.data?.data ?? [])].reverse() : (inbox.data?.data ?? []);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const select = (id: number, chosen: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (chosen) next.add(id);
      else next.delete(id);
      return next;
    });

  const waiting = inbox.isPending ? (
    <Stack gap="sm" role="status" aria-label="Loading the requests">
      <Skeleton height={92} radius="md" />
      <Skeleton height={92} radius="md" />
      <Skeleton height={92} radius="md" />
    </Stack>
  ) : inbox.isError ? (
    <Alert color="red" title="The requests could not be read">
      Try again in a moment.
    </Alert>
  ) : total === 0 ? (
    <Text c="dimmed">Nothing waits for you.</Text>
  ) : (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {total > INBOX_SHOWN ? `The ${INBOX_SHOWN} oldest of ${total} are shown.` : ""}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Order"
          value={newestFirst ? "newest" : "oldest"}
          onChange={(value) => setNewestFirst(value === "newest")}
          data={[
            { value: "oldest", label: "Oldest first" },
            { value: "newest", label: "Newest first" },
          ]}
        />
      </Group>
      {requests.length > 1 ? <ApproveSeveral shown={requests} selected={selected} onSelected={setSelected} /> : null}
      {requests.map((request) => (
        <InboxRequest
          key={`${request.ccPermissionID}-${request.ccPermissionVersion}`}
          request={request}
          {...(requests.length > 1
            ? {
                selected: selected.has(request.ccPermissionID),
                onSelect: (chosen: boolean) => select(request.ccPermissionID, chosen),
              }
            : {})}
        />
      ))}
    </Stack>
  );

  return (
    <PageFrame reading>
      <PageHeading path="/inbox">
        <Button leftSection={<IconCreditCard size={16} aria-hidden="true" />} onClick={() => setAsking(true)}>
          Ask to use a card
        </Button>
      </PageHeading>
      <Tabs value={tab} keepMounted={false} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="waiting">Waiting for you{inbox.data ? ` (${total})` : ""}</Tabs.Tab>
          <Tabs.Tab value="mine">Your requests</Tabs.Tab>
          <Tabs.Tab value="receipts">
            Receipts{receipts.data?.meta.TotalRecords ? ` (${receipts.data.meta.TotalRecords})` : ""}
          </Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications{unread ? ` (${unread} unread)` : ""}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="waiting" pt="md">
          {waiting}
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="md">
          <MyRequests />
        </Tabs.Panel>
        <Tabs.Panel value="receipts" pt="md">
          <MissingReceipts />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="md">
          <NotificationList />
        </Tabs.Panel>
      </Tabs>
      <AskDialog opened={asking} onClose={() => setAsking(false)} />
    </PageFrame>
  );
}
