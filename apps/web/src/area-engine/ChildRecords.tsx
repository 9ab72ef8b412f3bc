import { Anchor, Group, Stack, Title } from "@mantine/core";
import {
  type ChildList,
  formatUsDate,
  type RecordForm,
  recordAddress,
  recordForm,
  type SearchLink,
  searchableColumns,
  whereEquals,
} from "@office/core";
import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { useAccess } from "../services/access";
import { ResourceRecords } from "../widgets/record/ResourceRecords";
import { useCompanyToday } from "../widgets/search/useCompanyToday";
import { tableColumns } from "../widgets/table/columns";
import { SearchableTable } from "../widgets/table/SearchableTable";
import { RecordFilesDialog } from "./RecordFilesDialog";

const forms = new WeakMap<ChildList, RecordForm<string>>();
const formOf = (child: ChildList, fields: readonly string[]) => {
  let form = forms.get(child);
  if (!form) {
    form = recordForm(child.resource, fields);
    forms.set(child, form);
  }
  return form;
};

/** "See all in Project Search": the search that lists every one of them, filtered to the record. */
function SeeAll({ search, parentKey }: { search: SearchLink; parentKey: number }) {
  const today = useCompanyToday(search.rangeToToday !== undefined);
  if (today === undefined) return null;
  const params = new URLSearchParams({ [search.param]: String(parentKey) });
  if (search.rangeToToday) params.set(search.rangeToToday, formatUsDate(today) ?? "");
  return (
    <Anchor component={Link} to={`${search.path}?${params}`} size="sm">
      See all in {search.title}
    </Anchor>
  );
}

/**
 * The records of another table that belong to one record: a client's contacts and projects, a
 * master client's clients. Left out for a user who may not read them.
 */
export function ChildRecords({
  child,
  parentKey,
  headingOrder = 2,
}: {
  child: ChildList;
  parentKey: number;
  /** 2 under a record page's h1; 3 in a record dialog, whose title is an h2. */
  headingOrder?: 2 | 3;
}) {
  const mayView = useAccess().mayView(child.list ?? child.resource);
  const where = whereEquals(child.foreignKey, parentKey);
  const list = child.list ?? child.resource;
  const columns = useMemo(() => tableColumns(list, child.columns), [list, child.columns]);
  const { edit } = child;
  // The column a row opens its record by: its page's (a time note opens its project), or its
  // own key for its files.
  const opensBy =
    "recordPath" in edit ? (edit.key ?? child.resource.key) : "files" in edit ? child.resource.key : undefined;
  const rowFields = useMemo(() => (opensBy ? [opensBy] : undefined), [opensBy]);
  const [withFiles, setWithFiles] = useState<Record<string, unknown> | null>(null);
  const recordPath = "recordPath" in edit ? edit.recordPath : undefined;
  const rowHref = useCallback(
    (row: Record<string, unknown>) => (recordPath ? recordAddress(recordPath, row[opensBy ?? ""]) : undefined),
    [recordPath, opensBy],
  );
  if (!mayView) return null;
  return (
    <Stack gap="xs" component="section" aria-label={child.title}>
      <Group justify="space-between" align="baseline">
        <Title order={headingOrder} size="h4">
          {child.title}
        </Title>
        {child.search ? <SeeAll search={child.search} parentKey={parentKey} /> : null}
      </Group>
      {!("fields" in edit) ? (
        <SearchableTable
          label={child.title}
          table={list.name}
          columns={columns}
          searchColumns={searchableColumns(list)}
          where={where}
          {...(child.order ? { order: child.order } : {})}
          {...("recordPath" in edit
            ? { rowFields, rowHref }
            : "files" in edit
              ? { rowFields, onRowOpen: setWithFiles }
              : {})}
        />
      ) : (
        <ResourceRecords
          resource={child.resource}
          list={child.list}
          label={child.title}
          columns={child.columns}
          form={formOf(child, edit.fields)}
          newLabel={edit.newLabel}
          recordTitle={edit.recordTitle}
          noun={edit.recordTitle.toLowerCase()}
          scope={{ where, fields: { [child.foreignKey]: parentKey } }}
          {...(child.children
            ? {
                underRecord: (key: number) =>
                  child.children?.map((grandchild) => (
                    <ChildRecords key={grandchild.title} child={grandchild} parentKey={key} headingOrder={3} />
                  )),
              }
            : {})}
        />
      )}
      {"files" in edit ? (
        <RecordFilesDialog
          child={child}
          recordTitle={edit.recordTitle}
          columns={columns}
          row={withFiles}
          onClose={() => setWithFiles(null)}
        />
      ) : null}
    </Stack>
  );
}
