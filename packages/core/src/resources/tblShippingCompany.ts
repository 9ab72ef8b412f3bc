import { DELIVERY_TYPES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/** Couriers the company ships with: its account with them and how to track a parcel. */
export const tblShippingCompany = resource({
  name: "tblShippingCompany",
  kind: "table",
  key: "shippingCompanyID",
  access: pageAccess(PAGES.shippingCompanies),
  order: ["shippingCompanyName"],
  // A removed company's parcels stay, shipped with nobody named.
  cascades: [{ table: "tblShipment", column: "shippingCompanyID", setNull: true }],
  columns: {
    shippingCompanyID: col.id({ label: "ID" }),
    shippingCompanyName: col.text(100, { searchable: true, label: "Name", rules: ["required"] }),
    shippingCompanyActive: col.flag({ optional: true, label: "Active", initial: "1" }),
    shippingAccountNumber: col.text(50, { nullable: true, searchable: true, label: "Account Number" }),
    shippingDeliveryTypes: col.choices(DELIVERY_TYPES, { label: "Delivery Types" }),
    // "{trackingNumber}" in it is replaced by a parcel's number to make its tracking link.
    shippingTrackingURL: col.text(500, { nullable: true, label: "Tracking Address", rules: ["url"] }),
    shippingPhone: col.tel({ nullable: true, label: "Phone" }),
    shippingNotes: col.text(2000, { nullable: true, emptyAsNull: true, multiline: true, label: "Notes" }),
    createdTS: col.now(),
  },
});
