import { Stack, Title } from "@mantine/core";
import { type ChildList, type RecordForm, recordForm, searchableColumns, whereEquals } from "@office/core";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { useAccess } from "../services/access";
import { ResourceRecords } from "../widgets/record/ResourceRecords";
import { tableColumns } from "../widgets/table/columns";
import { SearchableTable } from "../widgets/table/SearchableTable";

const forms = new WeakMap<ChildList, RecordForm<string>>();
const formOf = (child: ChildList, fields: readonly string[]) => {
  let form = forms.get(child);
  if (!form) {
    form = recordForm(child.resource, fields);
    forms.set(child, form);
  }
  return form;
};

/**
 * The records of another table that belong to one record: a client's contacts and projects, a
 * master client's clients. Left out for a user who may not read them.
 */
export function ChildRecords({ child, parentKey }: { child: ChildList; parentKey: number }) {
  const navigate = useNavigate();
  const mayView = useAccess().mayView(child.list ?? child.resource);
  const where = whereEquals(child.foreignKey, parentKey);
  const list = child.list ?? child.resource;
  const columns = useMemo(() => tableColumns(list, child.columns), [list, child.columns]);
  const { edit } = child;
  if (!mayView) return null;
  return (
    <Stack gap="xs" component="section" aria-label={child.title}>
      <Title order={3} size="h4">
        {child.title}
      </Title>
      {!("fields" in edit) ? (
        <SearchableTable
          label={child.title}
          table={list.name}
          columns={columns}
          searchColumns={searchableColumns(list)}
          where={where}
          {...("recordPath" in edit
            ? { onRowOpen: (row) => navigate(`${edit.recordPath}?id=${row[child.resource.key]}`) }
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
        />
      )}
    </Stack>
  );
}
