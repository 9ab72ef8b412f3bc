import { PAGES } from "../pages.js";
import { TRACKING_STATUS_CHOICES } from "../shipping/carriers.js";
import { col } from "./column.js";
import { listView, refName } from "./list-view.js";
import { readOnly, resource, withCard } from "./resource.js";
import { tblShipment } from "./tblShipment.js";

/** Shipments with the names of their project and shipping company: the shipments list and a project's tab. */
export const vwShipmentList = withCard(
  listView(
    tblShipment,
    "vwShipmentList",
    {
      projectName: refName("Project", "projectID", "tblProject"),
      shippingCompanyName: refName("Shipping Company", "shippingCompanyID", "tblShippingCompany"),
    },
    ["tblProject", "tblShippingCompany"],
    { by: { trackingStatus: "trackingStatus" } },
  ),
  // On a phone: the number, where it stands, whose it is and when it was promised.
  { title: "trackingNumber", facts: ["trackingStatus", "projectName", "promisedDate"] },
);

/**
 * The stuck parcels of the signed-in user's projects (Home): those they own or logged time on
 * in the last 90 days. Anyone's Home asks; each sees only their own projects' parcels.
 */
export const vwMyStuckShipments = resource({
  name: "vwMyStuckShipments",
  kind: "view",
  key: "shipmentID",
  access: readOnly("anyone"),
  ownRows: "empID",
  order: ["promisedDate"],
  reads: ["tblShipment", "tblProject", "tblProjectNotes"],
  columns: {
    shipmentID: col.integer({ label: "ID" }),
    empID: col.integer({ label: "Employee" }),
    projectID: col.integer({ label: "Project" }),
    projectName: refName("Project", "projectID", "tblProject"),
    trackingNumber: col.text(40, { searchable: true, label: "Tracking Number" }),
    trackingStatus: col.choice(TRACKING_STATUS_CHOICES, { nullable: true, label: "Status" }),
    stuckReason: col.text(500, { label: "Stuck" }),
    promisedDate: col.date({ nullable: true, label: "Promised" }),
  },
});

export const JOB_RUN_STATES = [
  { value: "running", label: "Running", tone: "progress" },
  { value: "done", label: "Done", tone: "positive" },
  { value: "failed", label: "Failed", tone: "negative" },
] as const;

/** The tracking runs, newest first, with what each did: the shipments list's "Last run". */
export const vwTrackingRuns = resource({
  name: "vwTrackingRuns",
  kind: "view",
  key: "runID",
  access: readOnly(PAGES.shippingCompanies),
  order: ["startedTS"],
  reads: ["jobRun", "tblEmployee"],
  columns: {
    runID: col.integer({ label: "Run" }),
    runState: col.choice(JOB_RUN_STATES, { label: "State" }),
    startedTS: col.timestamp({ label: "Started" }),
    finishedTS: col.timestamp({ nullable: true, label: "Finished" }),
    requestedByName: refName("Started By", "requestedBy", "tblEmployee"),
    requestedBy: col.integer({ nullable: true, label: "Started By" }),
    asked: col.integer({ nullable: true, label: "Asked" }),
    updated: col.integer({ nullable: true, label: "Updated" }),
    failed: col.integer({ nullable: true, label: "Failed" }),
    failures: col.text(4000, { nullable: true, label: "Failures" }),
  },
});
