import { Button, Group, Stack } from "@mantine/core";
import { type RecordForm, type ResourceDef, searchableColumns, whereBuilder } from "@office/core";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { RecordFields } from "../form/RecordFields";
import { tableColumns } from "../table/columns";
import { SearchableTable } from "../table/SearchableTable";
import { useRecordWrites } from "./mutations";
import { RecordDialog } from "./RecordDialog";
import { useRecordForm } from "./useRecordForm";
import { useRights } from "./useRights";

interface ResourceRecordsProps<C extends ResourceDef["columns"], K extends keyof C & string> {
  resource: ResourceDef<C>;
  /** The table's accessible name. */
  label: string;
  columns: readonly (keyof C & string)[];
  form: RecordForm<K>;
  order?: string;
  /** The add button's words, which also title the new record's dialog. */
  newLabel: string;
  /** The title of an existing record's dialog. */
  recordTitle: string;
}

/**
 * A resource's records as a page: the searchable table, an add button for those who may add,
 * and the record dialog over the resource's form, read-only for those who may not change it.
 * An area that only lists and edits its records is this and a declaration.
 */
export function ResourceRecords<C extends ResourceDef["columns"], K extends keyof C & string>(
  props: ResourceRecordsProps<C, K>,
) {
  const { resource, form } = props;
  const rights = useRights(resource as unknown as ResourceDef);
  const [dialog, setDialog] = useState<{ mode: "INSERT" | "UPDATE"; key?: number } | null>(null);
  const state = useRecordForm(form);
  const writes = useRecordWrites(resource.name);
  const columns = useMemo(() => tableColumns(resource, props.columns), [resource, props.columns]);
  const search = useMemo(() => searchableColumns(resource), [resource]);
  const w = whereBuilder();
  const where = dialog?.key === undefined ? "" : w.print(w.eq(resource.key, dialog.key));

  const save = (kind: "insert" | "update") => {
    if (!state.validate()) return;
    writes.mutate(
      { kind, where, fields: state.fields() },
      { onSuccess: () => setDialog(null), onError: (error) => state.absorb(error) },
    );
  };

  return (
    <Stack p="md" gap="sm">
      {rights.insert ? (
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => {
              state.reset();
              setDialog({ mode: "INSERT" });
            }}
          >
            {props.newLabel}
          </Button>
        </Group>
      ) : null}
      <SearchableTable
        label={props.label}
        table={resource.name}
        columns={columns}
        searchColumns={search}
        order={props.order}
        onRowOpen={(row) => {
          state.reset(row);
          setDialog({ mode: "UPDATE", key: Number(row[resource.key]) });
        }}
      />
      <RecordDialog
        opened={dialog !== null}
        title={dialog?.mode === "INSERT" ? props.newLabel : props.recordTitle}
        mode={dialog?.mode ?? "INSERT"}
        can={rights}
        dirty={state.dirty}
        busy={writes.isPending}
        onClose={() => setDialog(null)}
        onInsert={() => save("insert")}
        onUpdate={() => save("update")}
        onDelete={() => writes.mutate({ kind: "delete", where }, { onSuccess: () => setDialog(null) })}
      >
        <RecordFields form={form} state={state} readOnly={dialog?.mode === "UPDATE" && !rights.update} />
      </RecordDialog>
    </Stack>
  );
}
