import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

export const tblProject = resource({
  name: "tblProject",
  kind: "table",
  key: "projectID",
  access: pageAccess(PAGES.projects),
  columns: {
    projectID: col.id(),
    projectName: col.text(255, { searchable: true }),
    projectFirstSourceNumber: col.text(50, { nullable: true, searchable: true }),
    projectSecondSourceNumber: col.text(50, { nullable: true, searchable: true }),
  },
});
