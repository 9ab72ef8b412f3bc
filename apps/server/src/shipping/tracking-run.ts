import {
  CARRIER_NAMES,
  type Carrier,
  dateIn,
  isCarrier,
  stuckReason,
  type TrackingScan,
  type TrackingStatus,
  tblShipment,
} from "@office/core";
import { recogniseTrackingNumber } from "@office/core/tracking";
import { type Kysely, sql } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { declareJob, type JobContext } from "../jobs/job.js";
import type { CarrierAdapter, CarrierAnswer, TrackedParcel } from "./carriers/carrier.js";
import { CarrierError } from "./carriers/carrier.js";
import { LONGEST_WAIT_MS } from "./carriers/http.js";
import type { Carriers } from "./carriers/index.js";
import { pause, rateLimit } from "./rate-limit.js";

export const TRACK_SHIPMENTS = "trackShipments";

/** What a run did: kept as its result, shown on the shipments list. */
export interface TrackingResult {
  asked: number;
  updated: number;
  failed: number;
  /** Failures by carrier, as people read them ("UPS: 12 — UPS did not answer in 15 s"). */
  failures: string | null;
  byCarrier: Record<string, { asked: number; updated: number; failed: number; problem: string | null }>;
}

/** Parcels written together: one transaction, one audit statement, one word on the live channel. */
const CHUNK = 100;
const ATTEMPTS = 4;

export type ShipmentRow = Record<string, unknown> & {
  shipmentID: number;
  trackingNumber: string;
  carrier: string | null;
  shippedDate: string | null;
  promisedDate: string | null;
  deliveryType: number | null;
  trackingStatus: TrackingStatus | null;
  trackingStatusTS: Date | null;
};

/** The columns the run keeps; a change of any but the checked time is audited. */
const KEPT = [
  "carrier",
  "trackingStatus",
  "trackingStatusText",
  "trackingStatusTS",
  "trackingLocation",
  "trackingProblem",
  "stuckReason",
] as const;
export type Kept = Record<(typeof KEPT)[number], string | null>;

const same = (a: unknown, b: unknown) =>
  (a instanceof Date ? a.toISOString() : (a ?? null)) === (b instanceof Date ? b.toISOString() : (b ?? null));

/** One batch of a carrier's parcels asked, with retries (honouring Retry-After) and its allowance. */
async function askCarrier(
  adapter: CarrierAdapter,
  parcels: TrackedParcel[],
  take: (signal: AbortSignal) => Promise<void>,
  signal: AbortSignal,
): Promise<Map<string, CarrierAnswer>> {
  for (let attempt = 1; ; attempt++) {
    await take(signal);
    try {
      return await adapter.track(parcels, signal);
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      if (error.kind === "stop" || attempt >= ATTEMPTS) throw error;
      const wait = error.retryAfterMs ?? 500 * 4 ** (attempt - 1);
      if (wait > LONGEST_WAIT_MS) throw error;
      await pause(wait, signal);
    }
  }
}

/** The state a shipment is in after its carrier's answer (or none), and whether it is stuck (the run; the demo seed). */
export function trackedState(
  row: ShipmentRow,
  carrier: Carrier | null,
  answer: CarrierAnswer | null,
  today: string,
  timeZone: string,
): Kept {
  const kept: Kept = {
    carrier: carrier ?? row.carrier,
    trackingStatus: row.trackingStatus,
    trackingStatusText: row.trackingStatusText as string | null,
    trackingStatusTS: row.trackingStatusTS ? row.trackingStatusTS.toISOString() : null,
    trackingLocation: row.trackingLocation as string | null,
    trackingProblem: row.trackingProblem as string | null,
    stuckReason: null,
  };
  if (answer && "problem" in answer) kept.trackingProblem = answer.problem.slice(0, 500);
  if (answer && "scans" in answer) {
    kept.trackingProblem = null;
    const latest = [...answer.scans].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
    if (latest) {
      kept.trackingStatus = latest.status;
      kept.trackingStatusText = latest.description.slice(0, 500);
      kept.trackingStatusTS = new Date(latest.at).toISOString();
      kept.trackingLocation = latest.location.slice(0, 500) || null;
    }
  }
  const lastScanDay = kept.trackingStatusTS ? dateIn(new Date(kept.trackingStatusTS), timeZone) : null;
  kept.stuckReason = stuckReason(
    {
      trackingStatus: kept.trackingStatus as TrackingStatus | null,
      lastScanDay,
      shippedDate: row.shippedDate,
      promisedDate: row.promisedDate,
      deliveryType: row.deliveryType,
    },
    today,
  );
  return kept;
}

/** Writes one chunk's answers: new scans, the rows whose state changed (audited), and every asked row's checked time. */
async function writeChunk(
  db: Kysely<DB>,
  actor: Actor,
  rows: ShipmentRow[],
  states: Map<number, { kept: Kept; scans: TrackingScan[]; checked: boolean }>,
): Promise<number> {
  const scans = rows.flatMap((row) =>
    (states.get(row.shipmentID)?.scans ?? []).map((scan) => ({
      shipmentID: row.shipmentID,
      scanTS: scan.at,
      scanStatus: scan.status,
      scanCode: scan.code.slice(0, 20),
      scanDescription: scan.description.slice(0, 500),
      scanLocation: scan.location.slice(0, 200) || null,
    })),
  );
  const changed = rows.flatMap((row) => {
    const state = states.get(row.shipmentID);
    if (!state || KEPT.every((column) => same(row[column], state.kept[column]))) return [];
    return [{ row, kept: state.kept }];
  });
  const checked = rows.filter((row) => states.get(row.shipmentID)?.checked).map((row) => row.shipmentID);
  await db.transaction().execute(async (tx) => {
    if (scans.length > 0) {
      await sql`insert into "tblShipmentScan" ("shipmentID", "scanTS", "scanStatus", "scanCode", "scanDescription", "scanLocation")
        select s."shipmentID", s."scanTS", s."scanStatus", s."scanCode", s."scanDescription", s."scanLocation"
        from json_to_recordset(${JSON.stringify(scans)}::json) as s ("shipmentID" integer, "scanTS" timestamptz,
          "scanStatus" text, "scanCode" text, "scanDescription" text, "scanLocation" text)
        on conflict do nothing`.execute(tx);
    }
    if (changed.length > 0) {
      const values = changed.map(({ row, kept }) => ({ shipmentID: row.shipmentID, ...kept }));
      const { rows: after } = await sql<Record<string, unknown>>`update "tblShipment" t set
          "carrier" = v."carrier", "trackingStatus" = v."trackingStatus", "trackingStatusText" = v."trackingStatusText",
          "trackingStatusTS" = v."trackingStatusTS", "trackingLocation" = v."trackingLocation",
          "trackingProblem" = v."trackingProblem", "stuckReason" = v."stuckReason"
        from json_to_recordset(${JSON.stringify(values)}::json) as v ("shipmentID" integer, "carrier" text,
          "trackingStatus" text, "trackingStatusText" text, "trackingStatusTS" timestamptz, "trackingLocation" text,
          "trackingProblem" text, "stuckReason" text)
        where t."shipmentID" = v."shipmentID"
        returning t.*`.execute(tx);
      const before = new Map(changed.map(({ row }) => [row.shipmentID, row]));
      await audit(
        tx,
        actor,
        "update",
        tblShipment,
        after.map((row) => ({ before: before.get(row.shipmentID as number), after: row })),
      );
    }
    // When each was last asked: bookkeeping, not a change of the parcel (not audited).
    if (checked.length > 0) {
      await sql`update "tblShipment" set "trackingCheckedTS" = now()
        where "shipmentID" in (${sql.join(checked)})`.execute(tx);
    }
  });
  return changed.length;
}

/**
 * The tracking run (spec 2.4, 4 and 7; issue 36): every parcel not yet delivered is asked of its
 * carrier, the carriers side by side, each within its allowance and with its own retries, so one
 * carrier failing never stops the others; what changed is written a hundred parcels at a time
 * and audited as the system's; parcels no carrier tracks are still weighed for being stuck. A
 * run taken over from a dead process skips the parcels already asked since the run began.
 */
export function trackingJob(carriers: Carriers, options: { dailyAt?: string; clock?: () => Date } = {}) {
  return declareJob<TrackingResult>({
    name: TRACK_SHIPMENTS,
    ...(options.dailyAt ? { dailyAt: options.dailyAt } : {}),
    async handler(context: JobContext): Promise<TrackingResult> {
      const { db, signal, timeZone } = context;
      const today = dateIn(options.clock?.() ?? new Date(), timeZone);
      const { rows } = await sql<ShipmentRow>`select * from "tblShipment"
        where "trackingStatus" is distinct from 'delivered'
          and ("trackingCheckedTS" is null or "trackingCheckedTS" < ${context.startedAt})
        order by "shipmentID"`.execute(db);
      const result: TrackingResult = { asked: 0, updated: 0, failed: 0, failures: null, byCarrier: {} };
      const groups = new Map<Carrier | null, { row: ShipmentRow; carrier: Carrier | null }[]>();
      for (const row of rows) {
        let carrier: Carrier | null = isCarrier(row.carrier) ? row.carrier : null;
        if (!carrier) {
          const known = recogniseTrackingNumber(row.trackingNumber).carriers;
          carrier = known.length === 1 ? (known[0] as Carrier) : null;
        }
        const key = carrier && carriers.has(carrier) ? carrier : null;
        const group = groups.get(key) ?? [];
        group.push({ row, carrier });
        groups.set(key, group);
      }

      const work = [...groups].map(async ([carrier, parcels]) => {
        const adapter = carrier ? carriers.get(carrier) : undefined;
        const tally = { asked: 0, updated: 0, failed: 0, problem: null as string | null };
        if (carrier) result.byCarrier[CARRIER_NAMES[carrier]] = tally;
        const take = adapter ? rateLimit(adapter.limit.calls, adapter.limit.perMs) : null;
        let stopped: string | null = null;
        for (let start = 0; start < parcels.length; start += CHUNK) {
          signal.throwIfAborted();
          const chunk = parcels.slice(start, start + CHUNK);
          const answers = new Map<string, CarrierAnswer>();
          const failedNumbers = new Set<string>();
          if (adapter && take) {
            const batches: TrackedParcel[][] = [];
            for (let i = 0; i < chunk.length; i += adapter.numbersPerCall) {
              batches.push(
                chunk.slice(i, i + adapter.numbersPerCall).map(({ row }) => ({
                  number: row.trackingNumber,
                  shippedDate: row.shippedDate,
                  promisedDate: row.promisedDate,
                  deliveryType: row.deliveryType,
                })),
              );
            }
            let next = 0;
            const worker = async () => {
              while (next < batches.length) {
                const batch = batches[next++] as TrackedParcel[];
                if (stopped) {
                  for (const parcel of batch) failedNumbers.add(parcel.number);
                  continue;
                }
                try {
                  for (const [number, answer] of await askCarrier(adapter, batch, take, signal))
                    answers.set(number, answer);
                  for (const parcel of batch) if (!answers.has(parcel.number)) failedNumbers.add(parcel.number);
                } catch (error) {
                  if (!(error instanceof CarrierError)) throw error;
                  tally.problem = error.message;
                  if (error.kind === "stop") stopped = error.message;
                  for (const parcel of batch) failedNumbers.add(parcel.number);
                }
              }
            };
            await Promise.all(Array.from({ length: Math.min(adapter.concurrency, batches.length) }, worker));
          }
          const states = new Map<number, { kept: Kept; scans: TrackingScan[]; checked: boolean }>();
          for (const { row, carrier: known } of chunk) {
            const failed = failedNumbers.has(row.trackingNumber);
            const answer = failed ? null : (answers.get(row.trackingNumber) ?? null);
            states.set(row.shipmentID, {
              kept: trackedState(row, known, answer, today, timeZone),
              scans: answer && "scans" in answer ? answer.scans : [],
              checked: answer !== null,
            });
            if (adapter) {
              tally.asked++;
              if (failed) tally.failed++;
            }
          }
          const updated = await writeChunk(
            db,
            context.actor,
            chunk.map(({ row }) => row),
            states,
          );
          if (adapter) tally.updated += updated;
          result.updated += updated;
        }
      });
      const settled = await Promise.allSettled(work);
      const broken = settled.find((outcome) => outcome.status === "rejected");
      if (broken) throw (broken as PromiseRejectedResult).reason;
      for (const tally of Object.values(result.byCarrier)) {
        result.asked += tally.asked;
        result.failed += tally.failed;
      }
      const failures = Object.entries(result.byCarrier)
        .filter(([, tally]) => tally.failed > 0)
        .map(([name, tally]) => `${name}: ${tally.failed} not tracked (${tally.problem ?? "no answer"})`);
      result.failures = failures.length > 0 ? failures.join("; ") : null;
      return result;
    },
  });
}
