import type { ResourceDef } from "./resource.js";
import { tblAppLookup } from "./tblAppLookup.js";
import { tblCC } from "./tblCC.js";
import { tblCCPermission } from "./tblCCPermission.js";
import { tblEmployee } from "./tblEmployee.js";
import { tblPermission } from "./tblPermission.js";
import { tblProject } from "./tblProject.js";
import { tblProjectNotes } from "./tblProjectNotes.js";
import { tblProjectStatus } from "./tblProjectStatus.js";
import { vwCCApprovals } from "./vwCCApprovals.js";
import { vwEmployeeAvailability } from "./vwEmployeeAvailability.js";
import { vwMyProjectNotes } from "./vwMyProjectNotes.js";
import { vwNoteCategories } from "./vwNoteCategories.js";
import { vwProjectSearch } from "./vwProjectSearch.js";

export * from "./column.js";
export * from "./resource.js";
export {
  tblAppLookup,
  tblCC,
  tblCCPermission,
  tblEmployee,
  tblPermission,
  tblProject,
  tblProjectNotes,
  tblProjectStatus,
  vwCCApprovals,
  vwEmployeeAvailability,
  vwMyProjectNotes,
  vwNoteCategories,
  vwProjectSearch,
};

/** Every resource the data service serves, by the name the calls use. */
export const RESOURCES: ReadonlyMap<string, ResourceDef> = new Map(
  [
    tblAppLookup,
    tblCC,
    tblCCPermission,
    tblEmployee,
    tblPermission,
    tblProject,
    tblProjectNotes,
    tblProjectStatus,
    vwCCApprovals,
    vwEmployeeAvailability,
    vwMyProjectNotes,
    vwNoteCategories,
    vwProjectSearch,
  ].map((def) => [def.name, def as unknown as ResourceDef]),
);
