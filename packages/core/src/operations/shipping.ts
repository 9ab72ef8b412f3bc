import { operation } from "./operation.js";

/**
 * The tracking run's answer (spec 7): with `message` while a run goes on (another's, or this
 * one still running when the call stopped waiting); without, the run this call started, done.
 */
export interface TrackingAnswer {
  runID: number | null;
  /** This call started the run (its page says "Process Completed" when it ends, also after `message`). */
  started: boolean;
  message?: string;
  asked?: number;
  updated?: number;
  failed?: number;
  failures?: string | null;
}

/** The truck button's call (spec 2.4, 4, 7; issue 36). */
export const SHIPPING_OPERATIONS = {
  trackShipments: operation<void, TrackingAnswer>({
    method: "GET",
    path: "/API/ParcelTracking/trackShippingProjects",
    summary:
      "Asks every carrier about the parcels not yet delivered (the tracking run). One run at a time across every server: while one goes on, from anyone, the answer is at once and has `message`. Otherwise the run starts and the answer waits for its end (then without `message`: how many parcels were asked, updated and failed, and the failures by carrier), or for TRACKING_WAIT_MS (then with `message`: it goes on). Needs view on the shipping page.",
    tag: "Operations",
    requires: { table: "tblShipment", flag: "view" },
    reads: ["vwTrackingRuns"],
    changes: ["tblShipment", "tblShipmentScan", "jobRun"],
  }),
} as const;
