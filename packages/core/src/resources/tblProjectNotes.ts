import { LOOKUP_GROUPS } from "../lists.js";
import { PROJECT_TIME_CHOICES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { resource } from "./resource.js";

/**
 * Time notes. Logging one needs add on page 9; its author is always the signed-in user. A
 * note is someone's record of their own time: only its author (with change or delete on
 * page 9) or an administrator may change or delete it.
 */
export const tblProjectNotes = resource({
  name: "tblProjectNotes",
  kind: "table",
  key: "projectNotesID",
  access: { view: PAGES.notesTimeSearch, add: PAGES.notes, change: PAGES.notes, del: PAGES.notes },
  authorWrites: { column: "empID", unlessPage: PAGES.administrator },
  order: ["createdTS"],
  columns: {
    projectNotesID: col.id(),
    projectID: col.integer({ min: 1, label: "Project", rules: ["required"] }),
    empID: col.owner(),
    // One of the note categories; the database's default (105) when left out.
    projectNoteCategory: col.lookup(LOOKUP_GROUPS.noteCategories, {
      nullable: false,
      optional: true,
      label: "Type",
      rules: ["required"],
    }),
    // Time is charged in the steps of the project time list (docs/product-rules.md#lookup-lists),
    // and in nothing else.
    ProjectNotesMinutes: col.minuteChoice(PROJECT_TIME_CHOICES, { label: "Charged Time", rules: ["required"] }),
    ProjectNotesDesc: col.text(4000, {
      nullable: true,
      emptyAsNull: true,
      searchable: true,
      multiline: true,
      label: "Note",
    }),
    createdTS: { ...col.now(), label: "Logged" },
  },
});
