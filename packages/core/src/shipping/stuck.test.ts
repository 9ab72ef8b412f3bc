import { describe, expect, it } from "vitest";
import { businessDaysBetween, type ShipmentState, stuckReason } from "./stuck.js";

const parcel = (state: Partial<ShipmentState>): ShipmentState => ({
  trackingStatus: "transit",
  lastScanDay: null,
  shippedDate: null,
  promisedDate: null,
  deliveryType: null,
  ...state,
});

describe("business days", () => {
  it("counts the weekdays after the first day up to the last", () => {
    // Friday 2026-11-27 to Monday 2026-11-30: the Monday only.
    expect(businessDaysBetween("2026-11-27", "2026-11-30")).toBe(1);
    expect(businessDaysBetween("2026-11-23", "2026-11-27")).toBe(4);
    expect(businessDaysBetween("2026-11-27", "2026-11-27")).toBe(0);
    expect(businessDaysBetween("2026-11-30", "2026-11-27")).toBe(0);
  });

  it("leaves out the company's holidays (a setting)", () => {
    const thanksgiving = new Set(["2026-11-26", "2026-11-27"]);
    expect(businessDaysBetween("2026-11-23", "2026-11-30", thanksgiving)).toBe(3);
    // Ground allows 3: scanned Monday, still not stuck on the Monday after a four-day weekend.
    const ground = parcel({ lastScanDay: "2026-11-23", deliveryType: 1 });
    expect(stuckReason(ground, "2026-11-30")).not.toBeNull();
    expect(stuckReason(ground, "2026-11-30", thanksgiving)).toBeNull();
  });
});

describe("a stuck parcel (issue 36)", () => {
  it("is one silent longer than its delivery type allows, in business days", () => {
    // Ground allows 3: scanned Monday, silent through Thursday is fine, Friday is not.
    const ground = parcel({ lastScanDay: "2026-11-23", deliveryType: 1 });
    expect(stuckReason(ground, "2026-11-26")).toBeNull();
    expect(stuckReason(ground, "2026-11-27")).toBe("No new scan for 4 business days (Ground allows 3)");
    // A weekend is no silence: scanned Friday, Monday is one day.
    expect(stuckReason(parcel({ lastScanDay: "2026-11-27", deliveryType: 4 }), "2026-11-30")).toBeNull();
    expect(stuckReason(parcel({ lastScanDay: "2026-11-27", deliveryType: 4 }), "2026-12-01")).toBe(
      "No new scan for 2 business days (Next Day allows 1)",
    );
  });

  it("is one never scanned since it shipped, as long", () => {
    expect(stuckReason(parcel({ trackingStatus: null, shippedDate: "2026-11-16" }), "2026-11-27")).toBe(
      "No scan since it shipped for 9 business days (Other allows 5)",
    );
    // Nothing to go by: not stuck.
    expect(stuckReason(parcel({ trackingStatus: null }), "2026-11-27")).toBeNull();
  });

  it("is one past its promised date and not delivered, whatever its scans", () => {
    expect(
      stuckReason(parcel({ lastScanDay: "2026-11-26", promisedDate: "2026-11-25", deliveryType: 2 }), "2026-11-26"),
    ).toBe("Not delivered by its promised date, 11/25/2026");
    expect(stuckReason(parcel({ lastScanDay: "2026-11-26", promisedDate: "2026-11-26" }), "2026-11-26")).toBeNull();
  });

  it("is never one delivered", () => {
    expect(
      stuckReason(
        parcel({ trackingStatus: "delivered", lastScanDay: "2026-01-02", promisedDate: "2026-01-01" }),
        "2026-11-27",
      ),
    ).toBeNull();
  });
});
