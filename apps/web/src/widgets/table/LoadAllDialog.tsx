import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { TABLE_CONFIRM_THRESHOLD } from "@office/core";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The question before a search's every row is loaded, when it found more than the confirm
 * threshold (docs/product-rules.md#widgets): Yes loads them; No, or closing, leaves the table empty.
 */
export function LoadAllDialog({
  opened,
  total,
  onAnswer,
}: {
  opened: boolean;
  total: number;
  onAnswer: (load: boolean) => void;
}) {
  return (
    <Modal opened={opened} onClose={() => onAnswer(false)} title="Load every record?" centered>
      <Stack>
        <Text>{`This search found ${count(total)} records, more than ${count(TABLE_CONFIRM_THRESHOLD)}. Loading them all may take a while. Load them?`}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(false)}>
            No
          </Button>
          <Button onClick={() => onAnswer(true)}>Yes</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
