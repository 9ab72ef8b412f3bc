import { Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ChildList, searchableColumns } from "@office/core";
import { useMemo, useState } from "react";
import { useAccess } from "../services/access";
import { Attachments } from "../widgets/record/Attachments";
import { cellText, type TableColumn } from "../widgets/table/columns";
import { SearchableTable } from "../widgets/table/SearchableTable";

type Row = Record<string, unknown>;

/**
 * Records that are only read here, each of which opens its files: a card's charges, whose
 * receipts are attached, opened and removed in the dialog (by whoever may change the charge).
 */
export function RecordsWithFiles({
  child,
  recordTitle,
  where,
  columns,
}: {
  child: ChildList;
  recordTitle: string;
  where: string;
  columns: readonly TableColumn[];
}) {
  const list = child.list ?? child.resource;
  const { key } = child.resource;
  const canChange = useAccess().rights(child.resource).update;
  const rowFields = useMemo(() => [key], [key]);
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <SearchableTable
        label={child.title}
        table={list.name}
        columns={columns}
        searchColumns={searchableColumns(list)}
        where={where}
        rowFields={rowFields}
        onRowOpen={setOpen}
        {...(child.order ? { order: child.order } : {})}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${recordTitle} ${open[key]}` : recordTitle}
        size="lg"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {open ? (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {columns.map((column) => (
                <Group key={column.key} gap={6} wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {column.label}:
                  </Text>
                  <Text size="sm">{cellText(column, open) || "—"}</Text>
                </Group>
              ))}
            </SimpleGrid>
            <Attachments table={child.resource.name} recordKey={Number(open[key])} canChange={canChange} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
