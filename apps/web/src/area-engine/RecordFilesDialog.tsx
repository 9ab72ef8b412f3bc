import { Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ChildList } from "@office/core";
import { useAccess } from "../services/access";
import { Attachments } from "../widgets/record/Attachments";
import { cellText, type TableColumn } from "../widgets/table/columns";

type Row = Record<string, unknown>;

/**
 * A record that is only read here, with its files: a card's charge, whose receipts are
 * attached, opened and removed in the dialog (by whoever may change the charge).
 */
export function RecordFilesDialog({
  child,
  recordTitle,
  columns,
  row,
  onClose,
}: {
  child: ChildList;
  recordTitle: string;
  columns: readonly TableColumn[];
  row: Row | null;
  onClose: () => void;
}) {
  const { key } = child.resource;
  const canChange = useAccess().rights(child.resource).change;
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `${recordTitle} ${row[key]}` : recordTitle}
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {row ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {columns.map((column) => (
              <Group key={column.key} gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {column.label}:
                </Text>
                <Text size="sm">{cellText(column, row) || "—"}</Text>
              </Group>
            ))}
          </SimpleGrid>
          <Attachments table={child.resource.name} recordKey={Number(row[key])} canChange={canChange} />
        </Stack>
      ) : null}
    </Modal>
  );
}
