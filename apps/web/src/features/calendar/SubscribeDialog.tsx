import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { OPERATIONS } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { operationQuery, useOperation } from "../../services/operations";
import { CopyButton } from "../../widgets/CopyButton";

/**
 * The user's private calendar address (.ics) for Outlook, Google or Apple Calendar: shown with a
 * copy button, made anew (the old one stops working) or revoked. Subscribers refresh on their
 * own schedule, which the dialog says.
 */
export function SubscribeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const feed = useQuery({ ...operationQuery(OPERATIONS.calendarFeed), enabled: opened });
  const make = useOperation(OPERATIONS.newCalendarFeed);
  const revoke = useOperation(OPERATIONS.revokeCalendarFeed);
  const url = feed.data?.url ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title="Subscribe to your calendar" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          Add this private address to Outlook, Google Calendar or Apple Calendar to see the events you may see here.
          Anyone with the address sees them too: keep it to yourself, and make a new one if it got out.
        </Text>
        {feed.isPending ? (
          <Text size="sm" c="dimmed">
            Reading your address…
          </Text>
        ) : feed.isError ? (
          <Text size="sm" c="red">
            Your address could not be read.
          </Text>
        ) : url ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Your calendar address"
              value={url}
              readOnly
              flex={1}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url} label="the calendar address" />
          </Group>
        ) : (
          <Text size="sm">You have no calendar address yet.</Text>
        )}
        <Text size="xs" c="dimmed">
          Calendar apps read the address on their own schedule: a change here can take hours to show there (Google
          Calendar up to a day).
        </Text>
        <Group justify="flex-end" gap="xs">
          {url ? (
            <Button variant="outline" color="red" loading={revoke.isPending} onClick={() => revoke.mutate(undefined)}>
              Revoke address
            </Button>
          ) : null}
          <Button loading={make.isPending} onClick={() => make.mutate(undefined)}>
            {url ? "Make a new address" : "Make my address"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
