import { Alert, Loader, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { type LookupList, tblAppLookup, whereEquals } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { useAccess } from "../../services/access";
import { useLayout } from "../../services/device";
import { ConfirmDelete } from "../../widgets/ConfirmDelete";
import { useRecordWrites } from "../../widgets/record/mutations";
import { LookupAddRow } from "./LookupAddRow";
import { LookupRowEditor } from "./LookupRowEditor";
import { LOOKUP_FORM, type LookupRow, lookupRowsQuery, movedIds } from "./lookup-list";
import { useListOrder } from "./useListOrder";

const NO_ROWS: LookupRow[] = [];

/**
 * A list's values as a table edited in place: each row saved on its own, moved up or down,
 * deleted after the question (a value in use is refused by the server and said so), and a
 * row at the bottom adding a value. Without the Lists page's rights, only read.
 */
export function LookupTable({ list }: { list: LookupList }) {
  const rights = useAccess().rights(tblAppLookup);
  const { data: rows = NO_ROWS, isPending } = useQuery(lookupRowsQuery(list.group));
  const order = useListOrder(list.group);
  const writes = useRecordWrites(tblAppLookup.name);
  const [confirm, setConfirm] = useState<{ row: LookupRow; opened: boolean } | null>(null);
  const [inUse, setInUse] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const actions = rights.add || rights.change || rights.del;
  const cards = useLayout() === "mobile";

  const move = (index: number, by: -1 | 1) => {
    const row = rows[index];
    if (!row) return;
    order.mutate(movedIds(rows, index, by));
    setAnnouncement(`“${row.appLookupValue ?? ""}” moved ${by < 0 ? "up" : "down"} to place ${index + 1 + by}.`);
  };
  const remove = () => {
    const row = confirm?.row;
    if (!row) return;
    writes.mutate(
      { kind: "delete", where: whereEquals("appLookupID", row.appLookupID) },
      {
        onError: (error) => {
          // Still referenced (a client's category, a note's type): the foreign key refuses it.
          if (error instanceof ApiError && error.statusCode === 409) setInUse(row.appLookupValue ?? "");
        },
        onSettled: () => setConfirm((c) => (c ? { ...c, opened: false } : c)),
      },
    );
  };

  if (isPending) return <Loader role="status" aria-label="Loading" />;

  return (
    <Stack gap="sm">
      {inUse !== null ? (
        <Alert color="orange" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setInUse(null)}>
          “{inUse}” is in use and cannot be deleted.
        </Alert>
      ) : null}
      {/* On a phone each value is a card (its fields under their labels): no header row, no sideways scroll. */}
      <Table.ScrollContainer minWidth={cards ? 0 : 820}>
        <Table aria-label={list.title} verticalSpacing={6} highlightOnHover styles={{ td: { verticalAlign: "top" } }}>
          <Table.Thead style={cards ? { display: "none" } : undefined}>
            <Table.Tr>
              {LOOKUP_FORM.names.map((field) => (
                <Table.Th key={field} scope="col">
                  {LOOKUP_FORM.rules[field].label}
                </Table.Th>
              ))}
              {actions ? <Table.Th scope="col">Actions</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <LookupRowEditor
                key={row.appLookupID}
                row={row}
                index={index}
                count={rows.length}
                rights={rights}
                actions={actions}
                cards={cards}
                onMove={(by) => move(index, by)}
                onDelete={() => {
                  setInUse(null);
                  setConfirm({ row, opened: true });
                }}
              />
            ))}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={LOOKUP_FORM.names.length + (actions ? 1 : 0)}>
                  <Text c="dimmed" size="sm">
                    The list has no values yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
          {rights.add ? (
            <Table.Tfoot>
              <LookupAddRow group={list.group} rows={rows} actions={actions} cards={cards} />
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <ConfirmDelete
        opened={confirm?.opened ?? false}
        noun="value"
        name={confirm?.row.appLookupValue ?? undefined}
        busy={writes.isPending}
        onCancel={() => setConfirm((c) => (c ? { ...c, opened: false } : c))}
        onConfirm={remove}
      />
    </Stack>
  );
}
