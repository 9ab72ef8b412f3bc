import { Button, Group, Stack } from "@mantine/core";
import { type RecordForm, type Resource, searchableColumns } from "@office/core";
import { IconPlus } from "@tabler/icons-react";
import { type ReactNode, useMemo, useRef } from "react";
import { tableColumns } from "../table/columns";
import { SearchableTable } from "../table/SearchableTable";
import { useAddressedDialog } from "./useAddressedDialog";
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
  /**
   * The record dialog follows the address (?id=7): a link opens the record, a row opened puts
   * it there (docs/decisions.md#records-that-link). A page's one list, never a record's children.
   */
  addressed?: boolean;
}

/**
 * A resource's records as a page: the searchable table, an add button for those who may add,
 * and the record dialog over the resource's form, read-only for those who may not change it.
 * An area that only lists and edits its records is this and a declaration.
 */
export function ResourceRecords<K extends string>(props: ResourceRecordsProps<K>) {
  const { resource, scope, addressed } = props;
  const list = props.list ?? resource;
  // The dialog tells the address when it closes; the address opens the dialog (useAddressedDialog).
  const closed = useRef(() => {});
  const dialog = useRecordDialog({ ...props, insertFields: scope?.fields, onClose: () => closed.current() });
  const address = useAddressedDialog({
    enabled: addressed === true,
    table: resource.name,
    key: resource.key,
    noun: props.noun,
    fields: dialog.rowFields,
    open: dialog.openRow,
    close: dialog.dismiss,
  });
  closed.current = address.onClosed;
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
        onRowOpen={address.open}
        {...(addressed ? { rowHref: address.href, remember: true } : {})}
      />
      {address.element}
      {dialog.element}
    </Stack>
  );
}
