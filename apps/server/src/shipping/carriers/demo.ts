import { createHash } from "node:crypto";
import {
  addDays,
  type Carrier,
  DELIVERY_TYPE,
  dateIn,
  type TrackingScan,
  type TrackingStatus,
  wallMs,
  wallToInstant,
  weekdayOf,
} from "@office/core";
import type { CarrierAdapter, CarrierAnswer, TrackedParcel } from "./carrier.js";

const HUBS: Readonly<Record<string, string>> = {
  UPS: "Louisville, KY, US",
  FEDEX: "Memphis, TN, US",
};
const CITIES = [
  "Indianapolis, IN, US",
  "Columbus, OH, US",
  "Chicago, IL, US",
  "Atlanta, GA, US",
  "Dallas, TX, US",
  "Newark, NJ, US",
  "Harrisburg, PA, US",
  "Charlotte, NC, US",
];

/** A parcel's fate in the demo, from its number: most arrive on time; a few are late, lost or in trouble. */
type Fate = "onTime" | "twoTries" | "delayed" | "exception" | "lost" | "labelOnly";
function fateOf(hash: Buffer): Fate {
  const draw = (hash[0] as number) % 100;
  if (draw < 58) return "onTime";
  if (draw < 66) return "twoTries";
  if (draw < 76) return "delayed";
  if (draw < 83) return "exception";
  if (draw < 92) return "lost";
  return "labelOnly";
}

const DAYS_BY_TYPE: Readonly<Record<number, number>> = {
  [DELIVERY_TYPE.code.ground]: 4,
  [DELIVERY_TYPE.code.twoDay]: 2,
  [DELIVERY_TYPE.code.threeDay]: 3,
  [DELIVERY_TYPE.code.nextDay]: 1,
  [DELIVERY_TYPE.code.nextDayEarly]: 1,
};

/** The next weekday after `day`. */
function nextBusinessDay(day: string): string {
  let next = addDays(day, 1);
  while (weekdayOf(next) === 0 || weekdayOf(next) === 6) next = addDays(next, 1);
  return next;
}

/**
 * The demo carrier's history of a parcel: the scans a real carrier would have made by `now`,
 * scripted from its number (its fate, its cities) and the dates the company gave it, on the
 * company's clock. The same parcel asked again later has more scans, never others: the run
 * adds them as a real carrier's would.
 */
export function demoHistory(parcel: TrackedParcel & { carrier: Carrier }, now: Date, timeZone: string): TrackingScan[] {
  const hash = createHash("sha256").update(parcel.number).digest();
  const fate = fateOf(hash);
  const shipped = parcel.shippedDate ?? dateIn(now, timeZone);
  const days = DAYS_BY_TYPE[parcel.deliveryType ?? 0] ?? 3;
  let due = shipped;
  for (let i = 0; i < days; i++) due = nextBusinessDay(due);
  if (parcel.promisedDate && parcel.promisedDate > shipped) due = parcel.promisedDate;
  const hub = HUBS[parcel.carrier] ?? "Chicago, IL, US";
  const destination = CITIES[(hash[1] as number) % CITIES.length] as string;
  const minute = (hash[2] as number) % 50;
  const scans: TrackingScan[] = [];
  const scan = (
    day: string,
    time: string,
    status: TrackingStatus,
    code: string,
    description: string,
    location: string,
  ) =>
    scans.push({
      at: new Date(wallToInstant(wallMs(`${day}T${time}`), timeZone)).toISOString(),
      status,
      code,
      description,
      location,
    });

  scan(shipped, `10:${String(minute).padStart(2, "0")}`, "label", "MP", "Shipper created a label", "");
  if (fate !== "labelOnly") {
    scan(
      shipped,
      "17:40",
      "transit",
      "PU",
      "Picked up",
      destination === CITIES[0] ? (CITIES[1] as string) : (CITIES[0] as string),
    );
    let day = nextBusinessDay(shipped);
    scan(day, "03:20", "transit", "AR", "Arrived at facility", hub);
    scan(day, "07:55", "transit", "DP", "Departed facility", hub);
    if (fate !== "lost") {
      for (day = nextBusinessDay(day); day < due; day = nextBusinessDay(day)) {
        scan(day, "04:10", "transit", "AR", "Arrived at facility", destination);
      }
      if (fate === "delayed") {
        scan(due, "06:30", "delayed", "DY", "Delayed: severe weather in the area", destination);
        due = nextBusinessDay(due);
      }
      scan(due, "08:05", "out", "OD", "Out for delivery", destination);
      if (fate === "twoTries") {
        // Still on the van at the day's end: out again the next business day.
        due = nextBusinessDay(due);
        scan(due, "07:50", "out", "OD", "Out for delivery: second attempt", destination);
      }
      if (fate === "exception") {
        scan(due, "11:45", "exception", "DE", "Delivery exception: address information required", destination);
      } else {
        scan(
          due,
          `14:${String(minute).padStart(2, "0")}`,
          "delivered",
          "DL",
          "Delivered: left at front desk",
          destination,
        );
      }
    }
  }
  return scans.filter((s) => Date.parse(s.at) <= now.getTime());
}

/**
 * The demo carrier (issue 36): stands in for a carrier with no real service configured, on the
 * demo company and in the tests, so the tracking run works end to end without the internet.
 */
export function demoCarrier(carrier: Carrier, timeZone: string, clock: () => Date = () => new Date()): CarrierAdapter {
  return {
    carrier,
    name: `${carrier} (demo)`,
    numbersPerCall: 100,
    limit: { calls: 100, perMs: 1_000 },
    concurrency: 1,
    async track(parcels) {
      const now = clock();
      const answers = new Map<string, CarrierAnswer>();
      for (const parcel of parcels)
        answers.set(parcel.number, { scans: demoHistory({ ...parcel, carrier }, now, timeZone) });
      return answers;
    },
  };
}
