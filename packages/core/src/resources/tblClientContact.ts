import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** The people to talk to at a client. */
export const tblClientContact = resource({
  name: "tblClientContact",
  kind: "table",
  key: "contactID",
  access: pageAccess(PAGES.clients),
  order: ["contactName"],
  columns: {
    contactID: col.id({ label: "ID" }),
    clientID: col.reference(
      { table: "tblClient", value: "clientID", label: "clientName" },
      {
        nullable: false,
        label: "Client",
        rules: ["required"],
      },
    ),
    contactName: col.text(100, { searchable: true, label: "Name", rules: ["required"] }),
    contactTitle: col.text(100, { nullable: true, searchable: true, label: "Title" }),
    contactEmail: col.email({ searchable: true, label: "E-Mail" }),
    contactPhone: col.tel({ nullable: true, label: "Phone" }),
    contactPhoneExt: col.text(6, { nullable: true, label: "Extension", rules: ["number"] }),
    contactNotes: col.text(1000, { nullable: true, emptyAsNull: true, multiline: true, label: "Notes" }),
  },
});
