import type { LookupOption } from "../lookups/enumerations.js";

/**
 * The carriers a shipment may be with, and where a parcel stands, as every page and the
 * tracking run name them (issue 36). Light on purpose: the tracking numbers' formats
 * (`tracking.ts`, its own entry) are not needed to show a shipment.
 */
export const CARRIERS = ["UPS", "FEDEX", "USPS", "DHL", "ONTRAC", "AMAZON", "UPU"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Readonly<Record<Carrier, string>> = {
  UPS: "UPS",
  FEDEX: "FedEx",
  USPS: "USPS",
  DHL: "DHL",
  ONTRAC: "OnTrac",
  AMAZON: "Amazon",
  UPU: "International post (S10)",
};

export const CARRIER_CHOICES: readonly LookupOption<Carrier>[] = CARRIERS.map((value) => ({
  value,
  label: CARRIER_NAMES[value],
}));

export const isCarrier = (value: unknown): value is Carrier => CARRIERS.includes(value as Carrier);

/**
 * Where a parcel stands, a small set every carrier's own codes are read into (each adapter
 * maps its codes): what a person needs to know at a glance, coloured by its tone.
 */
export const TRACKING_STATUS_CHOICES = [
  { value: "label", label: "Label created", tone: "neutral" },
  { value: "transit", label: "In transit", tone: "progress" },
  { value: "out", label: "Out for delivery", tone: "progress" },
  { value: "delivered", label: "Delivered", tone: "positive" },
  { value: "delayed", label: "Delayed", tone: "caution" },
  { value: "exception", label: "Exception", tone: "negative" },
] as const satisfies readonly LookupOption<string>[];
export type TrackingStatus = (typeof TRACKING_STATUS_CHOICES)[number]["value"];
export const TRACKING_STATUSES: readonly TrackingStatus[] = TRACKING_STATUS_CHOICES.map((choice) => choice.value);

/** One scan of a parcel as a carrier reports it, read into our terms. */
export interface TrackingScan {
  /** When it happened: an instant (ISO 8601 with its offset, or UTC). */
  at: string;
  status: TrackingStatus;
  /** The carrier's own code for it ("DL", "I"), kept for whoever asks the carrier. */
  code: string;
  description: string;
  /** "Memphis, TN, US", or empty where the carrier says none. */
  location: string;
}
