import { Text } from "@mantine/core";
import { ConfirmDialog } from "./ConfirmDialog";

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
    <ConfirmDialog
      opened={opened}
      title={`Delete this ${noun}?`}
      confirm="Delete"
      color="red"
      size="sm"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Text>
        {name ? `“${name}” will be deleted.` : `The ${noun} will be deleted.`} A copy is kept in the audit trail.
      </Text>
    </ConfirmDialog>
  );
}
