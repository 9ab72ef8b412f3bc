import { LOOKUP_GROUPS } from "../lists.js";
import { PROJECT_TIME_CHOICES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { resource } from "./resource.js";

/**
 * Time notes. Logging one needs add on page 9; its author is always the signed-in user. Its
 * author may correct or remove it (the right to log time is the right to correct it, at any
 * time: docs/decisions.md); so may whoever has change (or delete) on the notes pages, 9 and 35,
 * and administrators, on anyone's note.
 */
const AUTHORS = { page: PAGES.notes, flag: "add" } as const;

export const tblProjectNotes = resource({
  name: "tblProjectNotes",
  kind: "table",
  key: "projectNotesID",
  access: { view: PAGES.notesTimeSearch, add: PAGES.notes, change: AUTHORS, del: AUTHORS },
  authorWrites: {
    column: "empID",
    unlessPage: PAGES.administrator,
    everyonesOn: [PAGES.notes, PAGES.notesTimeSearch],
  },
  order: ["createdTS"],
  toldOfChanges: {
    owner: "empID",
    about: "ProjectNotesDesc",
    noun: "time note",
    nouns: "time notes",
    opens: { table: "tblProject", key: "projectID" },
  },
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
