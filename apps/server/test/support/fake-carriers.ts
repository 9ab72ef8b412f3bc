import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Local stand-ins for UPS's and FedEx's tracking APIs (issue 36: never the internet in tests),
 * answering the documented shapes: an OAuth token (UPS's expires_in a string, FedEx's a
 * number), UPS's one-number details, FedEx's batch with per-number errors inside a 200. Each
 * call can be made to fail, stall or wait for the test (a gate) by a rule the test sets.
 */

export interface FakeCall {
  carrier: "UPS" | "FEDEX";
  kind: "token" | "track";
  numbers: string[];
  authorization: string;
}

/** What a call gets instead of the normal answer; `undefined` for the normal one. */
export type FakeRule = (call: FakeCall, index: number) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;
export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Written as it is (garbage), or as JSON. */
  raw?: string;
  json?: unknown;
  /** Never answered (a stalled carrier): the client's timeout must end it. */
  stall?: true;
}

const UPS_TEST_ACTIVITY = (number: string) => [
  {
    location: { address: { city: "ATLANTA", stateProvince: "GA", countryCode: "US" } },
    status: { type: "D", description: "DELIVERED", code: "KB", statusCode: "011" },
    date: "20261120",
    time: "143000",
    gmtDate: "20261120",
    gmtTime: "19:30:00",
    gmtOffset: "-05:00",
    trackingNumber: number,
  },
  {
    location: { address: { city: "LOUISVILLE", stateProvince: "KY", countryCode: "US" } },
    status: { type: "I", description: "Departed from Facility", code: "DP", statusCode: "005" },
    date: "20261119",
    time: "031500",
    gmtDate: "20261119",
    gmtTime: "08:15:00",
    gmtOffset: "-05:00",
  },
];

const FEDEX_TEST_EVENTS = [
  {
    date: "2026-11-20T10:12:00-06:00",
    eventType: "OD",
    eventDescription: "On FedEx vehicle for delivery",
    derivedStatusCode: "OD",
    scanLocation: { city: "MEMPHIS", stateOrProvinceCode: "TN", countryCode: "US" },
  },
  {
    date: "2026-11-19T21:40:00-06:00",
    eventType: "AR",
    eventDescription: "Arrived at FedEx location",
    derivedStatusCode: "IT",
    scanLocation: { city: "MEMPHIS", stateOrProvinceCode: "TN", countryCode: "US" },
  },
];

/** Numbers the fakes say they do not know. */
export const UNKNOWN_NUMBER = "1Z999AA10000000004";

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });
}

function normal(call: FakeCall, text: string): FakeAnswer {
  if (call.kind === "token") {
    return call.carrier === "UPS"
      ? {
          json: { token_type: "Bearer", access_token: `ups-${Math.random()}`, expires_in: "14399", status: "approved" },
        }
      : { json: { access_token: `fedex-${Math.random()}`, token_type: "bearer", expires_in: 3599, scope: "CXS" } };
  }
  if (call.carrier === "UPS") {
    const number = call.numbers[0] as string;
    if (number === UNKNOWN_NUMBER) {
      return {
        status: 404,
        json: { response: { errors: [{ code: "TV0001", message: "Tracking number not found" }] } },
      };
    }
    return {
      json: {
        trackResponse: {
          shipment: [
            { inquiryNumber: number, package: [{ trackingNumber: number, activity: UPS_TEST_ACTIVITY(number) }] },
          ],
        },
      },
    };
  }
  const asked = (JSON.parse(text) as { trackingInfo: { trackingNumberInfo: { trackingNumber: string } }[] })
    .trackingInfo;
  return {
    json: {
      transactionId: "fake",
      output: {
        completeTrackResults: asked.map(({ trackingNumberInfo: { trackingNumber } }) => ({
          trackingNumber,
          trackResults: [
            trackingNumber.endsWith("0000")
              ? {
                  trackingNumberInfo: { trackingNumber },
                  error: { code: "TRACKING.TRACKINGNUMBER.NOTFOUND", message: "Tracking number cannot be found." },
                }
              : { trackingNumberInfo: { trackingNumber }, scanEvents: FEDEX_TEST_EVENTS },
          ],
        })),
      },
    },
  };
}

/** Both carriers' fakes on one local port: UPS under /ups, FedEx under /fedex. */
export async function fakeCarriers() {
  const calls: FakeCall[] = [];
  let rule: FakeRule = () => undefined;
  const open = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const text = await body(request);
    const carrier = url.pathname.startsWith("/ups/") ? "UPS" : "FEDEX";
    const kind = url.pathname.endsWith("/token") ? "token" : "track";
    const numbers =
      kind === "token"
        ? []
        : carrier === "UPS"
          ? [decodeURIComponent(url.pathname.split("/").pop() ?? "")]
          : ((JSON.parse(text || "{}").trackingInfo ?? []) as { trackingNumberInfo: { trackingNumber: string } }[]).map(
              (info) => info.trackingNumberInfo.trackingNumber,
            );
    const call: FakeCall = { carrier, kind, numbers, authorization: request.headers.authorization ?? "" };
    calls.push(call);
    const answer = (await rule(call, calls.length - 1)) ?? normal(call, text);
    if (answer.stall) {
      open.add(response);
      return;
    }
    response.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    response.end(answer.raw ?? JSON.stringify(answer.json ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    calls,
    url,
    settings(timeoutMs = 1_000) {
      return {
        ups: { clientId: "ups-id", clientSecret: "ups-secret", baseUrl: `${url}/ups` },
        fedex: { clientId: "fedex-id", clientSecret: "fedex-secret", baseUrl: `${url}/fedex` },
        timeoutMs,
        demo: false,
      };
    },
    /** How the next calls are answered (the normal answers again with `() => undefined`). */
    answer(next: FakeRule) {
      rule = next;
    },
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeCarriers = Awaited<ReturnType<typeof fakeCarriers>>;
