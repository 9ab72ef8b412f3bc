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
    projectName: col.text(255, { searchable: true }),
    projectFirstSourceNumber: col.text(50, { nullable: true, searchable: true }),
    projectSecondSourceNumber: col.text(50, { nullable: true, searchable: true }),
    latestStatusCodeID: col.integer({ nullable: true }),
  },
});
