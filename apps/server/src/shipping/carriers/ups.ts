import { randomUUID } from "node:crypto";
import type { TrackingScan, TrackingStatus } from "@office/core";
import { type CarrierAdapter, type CarrierAnswer, CarrierError } from "./carrier.js";
import { carrierFetch, failedAnswer, listAt, placeOf, textAt } from "./http.js";
import { clientCredentials } from "./oauth.js";

export interface UpsSettings {
  clientId: string;
  clientSecret: string;
  /** https://onlinetools.ups.com, or a test server. */
  baseUrl: string;
  timeoutMs: number;
}

/** UPS's activity status types in our terms (Tracking API, `status.type`). */
const TYPES: Readonly<Record<string, TrackingStatus>> = {
  M: "label",
  MV: "exception",
  P: "transit",
  I: "transit",
  W: "transit",
  NA: "transit",
  O: "out",
  D: "delivered",
  // Freight delivered to UPS's origin or destination station: still on its way to the customer.
  DO: "transit",
  DD: "transit",
  X: "exception",
  RS: "exception",
};

/** "20260915" and "143000", UTC where UPS gives gmtDate/gmtTime, else the local time it names. */
function instantOf(activity: unknown): string | null {
  const date = textAt(activity, "gmtDate") || textAt(activity, "date");
  const time = (textAt(activity, "gmtTime") || textAt(activity, "time")).replaceAll(":", "");
  if (!/^\d{8}$/.test(date) || !/^\d{6}$/.test(time)) return null;
  const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}`;
  const offset = textAt(activity, "gmtOffset");
  const zone = textAt(activity, "gmtDate") ? "Z" : /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : "Z";
  const at = new Date(`${iso}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function scanOfUps(activity: unknown): TrackingScan | null {
  const at = instantOf(activity);
  if (!at) return null;
  const type = textAt(activity, "status", "type").toUpperCase();
  const description = textAt(activity, "status", "description").trim();
  let status = TYPES[type] ?? "transit";
  if (status === "exception" && /delay|reschedul|weather/i.test(description)) status = "delayed";
  const address = (activity as { location?: { address?: unknown } }).location?.address;
  return {
    at,
    status,
    code: textAt(activity, "status", "code") || type,
    description: description || type,
    location: placeOf(
      textAt(address, "city"),
      textAt(address, "stateProvince"),
      textAt(address, "countryCode") || textAt(address, "country"),
    ),
  };
}

/**
 * UPS's Tracking API (OAuth client credentials; one number a call): GET
 * /api/track/v1/details/{number}. A number UPS does not know is its answer's warning, or a 404
 * with `response.errors`: that number's problem, not the call's.
 */
export function upsCarrier(settings: UpsSettings): CarrierAdapter {
  const name = "UPS";
  const token = clientCredentials(name, (signal) =>
    carrierFetch(
      name,
      `${settings.baseUrl}/security/v1/oauth/token`,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      },
      signal,
      settings.timeoutMs,
    ),
  );

  async function trackOne(number: string, signal: AbortSignal): Promise<CarrierAnswer> {
    const response = await token.authorized(signal, (bearer) =>
      carrierFetch(
        name,
        `${settings.baseUrl}/api/track/v1/details/${encodeURIComponent(number)}?locale=en_US&returnSignature=false`,
        {
          headers: {
            authorization: `Bearer ${bearer}`,
            transId: randomUUID().replaceAll("-", ""),
            transactionSrc: "office",
          },
        },
        signal,
        settings.timeoutMs,
      ),
    );
    const errors = listAt(response.body, "response", "errors");
    if (response.status === 404 || (response.status === 400 && errors.length > 0)) {
      return { problem: textAt(errors[0], "message") || "UPS does not know this number" };
    }
    if (response.status < 200 || response.status >= 300) {
      throw failedAnswer(name, response, textAt(errors[0], "message") || null);
    }
    const shipment = listAt(response.body, "trackResponse", "shipment")[0];
    const warning = listAt(shipment, "warnings")[0];
    const parcel = listAt(shipment, "package")[0];
    if (!parcel) {
      if (warning) return { problem: textAt(warning, "message") || "UPS has no information on this number" };
      throw new CarrierError("UPS answered without the parcel", "retry");
    }
    const scans = listAt(parcel, "activity").flatMap((activity) => scanOfUps(activity) ?? []);
    return { scans };
  }

  return {
    carrier: "UPS",
    name,
    numbersPerCall: 1,
    // UPS publishes no figure per client; its 429 says when we are over.
    limit: { calls: 50, perMs: 1_000 },
    concurrency: 8,
    async track(parcels, signal) {
      const answers = new Map<string, CarrierAnswer>();
      for (const parcel of parcels) answers.set(parcel.number, await trackOne(parcel.number, signal));
      return answers;
    },
  };
}
