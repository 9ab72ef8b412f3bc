import { DELIVERY_TYPES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { CARRIER_CHOICES, TRACKING_STATUS_CHOICES } from "../shipping/carriers.js";
import { col } from "./column.js";
import { pageAccess, readOnly, resource } from "./resource.js";

/**
 * A project's parcels (issue 36), governed by the shipping page (33): whoever may see shipping
 * sees them, on the shipments list and on a project's page, and starts the tracking run. What
 * the carrier said last is kept on the row by the tracking run (never written by a client),
 * with every scan in tblShipmentScan.
 */
export const tblShipment = resource({
  name: "tblShipment",
  kind: "table",
  key: "shipmentID",
  access: pageAccess(PAGES.shippingCompanies),
  order: ["createdTS"],
  // Its scans go with it, each kept in the audit trail (the carrier has them too).
  cascades: [{ table: "tblShipmentScan", column: "shipmentID" }],
  columns: {
    shipmentID: col.id({ label: "ID" }),
    projectID: col.reference(
      { table: "tblProject", value: "projectID", label: "projectName" },
      { nullable: false, label: "Project", rules: ["required"] },
    ),
    trackingNumber: col.text(40, {
      searchable: true,
      label: "Tracking Number",
      rules: ["required", "tracking_number"],
      field: { kind: "trackingNumber", carrier: "carrier", table: "tblShipment" },
    }),
    carrier: col.choice(CARRIER_CHOICES, { nullable: true, label: "Carrier" }),
    shippingCompanyID: col.reference(
      { table: "tblShippingCompany", value: "shippingCompanyID", label: "shippingCompanyName" },
      { label: "Shipping Company" },
    ),
    deliveryType: col.choice(DELIVERY_TYPES, { nullable: true, label: "Delivery Type" }),
    shippedDate: col.date({ nullable: true, label: "Shipped" }),
    promisedDate: col.date({ nullable: true, label: "Promised" }),
    shipmentNotes: col.text(2000, { nullable: true, emptyAsNull: true, multiline: true, label: "Notes" }),
    trackingStatus: col.kept(col.choice(TRACKING_STATUS_CHOICES, { nullable: true, label: "Status" })),
    trackingStatusText: col.kept(col.text(500, { nullable: true, searchable: true, label: "Carrier Status" })),
    trackingStatusTS: col.kept(col.timestamp({ nullable: true, label: "Status Time" })),
    trackingLocation: col.kept(col.text(500, { nullable: true, label: "Location" })),
    trackingCheckedTS: col.kept(col.timestamp({ nullable: true, label: "Checked" })),
    trackingProblem: col.kept(col.text(500, { nullable: true, label: "Tracking Problem" })),
    stuckReason: col.kept(col.text(500, { nullable: true, searchable: true, label: "Stuck" })),
    empID: { ...col.owner({ nullable: true }), label: "Added By" },
    createdTS: { ...col.now(), label: "Added" },
  },
});

/** A parcel's scans as its carrier reported them, newest first: written by the tracking run alone. */
export const tblShipmentScan = resource({
  name: "tblShipmentScan",
  kind: "table",
  key: "scanID",
  access: readOnly(PAGES.shippingCompanies),
  order: ["scanTS"],
  columns: {
    scanID: col.id({ label: "ID" }),
    shipmentID: col.integer({ min: 1, label: "Shipment" }),
    scanTS: col.timestamp({ label: "Time" }),
    scanStatus: col.choice(TRACKING_STATUS_CHOICES, { label: "Status" }),
    scanCode: col.text(20, { label: "Code" }),
    scanDescription: col.text(500, { searchable: true, label: "Description" }),
    scanLocation: col.text(200, { nullable: true, label: "Location" }),
  },
});
