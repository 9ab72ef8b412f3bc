import { LOOKUP_GROUPS } from "../lists.js";
import { VENDOR_BUSINESS_TYPES, VENDOR_PREFERRED_QUOTES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { addressColumns } from "./address.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

export const tblVendor = resource({
  name: "tblVendor",
  kind: "table",
  key: "vendorID",
  access: pageAccess(PAGES.vendors),
  order: ["vendorName"],
  columns: {
    vendorID: col.id({ label: "ID" }),
    vendorName: col.text(150, { searchable: true, label: "Name", rules: ["required"] }),
    vendorActive: col.flag({ optional: true, label: "Active", initial: "1" }),
    vendorCategory: col.lookup(LOOKUP_GROUPS.vendorCategories, { label: "Category" }),
    vendorBusinessType: col.choice(VENDOR_BUSINESS_TYPES, { nullable: true, label: "Business Type" }),
    vendorPreferredQuote: col.choice(VENDOR_PREFERRED_QUOTES, { nullable: true, label: "Preferred Quote" }),
    vendorContact: col.text(100, { nullable: true, searchable: true, label: "Contact" }),
    ...addressColumns("vendor"),
    vendorPhone: col.tel({ nullable: true, label: "Phone" }),
    vendorPhoneExt: col.text(6, { nullable: true, label: "Extension", rules: ["number"] }),
    vendorFax: col.fax({ nullable: true, label: "Fax" }),
    vendorEmail: col.email({ searchable: true, label: "E-Mail" }),
    vendorTaxID: col.text(20, { nullable: true, label: "Tax ID" }),
    vendorPaymentTerms: col.text(50, { nullable: true, label: "Payment Terms" }),
    vendorNotes: col.text(4000, { nullable: true, emptyAsNull: true, multiline: true, label: "Notes" }),
    createdTS: col.now(),
  },
});
