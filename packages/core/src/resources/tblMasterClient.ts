import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** A master client groups several clients (a company's branches, a parent and its subsidiaries). */
export const tblMasterClient = resource({
  name: "tblMasterClient",
  kind: "table",
  key: "masterClientID",
  access: pageAccess(PAGES.clients),
  order: ["masterClientName"],
  columns: {
    masterClientID: col.id({ label: "ID" }),
    masterClientName: col.text(150, { searchable: true, label: "Name", rules: ["required"] }),
    masterClientNotes: col.text(4000, { nullable: true, emptyAsNull: true, multiline: true, label: "Notes" }),
    createdTS: col.now(),
  },
});
