import { TRACKING_STATUSES } from "@office/core";
import { recogniseTrackingNumber } from "@office/core/tracking";
import { describe, expect, it } from "vitest";
import { demoShipments, fedexNumber, upsNumber } from "../src/db/seed/demo-shipments.js";
import { latestSlot } from "../src/jobs/runner.js";
import { demoHistory } from "../src/shipping/carriers/demo.js";

/* The demo company's parcels and the demo carrier (issue 36): pure, so tested without a database. */

const ANCHOR = new Date("2026-11-27T05:00:00Z");
const projects = Array.from({ length: 300 }, (_, i) => ({
  projectID: i + 1,
  projectOwnerID: 1 + (i % 20),
  projectCreatedTS: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
}));

describe("the demo's parcels", () => {
  const { shipments, scans } = demoShipments(projects, 1, ANCHOR, "America/New_York");

  it("are in every state, a few stuck, each carrier's number valid with its check digit", () => {
    expect(shipments).toHaveLength(400);
    const states = new Set(shipments.map((s) => s.trackingStatus));
    for (const status of TRACKING_STATUSES) expect(states, status).toContain(status);
    const stuck = shipments.filter((s) => s.stuckReason !== null);
    expect(stuck.length).toBeGreaterThan(10);
    expect(stuck.length).toBeLessThan(200);
    for (const s of shipments) {
      if (s.carrier === null) continue;
      const known = recogniseTrackingNumber(String(s.trackingNumber));
      expect([known.checkDigit, known.carriers], String(s.trackingNumber)).toEqual(["valid", [s.carrier]]);
    }
    expect(new Set(shipments.map((s) => s.trackingNumber)).size).toBe(400);
    expect(scans.length).toBeGreaterThan(400);
  });

  it("are the same on every machine", () => {
    expect(demoShipments(projects, 1, ANCHOR, "America/New_York").shipments).toEqual(shipments);
  });

  it("have numbers made with the carriers' check digits", () => {
    expect(upsNumber("999AA1012345678")).toBe("1Z999AA10123456784");
    expect(fedexNumber("12345678901")).toBe("123456789012");
  });
});

describe("the demo carrier", () => {
  it("tells more of a parcel as time goes on, never other scans", () => {
    const parcel = {
      number: "1Z999AA10123456784",
      carrier: "UPS" as const,
      shippedDate: "2026-11-23",
      promisedDate: "2026-11-27",
      deliveryType: 1,
    };
    const early = demoHistory(parcel, new Date("2026-11-24T12:00:00Z"), "America/New_York");
    const late = demoHistory(parcel, new Date("2026-12-05T12:00:00Z"), "America/New_York");
    expect(early.length).toBeGreaterThan(0);
    expect(late.slice(0, early.length)).toEqual(early);
    expect(late.length).toBeGreaterThanOrEqual(early.length);
  });
});

describe("a daily job's slot", () => {
  it("is today's time once it has come, else yesterday's, on the company's clock", () => {
    expect(latestSlot("05:30", new Date("2026-11-27T12:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-11-27T10:30:00.000Z",
    );
    expect(latestSlot("05:30", new Date("2026-11-27T09:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-11-26T10:30:00.000Z",
    );
  });
});
