import { col } from "./column.js";
import { readOnly, resource } from "./resource.js";

/** The signed-in user's own notes with project and category names (today's and this week's hours). */
export const vwMyProjectNotes = resource({
  name: "vwMyProjectNotes",
  kind: "view",
  key: "projectNotesID",
  access: readOnly("anyone"),
  ownRows: "empID",
  order: ["createdTS"],
  reads: ["tblProjectNotes", "tblProject", "tblAppLookup"],
  columns: {
    projectNotesID: col.integer(),
    projectID: col.integer(),
    projectName: col.text(255, { searchable: true }),
    empID: col.integer(),
    projectNoteCategory: col.integer(),
    categoryName: col.text(255, { nullable: true }),
    ProjectNotesMinutes: col.integer(),
    ProjectNotesDesc: col.text(4000, { nullable: true, searchable: true }),
    createdTS: col.timestamp(),
  },
});
