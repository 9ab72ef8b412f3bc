import { Button, Group, Stack } from "@mantine/core";
import { type RecordForm, type Resource, searchableColumns, whereEquals } from "@office/core";
import { IconPlus } from "@tabler/icons-react";
import { type ReactNode, useMemo, useState } from "react";
import { useAccess } from "../../services/access";
import { ConfirmDelete } from "../ConfirmDelete";
import { RecordFields } from "../form/RecordFields";
import { tableColumns } from "../table/columns";
import { SearchableTable } from "../table/SearchableTable";
import { RecordDialog } from "./RecordDialog";
import { useRecordForm, useRecordSave } from "./useRecordForm";

interface ResourceRecordsProps<K extends string> {
  resource: Resource;
  /** What the table reads, where it is not the resource: a view with the names of what a row refers to. */
  list?: Resource | undefined;
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  form: RecordForm<K>;
  order?: string | undefined;
  /** The add button's words, which also title the new record's dialog. */
  newLabel: string;
  /** The title of an existing record's dialog. */
  recordTitle: string;
  /** What a record is, in words, for the question before a delete. */
  noun: string;
  /** Only these records (the contacts of one client): a where, and the fields every insert carries. */
  scope?: { where: string; fields: Record<string, unknown> };
  /**
   * More of an existing record, under its fields (a master client's clients); `dirty` while
   * the form holds unsaved changes (what leaves the dialog waits for them).
   */
  underRecord?: (key: number, dirty: boolean) => ReactNode;
}

/**
 * A resource's records as a page: the searchable table, an add button for those who may add,
 * and the record dialog over the resource's form, read-only for those who may not change it.
 * An area that only lists and edits its records is this and a declaration.
 */
export function ResourceRecords<K extends string>(props: ResourceRecordsProps<K>) {
  const { resource, form, scope } = props;
  const list = props.list ?? resource;
  const rights = useAccess().rights(resource);
  const [dialog, setDialog] = useState<{ mode: "INSERT" | "UPDATE"; key?: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const state = useRecordForm(form);
  const { save: saveRecord, writes } = useRecordSave(state, resource.name);
  const columns = useMemo(() => tableColumns(list, props.columns), [list, props.columns]);
  const search = useMemo(() => searchableColumns(list), [list]);
  // A row opens the record dialog: it brings its key and every field of the form, shown or not.
  const rowFields = useMemo(() => [resource.key, ...form.names], [resource, form]);
  const where = dialog?.key === undefined ? "" : whereEquals(resource.key, dialog.key);

  const save = (kind: "insert" | "update") => {
    const fields = kind === "insert" ? { ...state.fields(), ...scope?.fields } : state.fields();
    saveRecord({ kind, where, fields }, () => setDialog(null));
  };
  const remove = () =>
    writes.mutate(
      { kind: "delete", where },
      {
        onSuccess: () => setDialog(null),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Stack gap="sm">
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
        table={list.name}
        columns={columns}
        searchColumns={search}
        where={scope?.where}
        order={props.order}
        rowFields={rowFields}
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
        onDelete={() => setConfirming(true)}
      >
        <RecordFields form={form} state={state} readOnly={dialog?.mode === "UPDATE" && !rights.update} />
        {dialog?.key !== undefined && props.underRecord ? props.underRecord(dialog.key, state.dirty) : null}
      </RecordDialog>
      <ConfirmDelete
        opened={confirming}
        noun={props.noun}
        busy={writes.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </Stack>
  );
}
