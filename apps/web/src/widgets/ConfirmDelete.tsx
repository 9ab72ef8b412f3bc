import { Button, Group, Modal, Stack, Text } from "@mantine/core";

interface ConfirmDeleteProps {
  opened: boolean;
  /** What is deleted, in words ("client", "release note"). */
  noun: string;
  /** The record's name, when it has one. */
  name?: string | undefined;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The question before a delete: what goes, and that the audit trail keeps a copy of it. */
export function ConfirmDelete({ opened, noun, name, busy, onCancel, onConfirm }: ConfirmDeleteProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={`Delete this ${noun}?`}
      size="sm"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <Text>
          {name ? `“${name}” will be deleted.` : `The ${noun} will be deleted.`} A copy is kept in the audit trail.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
