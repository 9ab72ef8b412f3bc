import { Button, Group, Modal, Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { type DialogAction, type DialogMode, type DialogRights, dialogButtons } from "./dialog-buttons";
import { UnsavedQuestion } from "./UnsavedQuestion";

interface RecordDialogProps {
  opened: boolean;
  title: string;
  mode: DialogMode;
  can: DialogRights;
  dirty: boolean;
  busy?: boolean;
  /** SELECT: whether something is selected (the Select button is enabled only then). */
  selected?: boolean;
  onClose: () => void;
  onInsert?: () => void;
  onUpdate?: () => void;
  onDelete?: () => void;
  onSelect?: () => void;
  /** SAVE&SELECT: insert, then select what was inserted. */
  onSaveSelect?: () => void;
  children: ReactNode;
}

const LOOK: Partial<Record<DialogAction, { variant?: string; color?: string }>> = {
  cancel: { variant: "default" },
  delete: { variant: "outline", color: "red" },
};

export type { DialogMode };

/**
 * The record dialog: INSERT shows Cancel and the insert button, UPDATE Update and
 * Delete, SELECT a Select enabled with a selection, SAVE&SELECT saves then selects. Closing
 * with unsaved changes asks first.
 */
export function RecordDialog(props: RecordDialogProps) {
  const { opened, title, mode, can, dirty, busy, selected, onClose, children } = props;
  const [asking, setAsking] = useState(false);
  const close = () => (dirty ? setAsking(true) : onClose());
  const handlers: Record<Exclude<DialogAction, "cancel">, (() => void) | undefined> = {
    insert: props.onInsert,
    update: props.onUpdate,
    delete: props.onDelete,
    select: props.onSelect,
    saveSelect: props.onSaveSelect,
  };

  return (
    <>
      <Modal opened={opened} onClose={close} title={title} size="lg" closeButtonProps={{ "aria-label": "Close" }}>
        <Stack>
          {children}
          <Group justify="flex-end">
            {dialogButtons(mode, can, selected).map((button) => (
              <Button
                key={button.action}
                {...LOOK[button.action]}
                disabled={button.disabled}
                loading={busy && button.action !== "cancel"}
                onClick={button.action === "cancel" ? close : handlers[button.action]}
              >
                {button.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Modal>
      <UnsavedQuestion
        opened={asking}
        onStay={() => setAsking(false)}
        onLeave={() => {
          setAsking(false);
          onClose();
        }}
      />
    </>
  );
}
