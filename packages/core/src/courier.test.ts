import { describe, expect, it } from "vitest";
import { recognizeCourier } from "./courier.js";

describe("courier recognition from a tracking number", () => {
  it("knows UPS by 1Z and 16 characters, and by T and ten digits", () => {
    for (const ups of ["1Z999AA10123456784", "1Z12345E0205271688", "1z 999 aa1 01 2345 678 4", "T9999999999"])
      expect(recognizeCourier(ups), ups).toBe("UPS");
  });

  it("knows FedEx by 12 and 15 digits, 96 and 20 digits or 20 digits from 96, and the 98 forms", () => {
    for (const fedex of [
      "123456789012",
      "1234 5678 9012",
      "449044304137821",
      `96${"1".repeat(20)}`,
      `96${"1".repeat(18)}`,
      `98${"7".repeat(16)}`,
      `98${"7".repeat(17)}`,
      `98${"7".repeat(19)}`,
      `98${"7".repeat(20)}`,
    ])
      expect(recognizeCourier(fedex), fedex).toBe("FEDEX");
  });

  it("recognises nothing in a near miss or another carrier's number", () => {
    for (const none of [
      "",
      "1Z999AA1012345678",
      "1Z999AA101234567845",
      "1Z999AA1012345678!",
      "T999999999",
      "T99999999999",
      "TA999999999",
      "12345678901",
      "1234567890123",
      `96${"1".repeat(19)}`,
      `96${"1".repeat(21)}`,
      `98${"7".repeat(18)}`,
      "9400111899223100000000",
      "123456789012,123456789012",
    ])
      expect(recognizeCourier(none), none).toBeNull();
  });
});
