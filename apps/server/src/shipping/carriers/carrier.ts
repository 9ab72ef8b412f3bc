import type { Carrier, TrackingScan } from "@office/core";

/** A parcel as the tracking run asks about it: its number, and what the company knows of its dates (the demo carrier's script). */
export interface TrackedParcel {
  number: string;
  shippedDate: string | null;
  promisedDate: string | null;
  deliveryType: number | null;
}

/** What a carrier said of one number: its scans, oldest or newest first, or why it has none ("not found"). */
export type CarrierAnswer = { scans: TrackingScan[] } | { problem: string };

/**
 * One carrier's tracking service behind the interface every carrier shares: how many numbers
 * one call takes, how many calls it allows (the run waits its turn), and the call.
 */
export interface CarrierAdapter {
  carrier: Carrier;
  /** As people read it in a failure ("FedEx did not answer in 15 s"). */
  name: string;
  numbersPerCall: number;
  /** Calls allowed per window (FedEx: 1,400 per 10 s). */
  limit: { calls: number; perMs: number };
  /** Calls in flight at once. */
  concurrency: number;
  track(parcels: readonly TrackedParcel[], signal: AbortSignal): Promise<Map<string, CarrierAnswer>>;
}

/**
 * A call that failed as a whole. `retry`: try again (after `retryAfterMs` where the carrier said
 * so); `stop`: no call to this carrier will do better in this run (wrong credentials, the day's
 * quota used up).
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly kind: "retry" | "stop",
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "CarrierError";
  }
}
