import { type AvailabilitySource, dateIn, printLiveEvent, vwEmployeeAvailability, withAbsences } from "@office/core";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { absencesOf } from "../calendar/out-of-office.js";
import { zoneTimes } from "../data/zoned-times.js";
import type { Database } from "../db/database.js";

/** The channel the triggers of migration 0005 notify on. */
export const LIVE_CHANNEL = "office_live";
/**
 * Notifications with gaps under this between them are one burst, answered with one query once
 * it has been quiet this long: a bulk update's many notifications stay one burst even when the
 * machine is busy and they arrive spread out (a fixed window from the first cut them in two).
 */
const COALESCE_MS = 15;
/** A burst that keeps going is read at the latest this long after it began. */
const MAX_BURST_MS = 250;
/** Past this many changed employees at once (a bulk update), the tabs reload the list instead. */
export const MAX_ROWS_PER_FLUSH = 200;

/** One open event stream. */
export interface LiveSink {
  /** Whose stream it is: their notifications are told on it alone. */
  empID: number;
  write(text: string): void;
  /** Called at every heartbeat, with the time. */
  tick(now: number): void;
  end(): void;
}

/**
 * What changed for everyone, said once a burst whatever its size (each tab reads its own again):
 * requests waiting in inboxes, parcels, tracking runs (migrations 0010 and 0021).
 */
const TOPICS = ["approvals", "shipments", "trackingRuns"] as const;
type Topic = (typeof TOPICS)[number];

type Change = { empID: number } | { departments: true } | { topic: Topic } | { notify: number };

function readChange(payload: string): Change | null {
  try {
    const change: unknown = JSON.parse(payload);
    if (typeof change !== "object" || change === null) return null;
    if ("departments" in change && change.departments === true) return { departments: true };
    const topic = TOPICS.find((name) => (change as Record<string, unknown>)[name] === true);
    if (topic) return { topic };
    if ("empID" in change && Number.isSafeInteger(change.empID)) return { empID: change.empID as number };
    if ("notify" in change && Number.isSafeInteger(change.notify)) return { notify: change.notify as number };
  } catch {}
  return null;
}

/**
 * The process's side of live updates: it listens on the database (once, for all streams),
 * turns each burst of notifications into one query of the availability view, and writes each
 * changed colleague's row to every open stream. Changes are sent in the order they were
 * read; a row is read when it is sent, so the latest state always wins.
 */
export function createLiveHub(
  database: Database,
  /** The company's zone at the moment (a setting). */
  timeZone: () => string,
  log: FastifyBaseLogger,
  heartbeatMs: number,
  /** Tests of a bulk change raise it: on a loaded machine its notifications arrive over more than 250 ms. */
  maxBurstMs = MAX_BURST_MS,
) {
  const sinks = new Set<LiveSink>();
  const changed = new Set<number>();
  let resync = false;
  const topics = new Set<Topic>();
  /** Employees with a new notification: their own streams are told. */
  const told = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing = false;
  let listening: Promise<() => void> | null = null;
  let closed = false;
  let draining = false;
  const columns = Object.keys(vwEmployeeAvailability.columns);

  const broadcast = (text: string) => {
    for (const sink of sinks) sink.write(text);
  };

  let burstStart = 0;
  function schedule() {
    if (flushing || !(resync || topics.size > 0 || told.size > 0 || changed.size > 0)) return;
    const now = Date.now();
    if (!timer) burstStart = now;
    else if (now - burstStart >= maxBurstMs) return;
    else clearTimeout(timer);
    timer = setTimeout(flush, COALESCE_MS);
  }

  async function flush() {
    timer = undefined;
    flushing = true;
    const ids = [...changed];
    changed.clear();
    const all = resync || ids.length > MAX_ROWS_PER_FLUSH;
    resync = false;
    // One word for a burst of changes, whatever its size: each tab reads its own again.
    for (const topic of topics) broadcast(printLiveEvent({ type: topic }));
    topics.clear();
    if (told.size > 0) {
      const notifications = printLiveEvent({ type: "notifications" });
      for (const sink of sinks) if (told.has(sink.empID)) sink.write(notifications);
      told.clear();
    }
    try {
      if (all) broadcast(printLiveEvent({ type: "resync" }));
      else if (ids.length && sinks.size) {
        const { rows } = await sql<AvailabilitySource & Record<string, unknown>>`
          select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(vwEmployeeAvailability.name)}
          where ${sql.ref("empID")} in (${sql.join(ids)})`.execute(database.db);
        // With each one's absences (out of office): an event's change tells its attendees' rows (migration 0019).
        const absences = await absencesOf(
          database.db,
          rows.map((row) => row.empID),
          new Date(),
          timeZone(),
        );
        const byID = new Map(withAbsences(zoneTimes(rows, timeZone()), absences).map((row) => [row.empID, row]));
        for (const empID of ids)
          broadcast(printLiveEvent({ type: "availability", empID, row: byID.get(empID) ?? null }));
      }
    } catch (error) {
      // The rows could not be read: the tabs reload the list when they can.
      log.warn({ err: error }, "live: could not read the changed availability");
      broadcast(printLiveEvent({ type: "resync" }));
    } finally {
      flushing = false;
      schedule();
    }
  }

  // Today's office hours in every row change at the company's midnight: the tabs read the list again.
  let today = dateIn(new Date(), timeZone());
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const sink of sinks) sink.tick(now);
    const day = dateIn(new Date(now), timeZone());
    if (day === today) return;
    today = day;
    resync = true;
    schedule();
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** Adds a stream once the process listens (a database that cannot listen rejects: 503). */
    async subscribe(sink: LiveSink): Promise<() => void> {
      if (closed) throw new Error("closed");
      listening ??= database.listen(LIVE_CHANNEL, {
        onPayload(payload) {
          const change = readChange(payload);
          if (!change) return;
          if ("departments" in change) resync = true;
          else if ("topic" in change) topics.add(change.topic);
          else if ("notify" in change) told.add(change.notify);
          else changed.add(change.empID);
          schedule();
        },
        onGap() {
          log.info("live: listening again after a lost connection; every tab reloads the list");
          resync = true;
          schedule();
        },
      });
      const listen = listening;
      try {
        await listen;
      } catch (error) {
        if (listening === listen) listening = null;
        throw error;
      }
      // Ended while waiting: a sink added now would never be ended, and hold up a drain.
      if (closed || draining) throw new Error("closed");
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    get size() {
      return sinks.size;
    },
    /** Ends every stream and takes no more (the server drains: the tabs reconnect to another one). */
    endAll() {
      draining = true;
      for (const sink of sinks) sink.end();
      sinks.clear();
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(timer);
      this.endAll();
      const stop = await listening?.catch(() => null);
      stop?.();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
