import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { readOnly, resource } from "./resource.js";

/** Projects with their latest status code: the header's project dropdown searches this. */
export const vwProjectSearch = resource({
  name: "vwProjectSearch",
  kind: "view",
  key: "projectID",
  access: readOnly(PAGES.projects),
  columns: {
    projectID: col.integer(),
    projectName: col.text(255, { searchable: true }),
    projectFirstSourceNumber: col.text(50, { nullable: true, searchable: true }),
    projectSecondSourceNumber: col.text(50, { nullable: true, searchable: true }),
    latestStatusCodeID: col.integer({ nullable: true }),
  },
});
