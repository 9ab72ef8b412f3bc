import { Button, Group, Modal, Stack, Text } from "@mantine/core";

/** The question before unsaved data is given up (spec 4, the record dialog's close). */
export const UNSAVED_QUESTION = "You have unsaved data, Are you sure to close the panel?";

/** The question itself: No keeps the data (the default), Yes gives it up. */
export function UnsavedQuestion({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved data" size="sm" centered>
      <Stack>
        <Text>{UNSAVED_QUESTION}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            No
          </Button>
          <Button color="red" onClick={onLeave}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
