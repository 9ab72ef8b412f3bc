import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CarrierError } from "../src/shipping/carriers/carrier.js";
import { fedexCarrier } from "../src/shipping/carriers/fedex.js";
import { retryAfterMs } from "../src/shipping/carriers/http.js";
import { scanOfUps, upsCarrier } from "../src/shipping/carriers/ups.js";
import { rateLimit } from "../src/shipping/rate-limit.js";
import { type FakeCarriers, fakeCarriers, UNKNOWN_NUMBER } from "./support/fake-carriers.js";

/*
 * The carriers' adapters (issue 36) against local fakes of UPS's and FedEx's tracking APIs:
 * their documented shapes, and each way a carrier fails — the run (shipping-tracking.test.ts)
 * decides what to do with each failure; here, that each is told apart.
 */

let fake: FakeCarriers;
beforeAll(async () => {
  fake = await fakeCarriers();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.answer(() => undefined);
  fake.calls.length = 0;
});

const parcel = (number: string) => ({ number, shippedDate: null, promisedDate: null, deliveryType: null });
const signal = new AbortController().signal;
const ups = () => upsCarrier({ ...fake.settings().ups, timeoutMs: 1_000 });
const fedex = () => fedexCarrier({ ...fake.settings().fedex, timeoutMs: 1_000 });

async function failure(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  const carrierError = error as CarrierError;
  // Whatever went wrong, no secret is in what the run keeps and shows.
  expect(carrierError.message).not.toMatch(/secret/);
  return carrierError;
}

describe("UPS", () => {
  it("signs in once (expires_in as a string) and reads a parcel's activity into our scans", async () => {
    const adapter = ups();
    const answers = await adapter.track([parcel("1Z999AA10123456784"), parcel("1Z999AA10123456784")], signal);
    expect(answers.get("1Z999AA10123456784")).toEqual({
      scans: [
        {
          at: "2026-11-20T19:30:00.000Z",
          status: "delivered",
          code: "KB",
          description: "DELIVERED",
          location: "ATLANTA, GA, US",
        },
        {
          at: "2026-11-19T08:15:00.000Z",
          status: "transit",
          code: "DP",
          description: "Departed from Facility",
          location: "LOUISVILLE, KY, US",
        },
      ],
    });
    expect(fake.calls.filter((call) => call.kind === "token")).toHaveLength(1);
    expect(fake.calls.find((call) => call.kind === "token")?.authorization).toBe(
      `Basic ${Buffer.from("ups-id:ups-secret").toString("base64")}`,
    );
  });

  it("reads freight delivered to UPS's own station as still on its way, and an exception about weather as a delay", () => {
    const activity = (type: string, description: string) => ({
      status: { type, description },
      gmtDate: "20261120",
      gmtTime: "10:00:00",
    });
    expect(scanOfUps(activity("DD", "Delivered to destination CFS"))?.status).toBe("transit");
    expect(scanOfUps(activity("D", "DELIVERED"))?.status).toBe("delivered");
    expect(scanOfUps(activity("X", "Weather delay"))?.status).toBe("delayed");
    expect(scanOfUps(activity("X", "Address information required"))?.status).toBe("exception");
  });

  it("answers a number UPS does not know as that number's problem, not the call's", async () => {
    expect((await ups().track([parcel(UNKNOWN_NUMBER)], signal)).get(UNKNOWN_NUMBER)).toEqual({
      problem: "Tracking number not found",
    });
  });

  it("asks for a new token when UPS says the old one expired (401), and carries on", async () => {
    let tokens = 0;
    fake.answer((call) => {
      if (call.kind === "token") {
        tokens++;
        return { json: { access_token: tokens === 1 ? "first" : "second", expires_in: "14399" } };
      }
      return call.authorization === "Bearer first" ? { status: 401, json: {} } : undefined;
    });
    const answers = await ups().track([parcel("1Z999AA10123456784")], signal);
    expect(answers.get("1Z999AA10123456784")).toHaveProperty("scans");
    expect(tokens).toBe(2);
  });

  it("tells the run to wait as long as the token endpoint's own 429 says", async () => {
    fake.answer((call) =>
      call.kind === "token" ? { status: 429, headers: { "retry-after": "3" }, json: {} } : undefined,
    );
    const error = await failure(ups().track([parcel("1Z999AA10123456784")], signal));
    expect(error.kind).toBe("retry");
    expect(error.retryAfterMs).toBe(3_000);
  });

  it("refuses to go on with credentials UPS refuses (stop), garbage, a 500 or silence (retry)", async () => {
    fake.answer((call) => (call.kind === "token" ? { status: 401, json: { error_description: "bad" } } : undefined));
    const refused = await failure(ups().track([parcel("1Z999AA10123456784")], signal));
    expect([refused.kind, refused.message]).toEqual(["stop", "UPS refused the client credentials (401)"]);

    fake.answer((call) => (call.kind === "track" ? { raw: "<html>Service Unavailable" } : undefined));
    const garbage = await failure(ups().track([parcel("1Z999AA10123456784")], signal));
    expect([garbage.kind, garbage.message]).toEqual(["retry", "UPS answered something that is not JSON"]);

    fake.answer((call) =>
      call.kind === "track" ? { status: 500, json: { response: { errors: [{ message: "down" }] } } } : undefined,
    );
    const broken = await failure(ups().track([parcel("1Z999AA10123456784")], signal));
    expect([broken.kind, broken.message]).toEqual(["retry", "UPS failed (500): down"]);

    fake.answer((call) => (call.kind === "track" ? { stall: true } : undefined));
    const silent = await failure(ups().track([parcel("1Z999AA10123456784")], signal));
    expect([silent.kind, silent.message]).toEqual(["retry", "UPS did not answer in 1 s"]);
  });
});

describe("FedEx", () => {
  it("tracks up to 30 numbers a call, each unknown one's error inside the 200 its own problem", async () => {
    const answers = await fedex().track([parcel("123456789012"), parcel("794600000000")], signal);
    expect(answers.get("794600000000")).toEqual({ problem: "Tracking number cannot be found." });
    expect(answers.get("123456789012")).toEqual({
      scans: [
        {
          at: "2026-11-20T16:12:00.000Z",
          status: "out",
          code: "OD",
          description: "On FedEx vehicle for delivery",
          location: "MEMPHIS, TN, US",
        },
        {
          at: "2026-11-20T03:40:00.000Z",
          status: "transit",
          code: "AR",
          description: "Arrived at FedEx location",
          location: "MEMPHIS, TN, US",
        },
      ],
    });
    const track = fake.calls.filter((call) => call.kind === "track");
    expect(track.map((call) => call.numbers)).toEqual([["123456789012", "794600000000"]]);
    expect(fedex().numbersPerCall).toBe(30);
    expect(fedex().limit).toEqual({ calls: 1_400, perMs: 10_000 });
  });

  it("tells a burst's 429 (wait as it says) from the day's quota used up (stop)", async () => {
    fake.answer((call) =>
      call.kind === "track"
        ? {
            status: 429,
            headers: { "retry-after": "2" },
            json: { errors: [{ code: "TOO.MANY.REQUESTS", message: "slow down" }] },
          }
        : undefined,
    );
    const burst = await failure(fedex().track([parcel("123456789012")], signal));
    expect([burst.kind, burst.retryAfterMs]).toEqual(["retry", 2_000]);

    fake.answer((call) =>
      call.kind === "track"
        ? { status: 429, json: { errors: [{ code: "DAILY.QUOTA.EXCEEDED", message: "Daily quota exceeded" }] } }
        : undefined,
    );
    const quota = await failure(fedex().track([parcel("123456789012")], signal));
    expect([quota.kind, quota.message]).toEqual(["stop", "FedEx's daily quota is used up: Daily quota exceeded"]);
  });
});

describe("Retry-After", () => {
  it("reads seconds and an HTTP date, and nothing else", () => {
    const now = Date.parse("2026-11-29T12:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Sun, 29 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("a carrier's allowance", () => {
  it("lets as many calls through as the window allows, and the next when the first leaves it", async () => {
    vi.useFakeTimers();
    try {
      const take = rateLimit(3, 1_000);
      let passed = 0;
      const calls = Array.from({ length: 5 }, () => take(signal).then(() => passed++));
      await vi.advanceTimersByTimeAsync(0);
      expect(passed).toBe(3);
      await vi.advanceTimersByTimeAsync(999);
      expect(passed).toBe(3);
      await vi.advanceTimersByTimeAsync(1);
      await Promise.all(calls);
      expect(passed).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops waiting when the run stops", async () => {
    const take = rateLimit(1, 60_000);
    const stopping = new AbortController();
    await take(stopping.signal);
    const waiting = take(stopping.signal);
    stopping.abort(new Error("the server is stopping"));
    await expect(waiting).rejects.toThrow("the server is stopping");
  });
});
