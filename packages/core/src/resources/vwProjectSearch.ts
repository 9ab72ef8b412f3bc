import { col } from "./column.js";
import { readOnly, resource } from "./resource.js";

/**
 * Projects with their latest status code: the header's project dropdown and the time-note
 * dialog's Project search this. Both are in every employee's header
 * (docs/product-rules.md#header), so anyone signed in may read it, as the other views of the
 * header.
 */
export const vwProjectSearch = resource({
  name: "vwProjectSearch",
  kind: "view",
  key: "projectID",
  access: readOnly("anyone"),
  reads: ["tblProject", "tblProjectStatus"],
  columns: {
    projectID: col.integer(),
    // Searched in their lower-cased copies, which no call reads (migration 0027).
    projectName: col.text(255, { searchable: true, foldedIn: "projectNameFolded" }),
    projectFirstSourceNumber: col.text(50, { nullable: true, searchable: true, foldedIn: "projectFirstSourceFolded" }),
    projectSecondSourceNumber: col.text(50, {
      nullable: true,
      searchable: true,
      foldedIn: "projectSecondSourceFolded",
    }),
    latestStatusCodeID: col.integer({ nullable: true }),
  },
});
