import { Loader, Stack } from "@mantine/core";
import type { Area } from "@office/core";
import type { ComponentType } from "react";
import { useSearchParams } from "react-router";
import { useRecordCrumb } from "../services/record-crumb";
import { ChildRecords } from "./ChildRecords";
import { RecordEditor } from "./RecordEditor";

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
export function AreaRecordPage({ area, panel }: { area: Area; panel?: RecordPanel | undefined }) {
  const [params] = useSearchParams();
  const id = params.get("id");
  if (id === null) {
    return (
      <Stack p="md">
        <RecordEditor key="new" area={area} />
      </Stack>
    );
  }
  return <ExistingRecord key={id} area={area} id={id} Panel={panel} />;
}

function ExistingRecord({ area, id, Panel }: { area: Area; id: string; Panel?: RecordPanel | undefined }) {
  const fields = [area.resource.key, ...area.form.names].join(",");
  const row = useRecordCrumb(area.resource.name, id, area.noun, fields);
  if (!row) return <Loader m="md" size="sm" aria-label={`Loading the ${area.noun}`} />;
  const key = Number(id);
  return (
    <Stack p="md" gap="lg">
      <RecordEditor area={area} row={row} />
      {area.children.map((child) => (
        <ChildRecords key={child.title} child={child} parentKey={key} />
      ))}
      {Panel ? <Panel id={key} /> : null}
    </Stack>
  );
}
