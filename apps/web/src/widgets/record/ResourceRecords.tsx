import { Button, Group, Stack } from "@mantine/core";
import { type RecordForm, type Resource, searchableColumns } from "@office/core";
import { IconPlus } from "@tabler/icons-react";
import { type ReactNode, useMemo } from "react";
import { tableColumns } from "../table/columns";
import { SearchableTable } from "../table/SearchableTable";
import { useRecordDialog } from "./useRecordDialog";

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
  const { resource, scope } = props;
  const list = props.list ?? resource;
  const dialog = useRecordDialog({ ...props, insertFields: scope?.fields });
  const columns = useMemo(() => tableColumns(list, props.columns), [list, props.columns]);
  const search = useMemo(() => searchableColumns(list), [list]);

  return (
    <Stack gap="sm">
      {dialog.rights.add ? (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={dialog.openNew}>
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
        rowFields={dialog.rowFields}
        onRowOpen={dialog.openRow}
      />
      {dialog.element}
    </Stack>
  );
}
