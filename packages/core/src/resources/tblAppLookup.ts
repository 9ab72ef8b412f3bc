import { EDITABLE_GROUPS } from "../lists.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { resource } from "./resource.js";

/** Lookups of every kind (site pages, departments, categories, status codes), by parent. */
export const tblAppLookup = resource({
  name: "tblAppLookup",
  kind: "table",
  key: "appLookupID",
  // Everyone reads lookups (departments, categories); only the Lists page edits them.
  access: { view: "anyone", add: PAGES.lists, change: PAGES.lists, del: PAGES.lists },
  writableRows: { column: "appLookupParentID", values: [...EDITABLE_GROUPS] },
  order: ["appLookupParentID", "appLookupSort"],
  small: true,
  columns: {
    appLookupID: col.id(),
    // A value stays in its list: moved to another, a value in use would escape its protection.
    appLookupParentID: col.text(50, { insertOnly: true }),
    appLookupValue: col.text(255, { nullable: true, searchable: true, label: "Value", rules: ["required"] }),
    appLookupCode: col.text(50, { nullable: true, searchable: true, label: "Code" }),
    appLookupPrompt: col.text(255, { nullable: true, searchable: true, label: "Prompt" }),
    appLookupSort: col.integer({ optional: true, label: "Sort" }),
    appLookupMisc: col.text(1000, { nullable: true, label: "Misc" }),
  },
});
