import { ActionIcon, Anchor, Indicator, Loader, Popover, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useChunkComponent } from "../../services/chunk-component";
import { useLoadWhenSettled } from "../../services/load-when-settled";
import { unreadNotificationsQuery } from "./queries";

/** The list is no part of any page's first load: it comes with the popover (or when the page has settled). */
const loadList = async () => (await import("./NotificationList")).NotificationList;

/** Where the inbox shows the notifications on a tab of their own (the phone's way to them). */
export const NOTIFICATIONS_TAB = "/inbox?tab=notifications";

export const unreadLabel = (unread: number) =>
  `${unread === 0 ? "No" : unread} unread notification${unread === 1 ? "" : "s"}`;

/** The header's bell: the unread count, live, and the list in a popover. */
export function NotificationsBell() {
  const { data: unread } = useQuery(unreadNotificationsQuery);
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const List = useChunkComponent(loadList, opened);
  useLoadWhenSettled(loadList);
  const label = unread === undefined ? "Notifications" : `Notifications: ${unreadLabel(unread)}`;
  // The count sits outside the popover's target: the target takes the popover's ARIA attributes,
  // which the indicator's wrapper may not carry.
  return (
    <Indicator label={<span aria-hidden="true">{unread}</span>} size={16} color="red" disabled={!unread} offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="md"
        withArrow
        width="min(420px, calc(100vw - 16px))"
      >
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-labelledby={titleId}>
          <Stack gap="xs">
            <Text id={titleId} fw={600}>
              Notifications
            </Text>
            <div style={{ maxHeight: "min(60vh, 520px)", overflowY: "auto" }}>
              {List ? (
                <List onOpen={() => setOpened(false)} />
              ) : (
                <Loader size="sm" role="status" aria-label="Loading your notifications" />
              )}
            </div>
            <Anchor component={Link} to={NOTIFICATIONS_TAB} size="sm" onClick={() => setOpened(false)}>
              All in the inbox
            </Anchor>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
