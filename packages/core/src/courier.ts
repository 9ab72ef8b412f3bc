/**
 * Courier recognition from a tracking number: UPS, FedEx or none (docs/product-rules.md#forms).
 * Spaces are ignored (carriers print numbers in groups) and letters may be either case. The
 * patterns follow the carriers' published formats; docs/decisions.md names the source of each.
 */
export type Courier = "UPS" | "FEDEX";

const PATTERNS: readonly (readonly [Courier, RegExp])[] = [
  // UPS: 1Z, a six-character shipper number, a two-digit service code, a seven-digit
  // package number and a check digit (18 characters); freight waybills: T and ten digits.
  ["UPS", /^1Z[0-9A-Z]{16}$/],
  ["UPS", /^T\d{10}$/],
  // FedEx Express (12 digits), FedEx Ground (15), Ground's 96 barcode, and the 98-prefixed
  // door-tag and SmartPost forms (18, 19, 21 or 22 digits). The spec's "a 96-prefixed 20-digit
  // number" is read both ways it allows: 96 and 20 digits (the 22-digit barcode FedEx prints),
  // and 20 digits that begin with 96.
  ["FEDEX", /^\d{12}$/],
  ["FEDEX", /^\d{15}$/],
  ["FEDEX", /^96\d{20}$/],
  ["FEDEX", /^96\d{18}$/],
  ["FEDEX", /^98(?:\d{16}|\d{17}|\d{19}|\d{20})$/],
];

/** The courier a tracking number belongs to, or null when none is recognised. */
export function recognizeCourier(trackingNumber: string): Courier | null {
  const compact = trackingNumber.replace(/ /g, "").toUpperCase();
  return PATTERNS.find(([, pattern]) => pattern.test(compact))?.[0] ?? null;
}
