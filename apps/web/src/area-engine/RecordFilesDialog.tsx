import { Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ChildList, whereEquals } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { queryRows } from "../api/client";
import { useAccess } from "../services/access";
import { tableKey } from "../services/query-keys";
import { Attachments } from "../widgets/record/Attachments";
import { cellText, type TableColumn } from "../widgets/table/columns";

type Row = Record<string, unknown>;

/**
 * A record that is only read here, with its files: a card's charge, whose receipts are
 * attached, opened and removed in the dialog (by whoever may change the charge). The record is
 * read as it is now, not as the list showed it when opened: attaching a receipt changes it.
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
  const list = child.list ?? child.resource;
  const id = row ? Number(row[key]) : null;
  const fields = [...new Set([key, ...columns.map((column) => column.key)])].join(",");
  const params = { table: list.name, fields, where: id === null ? "" : whereEquals(key, id) };
  const now = useQuery({
    queryKey: tableKey.first(params),
    queryFn: async () => (await queryRows<Row>(params)).data[0] ?? null,
    enabled: id !== null,
  });
  // As the list showed it until it is read; as it was, should it be gone meanwhile.
  const shown = now.data ?? row;
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `${recordTitle} ${row[key]}` : recordTitle}
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {row && shown ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {columns.map((column) => (
              <Group key={column.key} gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {column.label}:
                </Text>
                <Text size="sm">{cellText(column, shown) || "—"}</Text>
              </Group>
            ))}
          </SimpleGrid>
          <Attachments table={child.resource.name} recordKey={Number(row[key])} canChange={canChange} />
        </Stack>
      ) : null}
    </Modal>
  );
}
