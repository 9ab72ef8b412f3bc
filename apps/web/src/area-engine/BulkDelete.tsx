import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type Area, whereBuilder } from "@office/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useRecordWrites } from "../widgets/record/mutations";

type Row = Record<string, unknown>;

/**
 * Deletes the rows chosen in an area's list, after a question that says how many: one delete
 * of them all (the data service's, in one transaction: one that may not go keeps them all),
 * with the toast's Undo as for one record, and Restore for administrators.
 */
export function BulkDelete({ area, rows, done }: { area: Area; rows: Row[]; done: () => void }) {
  const [asking, setAsking] = useState(false);
  const writes = useRecordWrites(area.resource.name);
  const key = area.resource.key;
  const what = `${rows.length.toLocaleString("en-US")} ${rows.length === 1 ? area.noun : area.listTitle.toLowerCase()}`;
  const remove = () => {
    const w = whereBuilder();
    writes.mutate(
      {
        kind: "delete",
        where: w.print(
          w.in(
            key,
            rows.map((row) => row[key] as number),
          ),
        ),
      },
      {
        onSuccess: () => {
          setAsking(false);
          done();
        },
        onError: () => setAsking(false),
      },
    );
  };
  return (
    <>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconTrash size={14} aria-hidden="true" />}
        onClick={() => setAsking(true)}
      >
        Delete
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Delete ${what}?`}>
        <Stack gap="md">
          <Text size="sm">
            They are deleted together, or none is. Undo puts them back for a few minutes; after that an administrator
            can restore them from Deleted.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button color="red" loading={writes.isPending} onClick={remove}>
              Delete {what}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
