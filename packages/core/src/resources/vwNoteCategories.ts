import { col } from "./column.js";
import { readOnly, resource } from "./resource.js";

/** The note types of group 68, as id and value pairs. */
export const vwNoteCategories = resource({
  name: "vwNoteCategories",
  kind: "view",
  key: "id",
  access: readOnly("anyone"),
  order: ["sort", "value"],
  reads: ["tblAppLookup"],
  columns: {
    id: col.integer(),
    value: col.text(255),
    sort: col.integer(),
  },
});
