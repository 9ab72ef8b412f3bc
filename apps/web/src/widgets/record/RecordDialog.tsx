import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";

export type DialogMode = "INSERT" | "UPDATE" | "SELECT" | "SAVE&SELECT";

export const UNSAVED_QUESTION = "You have unsaved data, Are you sure to close the panel?";

interface RecordDialogProps {
  opened: boolean;
  title: string;
  mode: DialogMode;
  /** The user's permissions for the buttons: a button shows only when its flag is true. */
  can: { insert: boolean; update: boolean; delete: boolean };
  dirty: boolean;
  busy?: boolean;
  /** SELECT: whether something is selected (the Select button is enabled only then). */
  selected?: boolean;
  onClose: () => void;
  onInsert?: () => void;
  onUpdate?: () => void;
  onDelete?: () => void;
  onSelect?: () => void;
  children: ReactNode;
}

/**
 * The record dialog of spec 4: INSERT shows Cancel and the insert button, UPDATE Update and
 * Delete, SELECT a Select enabled with a selection, SAVE&SELECT saves then selects. Closing
 * with unsaved changes asks first.
 */
export function RecordDialog(props: RecordDialogProps) {
  const { opened, title, mode, can, dirty, busy, selected, onClose, children } = props;
  const [asking, setAsking] = useState(false);
  const close = () => (dirty ? setAsking(true) : onClose());

  return (
    <>
      <Modal opened={opened} onClose={close} title={title} size="lg" closeButtonProps={{ "aria-label": "Close" }}>
        <Stack>
          {children}
          <Group justify="flex-end">
            {mode === "INSERT" ? (
              <>
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                {can.insert ? (
                  <Button loading={busy} onClick={props.onInsert}>
                    Insert
                  </Button>
                ) : null}
              </>
            ) : null}
            {mode === "UPDATE" ? (
              <>
                {can.delete ? (
                  <Button color="red" variant="outline" loading={busy} onClick={props.onDelete}>
                    Delete
                  </Button>
                ) : null}
                {can.update ? (
                  <Button loading={busy} onClick={props.onUpdate}>
                    Update
                  </Button>
                ) : null}
              </>
            ) : null}
            {mode === "SELECT" ? (
              <Button disabled={!selected} onClick={props.onSelect}>
                Select
              </Button>
            ) : null}
            {mode === "SAVE&SELECT" && can.insert ? (
              <Button loading={busy} onClick={props.onInsert}>
                Save & Select
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Unsaved data" size="sm" centered>
        <Stack>
          <Text>{UNSAVED_QUESTION}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              No
            </Button>
            <Button
              color="red"
              onClick={() => {
                setAsking(false);
                onClose();
              }}
            >
              Yes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
