import { LOOKUP_GROUPS } from "../lists.js";
import { CLIENT_STATUSES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { addressColumns } from "./address.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

export const tblClient = resource({
  name: "tblClient",
  kind: "table",
  key: "clientID",
  access: pageAccess(PAGES.clients),
  order: ["clientName"],
  columns: {
    clientID: col.id({ label: "ID" }),
    clientName: col.text(150, { searchable: true, label: "Name", rules: ["required"] }),
    masterClientID: col.reference(
      { table: "tblMasterClient", value: "masterClientID", label: "masterClientName" },
      { label: "Master Client" },
    ),
    clientStatus: col.choice(CLIENT_STATUSES, { optional: true, label: "Status", rules: ["required"], initial: "2" }),
    clientCategory: col.lookup(LOOKUP_GROUPS.projectCategories, { label: "Category" }),
    ...addressColumns("client"),
    clientPhone: col.tel({ nullable: true, label: "Phone" }),
    clientPhoneExt: col.text(6, { nullable: true, label: "Extension", rules: ["number"] }),
    clientFax: col.fax({ nullable: true, label: "Fax" }),
    clientEmail: col.email({ searchable: true, label: "E-Mail" }),
    clientWebsite: col.text(255, { nullable: true, label: "Website", rules: ["url"] }),
    clientNotes: col.text(4000, { nullable: true, emptyAsNull: true, multiline: true, label: "Notes" }),
    createdTS: col.now(),
  },
});
