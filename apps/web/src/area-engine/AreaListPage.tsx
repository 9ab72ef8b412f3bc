import { Button, Group } from "@mantine/core";
import { type Area, findRoute, recordAddress, searchableColumns } from "@office/core";
import { IconPlus } from "@tabler/icons-react";
import { type ComponentType, useCallback, useMemo } from "react";
import { Link } from "react-router";
import { useAccess } from "../services/access";
import { PageFrame } from "../widgets/PageFrame";
import { PageHeading } from "../widgets/PageHeading";
import { ResourceRecords } from "../widgets/record/ResourceRecords";
import { tableColumns } from "../widgets/table/columns";
import { SearchableTable } from "../widgets/table/SearchableTable";
import type { RecordPanel } from "./AreaRecordPage";
import { BulkDelete } from "./BulkDelete";
import { rowTitleColumn } from "./bulk-actions";
import { ChildRecords } from "./ChildRecords";
import { DeletedRecords } from "./DeletedRecords";

/** The pages that go with an area's list, each a link for a user who may open it. */
function RelatedPages({ area }: { area: Area }) {
  const access = useAccess();
  return (area.related ?? []).map(({ path, label }) => {
    const route = findRoute(path);
    return route && access.route(route) ? (
      <Button key={path} component={Link} to={path} variant="subtle" px="xs">
        {label}
      </Button>
    ) : null;
  });
}

/**
 * An area's list (/…/all): the searchable table of its list view; a row opens its record
 * page, and "New …" its empty form for those who may add. An area without a record page
 * edits its records in a dialog over the list, with its children and what else the area adds.
 */
export function AreaListPage({
  area,
  panel: Panel,
  aboveList: AboveList,
}: {
  area: Area;
  panel?: RecordPanel | undefined;
  /** What the area shows above its list (the shipments' last tracking run). */
  aboveList?: ComponentType | undefined;
}) {
  const rights = useAccess().rights(area.resource);
  const columns = useMemo(() => tableColumns(area.list, area.listColumns), [area]);
  const search = useMemo(() => searchableColumns(area.list), [area]);
  // The key opens a row's record, whether or not the list shows it (a card's list shows no id).
  const key = useMemo(() => [area.resource.key], [area]);
  const { recordPath } = area;
  // Rows chosen together, for whoever may delete them (the first title column names a row's checkbox).
  const bulk = useMemo(
    () =>
      rights.del
        ? {
            key: area.resource.key,
            title: rowTitleColumn(area),
            actions: (rows: Record<string, unknown>[], done: () => void) => (
              <BulkDelete area={area} rows={rows} done={done} />
            ),
          }
        : undefined,
    [rights.del, area],
  );
  const rowHref = useCallback(
    (row: Record<string, unknown>) => recordAddress(recordPath ?? "", row[area.resource.key]),
    [recordPath, area],
  );

  if (!recordPath) {
    return (
      <PageFrame gap="sm">
        <PageHeading path={area.listPath}>
          <DeletedRecords area={area} />
        </PageHeading>
        {AboveList ? <AboveList /> : null}
        <ResourceRecords
          resource={area.resource}
          list={area.list}
          label={area.listTitle}
          columns={area.listColumns}
          form={area.form}
          order={area.order}
          newLabel={area.newLabel}
          recordTitle={area.recordTitle}
          noun={area.noun}
          addressed
          underRecord={(key, dirty) => (
            <>
              {area.children.map((child) => (
                <ChildRecords key={child.title} child={child} parentKey={key} headingOrder={3} />
              ))}
              {Panel ? <Panel id={key} dirty={dirty} /> : null}
            </>
          )}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame gap="sm">
      <PageHeading path={area.listPath}>
        <Group gap="xs">
          <RelatedPages area={area} />
          <DeletedRecords area={area} />
          {rights.add ? (
            <Button component={Link} to={recordPath} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {area.newLabel}
            </Button>
          ) : null}
        </Group>
      </PageHeading>
      <SearchableTable
        label={area.listTitle}
        table={area.list.name}
        columns={columns}
        searchColumns={search}
        order={area.order}
        rowFields={key}
        rowHref={rowHref}
        remember
        bulk={bulk}
      />
    </PageFrame>
  );
}
