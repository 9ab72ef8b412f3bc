import { AREAS, type Area, EMPLOYEES, PORTAL_ORDERS, PROJECTS } from "@office/core";
import type { ComponentType } from "react";
import { EmployeeAdministration } from "../features/employees/EmployeeAdministration";
import { PortalOrderProject } from "../features/projects/PortalOrderProject";
import { ProjectRecordMore } from "../features/projects/ProjectRecordMore";
import { AreaListPage } from "./AreaListPage";
import { AreaRecordPage, type RecordMore } from "./AreaRecordPage";
import { AreaSearchPage } from "./AreaSearchPage";

/** What an area adds under a record: on its record page, or in its dialog (portal orders). */
const MORE = new Map<Area, RecordMore>([
  [EMPLOYEES, EmployeeAdministration],
  [PROJECTS, ProjectRecordMore],
  [PORTAL_ORDERS, PortalOrderProject],
]);

const PAGES = new Map<string, ComponentType>();
for (const area of AREAS) {
  if (area.allPath) PAGES.set(area.allPath, () => <AreaListPage area={area} more={MORE.get(area)} />);
  if (area.searchPath) PAGES.set(area.searchPath, () => <AreaSearchPage area={area} />);
  if (area.recordPath) PAGES.set(area.recordPath, () => <AreaRecordPage area={area} more={MORE.get(area)} />);
}

/** The page of a directory route (list, search or data entry), built from its area's declaration. */
export function areaPage(path: string): ComponentType {
  const page = PAGES.get(path);
  if (!page) throw new Error(`no directory page for ${path}`);
  return page;
}
