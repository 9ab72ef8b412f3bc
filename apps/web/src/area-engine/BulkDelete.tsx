import { Button, Text } from "@mantine/core";
import { type Area, whereBuilder } from "@office/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "../widgets/ConfirmDialog";
import { useRecordWrites } from "../widgets/record/mutations";
import { chosenCount } from "./bulk-actions";

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
  const what = chosenCount(rows.length, area);
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
      <ConfirmDialog
        opened={asking}
        title={`Delete ${what}?`}
        confirm={`Delete ${what}`}
        color="red"
        busy={writes.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={remove}
      >
        <Text size="sm">
          They are deleted together, or none is. Undo puts them back for a few minutes; after that an administrator can
          restore them from Deleted.
        </Text>
      </ConfirmDialog>
    </>
  );
}
