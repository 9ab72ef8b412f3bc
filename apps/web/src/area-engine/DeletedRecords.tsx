import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from "@mantine/core";
import {
  type Area,
  DELETED_SHOWN,
  type DeletedRecord,
  OPERATIONS,
  recordHref,
  recordName,
  recordTarget,
  TOASTS,
  timeAgo,
} from "@office/core";
import { IconTrashX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useAccess } from "../services/access";
import { operationQuery, useOperation } from "../services/operations";

/**
 * An area's deleted records, for administrators (whose call the audit trail is): a quiet
 * "Deleted" beside the list's heading opens the newest deleted and not back, each with who
 * deleted it, when, and Restore, which puts it back with its own key (the audit trail's
 * restore); a restored one offers the way to it.
 */
export function DeletedRecords({ area }: { area: Area }) {
  const access = useAccess();
  const [opened, setOpened] = useState(false);
  if (!access.holds("administrators") || area.resource.kind !== "table") return null;
  return (
    <>
      <Button
        variant="subtle"
        px="xs"
        leftSection={<IconTrashX size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Deleted
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Deleted ${area.listTitle.toLowerCase()}`}
        size="lg"
      >
        {opened ? <DeletedList area={area} /> : null}
      </Modal>
    </>
  );
}

function DeletedList({ area }: { area: Area }) {
  const list = useQuery({ ...operationQuery(OPERATIONS.deletedRecords, { table: area.resource.name }), staleTime: 0 });
  const [restored, setRestored] = useState<Map<number, number | string>>(new Map());
  const restore = useOperation(OPERATIONS.restoreDeleted, {
    done: () => TOASTS.restored,
    failed: (why) => TOASTS.restoreFailed(why),
    onDone: ({ id }, { auditID }) => setRestored((now) => new Map(now).set(auditID, id)),
  });
  if (list.isPending) return <Loader size="sm" role="status" aria-label="Loading the deleted records" />;
  if (list.isError)
    return (
      <Alert color="red" title="The deleted records could not be read">
        Try again in a moment.
      </Alert>
    );
  const target = recordTarget(area.resource.name);
  const now = new Date();
  const shown = list.data.data;
  const back = [...restored.entries()];
  if (shown.length === 0 && back.length === 0) return <Text c="dimmed">Nothing deleted waits to be restored.</Text>;
  return (
    <Stack gap="xs">
      {shown.length >= DELETED_SHOWN ? (
        <Text size="sm" c="dimmed">
          The {DELETED_SHOWN} deleted most recently are shown.
        </Text>
      ) : null}
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: "none" }}
        aria-label="Deleted records, newest first"
      >
        {back.map(([auditID, id]) => (
          <Paper component="li" key={`back-${auditID}`} withBorder p="sm">
            <Group justify="space-between" gap="xs">
              <Text size="sm">Restored.</Text>
              {target ? (
                <Button component={Link} to={recordHref(target, id)} size="xs" variant="light">
                  Open {area.recordTitle.toLowerCase()} {id}
                </Button>
              ) : null}
            </Group>
          </Paper>
        ))}
        {shown.map((entry: DeletedRecord) => (
          <Paper component="li" key={entry.auditID} withBorder p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {recordName(area, entry.before ?? {}, entry.recordKey)}
                </Text>
                <Text size="xs" c="dimmed">
                  Deleted by {entry.byName ?? "the system"}, {timeAgo(entry.createdTS, now)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                loading={restore.isPending && restore.variables?.auditID === entry.auditID}
                onClick={() => restore.mutate({ auditID: entry.auditID })}
                aria-label={`Restore ${recordName(area, entry.before ?? {}, entry.recordKey)}`}
              >
                Restore
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
