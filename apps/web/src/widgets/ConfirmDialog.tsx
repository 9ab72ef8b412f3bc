import { Button, Group, type MantineColor, type MantineSize, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The confirming button's words ("Delete", "Set status of 3 projects"). */
  confirm: ReactNode;
  /** Red for what is not taken back lightly. */
  color?: MantineColor;
  busy?: boolean | undefined;
  disabled?: boolean | undefined;
  size?: MantineSize;
  /** When the dialog asks for values: the form's name; the button sends it, as Enter in a field does. */
  form?: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/** A question before a write: what it does, Cancel, and the button that does it. */
export function ConfirmDialog({
  opened,
  title,
  confirm,
  color,
  busy,
  disabled,
  size,
  form,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const body = (
    <Stack gap="md">
      {children}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type={form ? "submit" : "button"}
          color={color}
          loading={busy}
          disabled={disabled}
          onClick={form ? undefined : onConfirm}
        >
          {confirm}
        </Button>
      </Group>
    </Stack>
  );
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size={size}
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {form ? (
        <form
          noValidate
          aria-label={form}
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Modal>
  );
}
