import { Alert, Box, Button, Group, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import {
  type Notification,
  notificationLine,
  notificationTitle,
  NOTIFICATION_OPERATIONS as op,
  timeAgo,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useOperation } from "../../services/operations";
import { notificationsQuery } from "./queries";

interface NotificationListProps {
  /** Called when the user follows one (the bell closes its popover). */
  onOpen?: () => void;
}

/**
 * The user's notifications, newest first: unread ones marked, each leading where it concerns
 * (marked read as it is followed), with "Mark all as read". Its own loading, empty and error states.
 */
export function NotificationList({ onOpen }: NotificationListProps) {
  const list = useQuery(notificationsQuery);
  const mark = useOperation(op.markNotificationsRead);
  if (list.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading your notifications">
        <Skeleton height={48} radius="sm" />
        <Skeleton height={48} radius="sm" />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" title="Your notifications could not be read">
        <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { data, unread } = list.data;
  if (data.length === 0)
    return (
      <Text c="dimmed">
        Nothing to tell you yet: decisions on your requests, requests waiting for you and changes others make to your
        records come here.
      </Text>
    );
  const now = new Date();
  const follow = (n: Notification) => {
    if (!n.readTS) mark.mutate({ ids: [n.notificationID] });
    onOpen?.();
  };
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {unread === 0 ? "All read" : `${unread} unread`}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={unread === 0}
          loading={mark.isPending}
          onClick={() => mark.mutate({})}
        >
          Mark all as read
        </Button>
      </Group>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: "none" }} aria-label="Notifications">
        {data.map((n) => (
          <Box component="li" key={n.notificationID}>
            <NotificationItem notification={n} now={now} onFollow={() => follow(n)} />
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

function NotificationItem({
  notification: n,
  now,
  onFollow,
}: {
  notification: Notification;
  now: Date;
  onFollow: () => void;
}) {
  const title = notificationTitle(n);
  const line = notificationLine(n);
  const unread = !n.readTS;
  const body = (
    <Group gap="xs" wrap="nowrap" align="flex-start" p={6}>
      <Box
        aria-hidden="true"
        mt={7}
        w={8}
        h={8}
        style={{ borderRadius: 4, flexShrink: 0, background: unread ? "var(--mantine-color-blue-6)" : "transparent" }}
      />
      <Box miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
          {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
          {title}
        </Text>
        {line ? (
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {line}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {timeAgo(n.createdTS, now)}
        </Text>
      </Box>
    </Group>
  );
  if (!n.href) return body;
  return (
    <UnstyledButton component={Link} to={n.href} onClick={onFollow} w="100%" style={{ borderRadius: 4 }}>
      {body}
    </UnstyledButton>
  );
}
