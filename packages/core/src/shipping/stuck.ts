import { weekdayOf } from "../company-time.js";
import { addDays, formatUsDate } from "../formats.js";
import { DELIVERY_TYPE, DELIVERY_TYPES } from "../lookups/enumerations.js";
import type { TrackingStatus } from "./carriers.js";

/**
 * Stuck parcels (issue 36, beyond every tracker we know): a shipment that has not moved for
 * longer than its delivery type allows, or that is past its promised date and not delivered.
 * The business days a parcel may go without a new scan, by delivery type: a next-day parcel
 * silent for a working day is late; ground freight rests a few days at hubs.
 */
export const QUIET_BUSINESS_DAYS: Readonly<Record<number, number>> = {
  [DELIVERY_TYPE.code.ground]: 3,
  [DELIVERY_TYPE.code.twoDay]: 2,
  [DELIVERY_TYPE.code.threeDay]: 2,
  [DELIVERY_TYPE.code.nextDay]: 1,
  [DELIVERY_TYPE.code.nextDayEarly]: 1,
  [DELIVERY_TYPE.code.other]: 5,
};
/** A shipment without a delivery type: as "Other". */
const QUIET_DEFAULT = 5;

export interface ShipmentState {
  trackingStatus: TrackingStatus | null;
  /** The company day of its latest scan (ISO), or null before the first. */
  lastScanDay: string | null;
  shippedDate: string | null;
  promisedDate: string | null;
  deliveryType: number | null;
}

const NO_HOLIDAYS: ReadonlySet<string> = new Set();

/** Weekdays after `from` up to `to` that are no company holiday, both ISO days (0 when `to` is not after `from`). */
export function businessDaysBetween(from: string, to: string, holidays = NO_HOLIDAYS): number {
  let count = 0;
  // A parcel is checked for weeks at most; the bound keeps a wrong year from looping long.
  for (let day = addDays(from, 1), steps = 0; day <= to && steps < 3_700; day = addDays(day, 1), steps++) {
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6 && !holidays.has(day)) count++;
  }
  return count;
}

/** Why a shipment is stuck on `today` (the company's day, its `holidays` no business days), or null when it is not. */
export function stuckReason(shipment: ShipmentState, today: string, holidays = NO_HOLIDAYS): string | null {
  if (shipment.trackingStatus === "delivered") return null;
  if (shipment.promisedDate && shipment.promisedDate < today) {
    return `Not delivered by its promised date, ${formatUsDate(shipment.promisedDate)}`;
  }
  const since = shipment.lastScanDay ?? shipment.shippedDate;
  if (!since) return null;
  const allowed = (shipment.deliveryType && QUIET_BUSINESS_DAYS[shipment.deliveryType]) || QUIET_DEFAULT;
  const quiet = businessDaysBetween(since, today, holidays);
  if (quiet <= allowed) return null;
  const type = DELIVERY_TYPES.find((option) => option.value === shipment.deliveryType)?.label ?? "Other";
  const what = shipment.lastScanDay ? "No new scan" : "No scan since it shipped";
  return `${what} for ${quiet} business days (${type} allows ${allowed})`;
}
