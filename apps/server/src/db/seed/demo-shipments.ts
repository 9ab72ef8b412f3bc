import { addDays, type Carrier, DELIVERY_TYPE, dateIn, weekdayOf } from "@office/core";
import { demoHistory } from "../../shipping/carriers/demo.js";
import { type ShipmentRow, trackedState } from "../../shipping/tracking-run.js";
import { Random } from "./random.js";

/*
 * The demo company's parcels (issue 36): on its recent projects, with UPS, FedEx and a local
 * courier, each with the demo carrier's scans up to the demo's "now" — so every state is there,
 * a few stuck — and the next tracking run finds more.
 */

type Row = Record<string, string | number | null>;

const SHIPMENTS_AT_SCALE_1 = 400;
/** The demo's shipping companies (demo-directory.ts): UPS, FedEx, and Metro Courier, which no carrier tracks. */
const COMPANIES: readonly { id: number; carrier: Carrier | null }[] = [
  { id: 1, carrier: "UPS" },
  { id: 2, carrier: "FEDEX" },
  { id: 4, carrier: null },
];
const UPS_SERVICE: Readonly<Record<number, string>> = { 1: "03", 2: "02", 3: "12", 4: "01", 5: "14", 6: "03" };
const BUSINESS_DAYS: Readonly<Record<number, number>> = { 1: 4, 2: 2, 3: 3, 4: 1, 5: 1, 6: 5 };

/** UPS's check digit of the 15 characters after "1Z": letters as (code − 63) mod 10, every second doubled. */
export function upsNumber(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    const value = /\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return `1Z${body}${(10 - (sum % 10)) % 10}`;
}

/** FedEx Express's 12 digits: 11 and a check digit, weights 1, 3, 7 from the right, mod 11. */
export function fedexNumber(body: string): string {
  const weights = [1, 3, 7];
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (weights[i % 3] as number);
  return `${body}${(sum % 11) % 10}`;
}

function businessDaysLater(day: string, count: number): string {
  let next = day;
  for (let i = 0; i < count; ) {
    next = addDays(next, 1);
    if (weekdayOf(next) !== 0 && weekdayOf(next) !== 6) i++;
  }
  return next;
}

export interface DemoShipments {
  shipments: Row[];
  scans: Row[];
}

/** Parcels on the most recently created projects, as the demo carrier would have tracked them by `anchor`. */
export function demoShipments(
  projects: ReadonlyArray<Row>,
  scale: number,
  anchor: Date,
  timeZone: string,
): DemoShipments {
  const random = new Random(20_261_129);
  const count = Math.max(1, Math.round(SHIPMENTS_AT_SCALE_1 * scale));
  const recent = [...projects]
    .sort((a, b) => String(b.projectCreatedTS).localeCompare(String(a.projectCreatedTS)))
    .slice(0, Math.max(1, Math.round(projects.length * 0.3)));
  const today = dateIn(anchor, timeZone);
  const shipments: Row[] = [];
  const scans: Row[] = [];
  for (let i = 0; i < count; i++) {
    const project = random.pick(recent);
    const company = random.pick(COMPANIES);
    const deliveryType = random.pick(DELIVERY_TYPE.options).value;
    let shipped = addDays(today, -random.int(0, 24));
    while (weekdayOf(shipped) === 0 || weekdayOf(shipped) === 6) shipped = addDays(shipped, -1);
    const promised = businessDaysLater(shipped, BUSINESS_DAYS[deliveryType] ?? 3);
    const number =
      company.carrier === "UPS"
        ? upsNumber(`999AA1${UPS_SERVICE[deliveryType]}${String(1_000_000 + ((i * 7_919) % 8_999_999))}`)
        : company.carrier === "FEDEX"
          ? fedexNumber(String(70_000_000_000 + i * 104_729))
          : `MC-${String(100_000 + i)}`;
    const shipmentID = i + 1;
    const row: ShipmentRow = {
      shipmentID,
      trackingNumber: number,
      carrier: company.carrier,
      shippedDate: shipped,
      promisedDate: promised,
      deliveryType,
      trackingStatus: null,
      trackingStatusTS: null,
    };
    const history = company.carrier
      ? demoHistory({ ...row, number, carrier: company.carrier }, anchor, timeZone)
      : null;
    const kept = trackedState(row, company.carrier, history ? { scans: history } : null, today, timeZone);
    shipments.push({
      shipmentID,
      projectID: project.projectID as number,
      trackingNumber: number,
      shippingCompanyID: company.id,
      deliveryType,
      shippedDate: shipped,
      promisedDate: promised,
      shipmentNotes: random.chance(0.1) ? "Signature required" : null,
      ...kept,
      trackingCheckedTS: history ? anchor.toISOString() : null,
      empID: project.projectOwnerID as number | null,
      createdTS: `${shipped}T13:00:00Z`,
    });
    for (const scan of history ?? []) {
      scans.push({
        shipmentID,
        scanTS: scan.at,
        scanStatus: scan.status,
        scanCode: scan.code,
        scanDescription: scan.description,
        scanLocation: scan.location || null,
      });
    }
  }
  return { shipments, scans };
}
