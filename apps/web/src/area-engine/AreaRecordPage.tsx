import { Group, Loader, Stack, Title } from "@mantine/core";
import { type Area, displayText, recordName, statusTone, whereEquals } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { useSearchParams } from "react-router";
import { queryRows } from "../api/client";
import { useAccess } from "../services/access";
import { tableKey } from "../services/query-keys";
import { useRecordCrumb } from "../services/record-crumb";
import { PageFrame } from "../widgets/PageFrame";
import { StatusPill } from "../widgets/StatusPill";
import { RecordEditor } from "./RecordEditor";
import { type RecordTab, RecordTabs } from "./RecordTabs";

/**
 * What an area shows under an existing record besides its fields and children (an employee's
 * sign-in and permissions); `dirty` while the record's form in a dialog holds unsaved changes.
 * An area has one when its feature folder holds `<noun>.panel.ts` (see area-pages.tsx).
 */
export type RecordPanel = ComponentType<{ id: number; dirty?: boolean }>;

/**
 * An area's data-entry page (/…/de): without a query, a new record (add right); with ?id=,
 * that record (view right to see, change right to save, delete right to delete), its
 * children, and what else the area adds.
 */
export function AreaRecordPage({
  area,
  panel,
  tabs = [],
}: {
  area: Area;
  panel?: RecordPanel | undefined;
  /** The tabs its panel file adds (an employee's sign-in and permissions). */
  tabs?: readonly RecordTab[];
}) {
  const [params] = useSearchParams();
  const id = params.get("id");
  if (id === null) {
    return (
      <PageFrame>
        <Title order={1} size="h2">
          {area.newLabel}
        </Title>
        <RecordEditor key="new" area={area} />
      </PageFrame>
    );
  }
  return <ExistingRecord key={id} area={area} id={id} Panel={panel} tabs={tabs} />;
}

function ExistingRecord({
  area,
  id,
  Panel,
  tabs,
}: {
  area: Area;
  id: string;
  Panel?: RecordPanel | undefined;
  tabs: readonly RecordTab[];
}) {
  const fields = [area.resource.key, ...area.form.names].join(",");
  const row = useRecordCrumb(area.resource.name, id, area.noun, fields);
  if (!row) return <Loader m="md" size="sm" role="status" aria-label={`Loading the ${area.noun}`} />;
  const key = Number(id);
  return (
    <PageFrame gap="lg">
      <RecordHeading area={area} row={row} id={key} />
      <RecordTabs
        resource={area.resource}
        id={key}
        childLists={area.children}
        tabs={tabs}
        details={
          <Stack gap="lg">
            <RecordEditor area={area} row={row} />
            {Panel ? <Panel id={key} /> : null}
          </Stack>
        }
      />
    </PageFrame>
  );
}

/**
 * The record's name as the page's heading (its title columns, else "Project 12"), with its
 * status beside it where the area declares one (a column of its list view).
 */
function RecordHeading({ area, row, id }: { area: Area; row: Record<string, unknown>; id: number }) {
  // Read only by a user who may read the list view: a part of a page is left out, not refused.
  const status = useAccess().mayView(area.list) ? area.status : undefined;
  const where = whereEquals(area.resource.key, id);
  const column = status ? area.list.columns[status] : undefined;
  // A status toned by a code of its row (a project's) reads that code too.
  const fields = [status, column?.status?.code].filter(Boolean).join(",");
  const params = { table: area.list.name, fields, where };
  const { data } = useQuery({
    queryKey: tableKey.first(params),
    queryFn: async () => (await queryRows<Record<string, unknown>>(params)).data[0] ?? null,
    enabled: status !== undefined,
  });
  // Its words: a name the view gives (a project's status), or a choice's label (a card's Active).
  const raw = status ? data?.[status] : undefined;
  const value = raw === null || raw === undefined || !column ? raw : displayText(column, raw);
  return (
    <Group gap="sm" align="center">
      <Title order={1} size="h2">
        {recordName(area, row, id)}
      </Title>
      {status && data ? (
        <StatusPill
          tone={column && data ? statusTone(column, raw, data) : undefined}
          size="lg"
          aria-label={`Status: ${value ?? "none"}`}
        >
          {String(value ?? "No status")}
        </StatusPill>
      ) : null}
    </Group>
  );
}
