import { type RowOf, vwMyStuckShipments } from "@office/core";
import { rowsQuery } from "../../services/rows-query";

/** The most stuck parcels Home names; more are counted. */
export const STUCK_SHOWN = 3;

/** The stuck parcels of the user's own projects (Home's "Waiting for me"), the longest promised first. */
export const myStuckShipmentsQuery = rowsQuery<RowOf<typeof vwMyStuckShipments>>({
  table: vwMyStuckShipments.name,
  fields: "shipmentID,projectID,projectName,trackingNumber,stuckReason",
  order: "promisedDate, shipmentID",
  rowLimit: 100,
});
