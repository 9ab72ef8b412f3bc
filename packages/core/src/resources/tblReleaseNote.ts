import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { resource } from "./resource.js";

/** Release notes (/rn): every signed-in employee reads them; administrators (page 40) write them. */
export const tblReleaseNote = resource({
  name: "tblReleaseNote",
  kind: "table",
  key: "releaseNoteID",
  access: { view: "anyone", add: PAGES.administrator, change: PAGES.administrator, del: PAGES.administrator },
  order: ["releaseNoteDate"],
  columns: {
    releaseNoteID: col.id({ label: "ID" }),
    releaseNoteVersion: col.text(20, { searchable: true, label: "Version", rules: ["required"] }),
    releaseNoteDate: col.date({ label: "Date", rules: ["required"] }),
    releaseNoteTitle: col.text(200, { searchable: true, label: "Title", rules: ["required"] }),
    releaseNoteBody: col.text(10_000, {
      nullable: true,
      emptyAsNull: true,
      searchable: true,
      multiline: true,
      label: "Notes",
    }),
    empID: col.owner({ nullable: true }),
    createdTS: col.now(),
  },
});
