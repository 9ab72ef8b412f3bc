import { PAGES } from "../pages.js";
import { vwShipmentList } from "../resources/shipment-views.js";
import { tblShipment, tblShipmentScan } from "../resources/tblShipment.js";
import { type Area, area, type ChildList } from "./area.js";

/** A parcel's scans, newest first, under its record: read here, written by the tracking run alone. */
const SCANS: ChildList = {
  resource: tblShipmentScan,
  foreignKey: "shipmentID",
  title: "Scans",
  columns: ["scanTS", "scanStatus", "scanDescription", "scanLocation", "scanCode"],
  order: "scanTS DESC, scanID DESC",
  edit: { readOnly: true },
};

const SHIPMENT_FIELDS = ["trackingNumber", "carrier", "shippingCompanyID", "deliveryType"] as const;
const DATE_FIELDS = ["shippedDate", "promisedDate"] as const;

/** A project's parcels, on its page: added and corrected there, each with its scans in its dialog. */
export const PROJECT_SHIPMENTS: ChildList = {
  resource: tblShipment,
  list: vwShipmentList,
  foreignKey: "projectID",
  title: "Shipments",
  columns: [
    "trackingNumber",
    "carrier",
    "trackingStatus",
    "trackingStatusTS",
    "trackingLocation",
    "promisedDate",
    "stuckReason",
  ],
  edit: {
    fields: [...SHIPMENT_FIELDS, ...DATE_FIELDS, "shipmentNotes"],
    newLabel: "New Shipment",
    recordTitle: "Shipment",
  },
  children: [SCANS],
};

/**
 * Shipments (issue 36): every project's parcels for whoever has the shipping page (33),
 * searchable and exportable, stuck ones said so; each opens in a dialog with its scans.
 */
export const SHIPMENTS = area({
  noun: "shipment",
  title: ["trackingNumber"],
  detail: ["projectName"],
  status: "trackingStatus",
  resource: tblShipment,
  list: vwShipmentList,
  listColumns: [
    "trackingNumber",
    "carrier",
    "projectName",
    "shippingCompanyName",
    "trackingStatus",
    "trackingStatusTS",
    "trackingLocation",
    "promisedDate",
    "stuckReason",
  ],
  order: "createdTS DESC, shipmentID DESC",
  page: PAGES.shippingCompanies,
  icon: "shipping",
  menu: { under: ["More", "Shipping"], sequence: 905 },
  routes: { all: { path: "/shippingcompany/shipments", title: "Shipments", label: "All Shipments" } },
  dialog: { newLabel: "New Shipment", recordTitle: "Shipment" },
  sections: [
    { title: "Shipment", fields: ["trackingNumber", "carrier", "projectID", "shippingCompanyID", "deliveryType"] },
    { title: "Dates", fields: DATE_FIELDS },
    { title: "Notes", fields: ["shipmentNotes"] },
  ],
  criteria: [],
  children: [SCANS],
});

export const SHIPMENT_AREAS: readonly Area[] = [SHIPMENTS];
