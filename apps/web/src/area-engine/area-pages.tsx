import { type Area, areaOf } from "@office/core";
import type { ComponentType } from "react";
import { AreaListPage } from "./AreaListPage";
import { AreaRecordPage, type RecordPanel } from "./AreaRecordPage";
import { AreaSearchPage } from "./AreaSearchPage";
import type { BulkAction } from "./bulk-actions";
import type { RecordTab } from "./RecordTabs";

/**
 * The panels areas add under a record, found by file name rather than listed: an area whose
 * feature folder holds `<noun>.panel.ts` (its noun with dashes, default-exporting the panel
 * shown under the record's fields, and exporting as `tabs` the tabs it adds to its record
 * page, as `bulk` the actions on the rows chosen in its search, and as `aboveList` what its list
 * page shows above the list) shows them. Each is a chunk of its own, loaded with its area's page.
 */
interface PanelFile {
  default?: RecordPanel;
  tabs?: readonly RecordTab[];
  bulk?: readonly BulkAction[];
  aboveList?: ComponentType;
}

const PANELS = import.meta.glob<PanelFile>("../features/*/*.panel.ts");

const panelFile = (area: Area) => `/${area.noun.replaceAll(" ", "-")}.panel.ts`;

async function panelOf(area: Area): Promise<PanelFile> {
  const file = Object.keys(PANELS).find((path) => path.endsWith(panelFile(area)));
  return (file ? await PANELS[file]?.() : undefined) ?? {};
}

/** The page of an area's route (list, search or data entry), built from its declaration. */
export async function areaPage(path: string): Promise<ComponentType> {
  const area = areaOf(path);
  if (!area) throw new Error(`no area has the route ${path}`);
  const { default: panel, tabs = [], bulk = [], aboveList } = await panelOf(area);
  if (path === area.searchPath) return () => <AreaSearchPage area={area} bulk={bulk} />;
  if (path === area.recordPath) return () => <AreaRecordPage area={area} panel={panel} tabs={tabs} />;
  return () => <AreaListPage area={area} panel={panel} aboveList={aboveList} />;
}

/** The panel files, for the test that each names an area. */
export const PANEL_FILES = Object.keys(PANELS);
