// Every resource the data service serves: a new table or view is one line here.
export { tblAppLookup } from "./tblAppLookup.js";
export { tblCC } from "./tblCC.js";
export { tblCCPermission } from "./tblCCPermission.js";
export { tblEmployee } from "./tblEmployee.js";
export { tblPermission } from "./tblPermission.js";
export { tblProject } from "./tblProject.js";
export { tblProjectNotes } from "./tblProjectNotes.js";
export { tblProjectStatus } from "./tblProjectStatus.js";
export { tblReleaseNote } from "./tblReleaseNote.js";
export { vwCCApprovals } from "./vwCCApprovals.js";
export { vwEmployeeAvailability } from "./vwEmployeeAvailability.js";
export { vwMyProjectNotes } from "./vwMyProjectNotes.js";
export { vwNoteCategories } from "./vwNoteCategories.js";
export { vwProjectSearch } from "./vwProjectSearch.js";
