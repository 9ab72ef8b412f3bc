import {
  CARRIER_NAMES,
  type Carrier,
  dateIn,
  isCarrier,
  stuckReason,
  type TrackingStatus,
  tblShipment,
} from "@office/core";
import { recogniseTrackingNumber } from "@office/core/tracking";
import { sql } from "kysely";
import { audit } from "../data/audit.js";
import { declareJob, type JobContext, LostRunError } from "../jobs/job.js";
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
  holidays?: ReadonlySet<string>,
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
    holidays,
  );
  return kept;
}

/** A parcel of a chunk: its row as the run read it, its carrier, and what the carrier said (null: not asked, or failed). */
interface Asked {
  row: ShipmentRow;
  carrier: Carrier | null;
  answer: CarrierAnswer | null;
}

/** Scans whose time could be a parcel's: a carrier's "0000-12-31" would be refused by the database, and fail the chunk. */
const EARLIEST_SCAN = Date.parse("2000-01-01T00:00:00Z");
function saneScans(answer: CarrierAnswer | null, now: number): CarrierAnswer | null {
  if (!answer || !("scans" in answer)) return answer;
  return {
    scans: answer.scans.filter(
      (scan) => Date.parse(scan.at) >= EARLIEST_SCAN && Date.parse(scan.at) <= now + 366 * 86_400_000,
    ),
  };
}

/**
 * Writes one chunk's answers in one transaction, while the run is still this process's: each
 * parcel as it is now (locked), so one deleted meanwhile is skipped and one whose number or
 * carrier someone corrected meanwhile is left for the next run (its answer was of the old one);
 * new scans, the rows whose state changed (audited, their image before being the row as it
 * was), and every asked row's checked time.
 */
async function writeChunk(
  context: JobContext,
  today: string,
  holidays: ReadonlySet<string>,
  chunk: readonly Asked[],
): Promise<number> {
  const { actor, timeZone } = context;
  return context.db.transaction().execute(async (tx) => {
    if (!(await context.holds(tx))) throw new LostRunError();
    const { rows: current } = await sql<ShipmentRow>`select * from "tblShipment"
      where "shipmentID" in (${sql.join(chunk.map(({ row }) => row.shipmentID))})
      order by "shipmentID" for update`.execute(tx);
    const now = new Map(current.map((row) => [row.shipmentID, row]));
    const written = chunk.flatMap(({ row, carrier, answer }) => {
      const fresh = now.get(row.shipmentID);
      if (!fresh || fresh.trackingNumber !== row.trackingNumber || fresh.carrier !== row.carrier) return [];
      return [{ row: fresh, kept: trackedState(fresh, carrier, answer, today, timeZone, holidays), answer }];
    });
    const scans = written.flatMap(({ row, answer }) =>
      (answer && "scans" in answer ? answer.scans : []).map((scan) => ({
        shipmentID: row.shipmentID,
        scanTS: scan.at,
        scanStatus: scan.status,
        scanCode: scan.code.slice(0, 20),
        scanDescription: scan.description.slice(0, 500),
        scanLocation: scan.location.slice(0, 200) || null,
      })),
    );
    if (scans.length > 0) {
      await sql`insert into "tblShipmentScan" ("shipmentID", "scanTS", "scanStatus", "scanCode", "scanDescription", "scanLocation")
        select s."shipmentID", s."scanTS", s."scanStatus", s."scanCode", s."scanDescription", s."scanLocation"
        from json_to_recordset(${JSON.stringify(scans)}::json) as s ("shipmentID" integer, "scanTS" timestamptz,
          "scanStatus" text, "scanCode" text, "scanDescription" text, "scanLocation" text)
        on conflict do nothing`.execute(tx);
    }
    const changed = written.filter(({ row, kept }) => !KEPT.every((column) => same(row[column], kept[column])));
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
    const checked = written.filter(({ answer }) => answer !== null).map(({ row }) => row.shipmentID);
    if (checked.length > 0) {
      await sql`update "tblShipment" set "trackingCheckedTS" = now()
        where "shipmentID" in (${sql.join(checked)})`.execute(tx);
    }
    return changed.length;
  });
}

/** What the run knows of one carrier: whether it has given up on it for this run, and why its calls failed. */
interface CarrierState {
  stopped: string | null;
  problem: string | null;
  failedInRow: number;
}

/** A carrier given up for the run after this many calls in a row that no retry cured (a carrier down). */
const FAILED_CALLS_IN_ROW = 3;

/** One chunk's parcels asked of their carrier, in batches side by side: each number's answer, or null where none came. */
async function askChunk(
  adapter: CarrierAdapter,
  take: (signal: AbortSignal) => Promise<void>,
  chunk: readonly { row: ShipmentRow }[],
  state: CarrierState,
  deadline: number,
  signal: AbortSignal,
): Promise<Map<string, CarrierAnswer | null>> {
  const answers = new Map<string, CarrierAnswer | null>();
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
      if (!state.stopped && Date.now() > deadline) state.stopped = "the run's time ran out";
      if (state.stopped) continue;
      try {
        const said = await askCarrier(adapter, batch, take, signal);
        for (const parcel of batch) answers.set(parcel.number, saneScans(said.get(parcel.number) ?? null, Date.now()));
        state.failedInRow = 0;
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        state.problem = error.message;
        if (error.kind === "stop") state.stopped = error.message;
        else if (++state.failedInRow >= FAILED_CALLS_IN_ROW) {
          state.stopped = `${error.message}; given up after ${FAILED_CALLS_IN_ROW} calls in a row`;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(adapter.concurrency, batches.length) }, worker));
  if (state.stopped) state.problem = state.stopped;
  return answers;
}

/** Parcels added longer ago than this and still not delivered are no longer asked (returned, lost, or never sent). */
const ASKED_FOR_DAYS = 90;

export interface TrackingOptions {
  dailyAt?: string;
  clock?: () => Date;
  /** The longest a run asks the carriers (30 minutes by default); the parcels left are asked by the next. */
  mostMs?: number;
  /** The company's holidays (a setting), which are no business days for a stuck parcel. */
  holidays?: () => ReadonlySet<string>;
}

/**
 * The tracking run (spec 2.4, 4 and 7; issue 36): every parcel not yet delivered (added in the
 * last 90 days) is asked of its carrier, the carriers side by side, each within its allowance
 * and with its own retries, so one carrier failing never stops the others; a carrier down (three
 * calls in a row failed after their retries) or a run past its time leaves the rest for the next
 * run. What changed is written a hundred parcels at a time and audited as the system's; parcels
 * no carrier tracks are still weighed for being stuck. A run taken over from a dead process
 * skips the parcels already asked since the run began.
 */
export function trackingJob(carriersNow: () => Carriers, options: TrackingOptions = {}) {
  return declareJob<TrackingResult>({
    name: TRACK_SHIPMENTS,
    ...(options.dailyAt ? { dailyAt: options.dailyAt } : {}),
    async handler(context: JobContext): Promise<TrackingResult> {
      const { db, signal, timeZone } = context;
      // As the company's settings have them when the run starts.
      const carriers = carriersNow();
      const today = dateIn(options.clock?.() ?? new Date(), timeZone);
      const holidays = options.holidays?.() ?? new Set<string>();
      const deadline = Date.now() + (options.mostMs ?? 30 * 60_000);
      const { rows } = await sql<ShipmentRow>`select * from "tblShipment"
        where "trackingStatus" is distinct from 'delivered'
          and "createdTS" > now() - ${`${ASKED_FOR_DAYS} days`}::interval
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
        const state: CarrierState = { stopped: null, problem: null, failedInRow: 0 };
        for (let start = 0; start < parcels.length; start += CHUNK) {
          signal.throwIfAborted();
          const chunk = parcels.slice(start, start + CHUNK);
          const answers = adapter && take ? await askChunk(adapter, take, chunk, state, deadline, signal) : null;
          const asked = chunk.map(({ row, carrier: known }) => ({
            row,
            carrier: known,
            answer: answers?.get(row.trackingNumber) ?? null,
          }));
          if (adapter) {
            tally.asked += chunk.length;
            tally.failed += asked.filter(({ answer }) => answer === null).length;
            tally.problem = state.problem;
          }
          try {
            const updated = await writeChunk(context, today, holidays, asked);
            if (adapter) tally.updated += updated;
            result.updated += updated;
          } catch (error) {
            // Lost, or stopping: the run ends here. A chunk the database refused: the others go on.
            if (error instanceof LostRunError || signal.aborted) throw error;
            if (adapter) {
              tally.failed += asked.filter(({ answer }) => answer !== null).length;
              tally.problem = `answers could not be saved: ${error instanceof Error ? error.message : String(error)}`;
            }
          }
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
