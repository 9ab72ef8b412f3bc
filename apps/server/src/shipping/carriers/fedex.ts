import type { TrackingScan, TrackingStatus } from "@office/core";
import { type CarrierAdapter, type CarrierAnswer, CarrierError } from "./carrier.js";
import { carrierFetch, failedAnswer, listAt, placeOf, textAt } from "./http.js";
import { clientCredentials } from "./oauth.js";

export interface FedexSettings {
  clientId: string;
  clientSecret: string;
  /** https://apis.fedex.com, or a test server. */
  baseUrl: string;
  timeoutMs: number;
}

/** FedEx's event types and derived status codes in our terms. */
const CODES: Readonly<Record<string, TrackingStatus>> = {
  OC: "label",
  IN: "label",
  OD: "out",
  DL: "delivered",
  DE: "exception",
  SE: "exception",
  CA: "exception",
  RS: "exception",
  DY: "delayed",
  DD: "delayed",
};

export function scanOfFedex(event: unknown): TrackingScan | null {
  const date = new Date(textAt(event, "date"));
  if (Number.isNaN(date.getTime())) return null;
  const code = (textAt(event, "eventType") || textAt(event, "derivedStatusCode")).toUpperCase();
  const derived = textAt(event, "derivedStatusCode").toUpperCase();
  const location = (event as { scanLocation?: unknown }).scanLocation;
  return {
    at: date.toISOString(),
    status: CODES[code] ?? CODES[derived] ?? "transit",
    code: code || derived || "?",
    description: textAt(event, "eventDescription") || textAt(event, "derivedStatus") || code,
    location: placeOf(
      textAt(location, "city"),
      textAt(location, "stateOrProvinceCode"),
      textAt(location, "countryCode"),
    ),
  };
}

/** FedEx's daily quota used up: a 429 no wait within the run will cure. */
const QUOTA = /quota|daily|per day/i;

/**
 * FedEx's Track API (OAuth client credentials; up to 30 numbers a call): POST
 * /track/v1/trackingnumbers. A number FedEx does not know is an `error` inside a 200's results,
 * that number's problem; a 429 is a short burst (retry) or the day's quota (stop).
 */
export function fedexCarrier(settings: FedexSettings): CarrierAdapter {
  const name = "FedEx";
  const token = clientCredentials(name, (signal) =>
    carrierFetch(
      name,
      `${settings.baseUrl}/oauth/token`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
        }).toString(),
      },
      signal,
      settings.timeoutMs,
    ),
  );

  async function call(numbers: readonly string[], signal: AbortSignal): Promise<unknown> {
    const response = await token.authorized(signal, (bearer) =>
      carrierFetch(
        name,
        `${settings.baseUrl}/track/v1/trackingnumbers`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", "x-locale": "en_US" },
          body: JSON.stringify({
            includeDetailedScans: true,
            trackingInfo: numbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } })),
          }),
        },
        signal,
        settings.timeoutMs,
      ),
    );
    if (response.status >= 200 && response.status < 300) return response.body;
    const error = listAt(response.body, "errors")[0];
    const said = textAt(error, "message") || null;
    if (response.status === 429 && response.retryAfterMs === null && QUOTA.test(`${textAt(error, "code")} ${said}`)) {
      throw new CarrierError(`FedEx's daily quota is used up${said ? `: ${said}` : ""}`, "stop");
    }
    throw failedAnswer(name, response, said);
  }

  return {
    carrier: "FEDEX",
    name,
    numbersPerCall: 30,
    limit: { calls: 1_400, perMs: 10_000 },
    concurrency: 4,
    async track(parcels, signal) {
      const body = await call(
        parcels.map((parcel) => parcel.number),
        signal,
      );
      const answers = new Map<string, CarrierAnswer>();
      for (const complete of listAt(body, "output", "completeTrackResults")) {
        const number = textAt(complete, "trackingNumber");
        const result = listAt(complete, "trackResults")[0];
        const error = (result as { error?: unknown } | undefined)?.error;
        if (!number || !result) continue;
        if (error) answers.set(number, { problem: textAt(error, "message") || "FedEx does not know this number" });
        else answers.set(number, { scans: listAt(result, "scanEvents").flatMap((event) => scanOfFedex(event) ?? []) });
      }
      if (answers.size === 0 && parcels.length > 0) throw new CarrierError("FedEx answered without results", "retry");
      return answers;
    },
  };
}
