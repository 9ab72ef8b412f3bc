import { type AvailabilitySource, LIVE_PATH, readLiveEvent } from "@office/core";
import type { QueryClient } from "@tanstack/react-query";
import { openEventStream } from "../../api/event-stream";
import { invalidateTables } from "../../services/query-keys";
import { AVAILABILITY_KEY, listReadStarted, liveStreamOpened, liveStreamStopped } from "./availability-query";
import { setServerClock } from "./clock";

/** Tabs told to read the list again spread their reads over this long. */
const RESYNC_SPREAD_MS = 1_000;
/** Every tab reads what changed for everyone (an inbox count, parcels) spread over this long, not all at once. */
const APPROVALS_SPREAD_MS = 500;
/** How long a stream opened ahead of the shell waits for it before closing. */
const EARLY_WAIT_MS = 10_000;

/** The tab's streams now open (the shell keeps one). */
let streams = 0;
/** A stream the route's guard opened before the shell rendered, for the shell to take over. */
let early: { client: QueryClient; stop: () => void; timer: ReturnType<typeof setTimeout> } | undefined;

/**
 * Opens the tab's stream ahead of the shell, unless one is open: the shell's first render and
 * effects take a while, and the colleague list waits for the stream (availability-query.ts),
 * so Home's Colleagues would wait for both. The shell takes it over (takeLiveAvailability);
 * a shell that never comes lets it close after a few seconds.
 */
export function openLiveAvailabilityEarly(
  client: QueryClient,
  onFailure: (error: unknown) => void,
  open: typeof openEventStream = openEventStream,
) {
  if (streams > 0) return;
  const stop = startLiveAvailability(client, onFailure, open);
  early = {
    client,
    stop,
    timer: setTimeout(() => {
      early = undefined;
      stop();
    }, EARLY_WAIT_MS),
  };
}

/** The shell's stream: the one opened early for this client, else a new one. Returns the function that stops it. */
export function takeLiveAvailability(
  client: QueryClient,
  onFailure: (error: unknown) => void,
  open: typeof openEventStream = openEventStream,
): () => void {
  if (early?.client === client) {
    const { stop, timer } = early;
    clearTimeout(timer);
    early = undefined;
    return stop;
  }
  return startLiveAvailability(client, onFailure, open);
}

/**
 * The tab's live stream of colleagues' availability (one per tab, while the shell is open):
 * each change patches the cached list; after a reconnect, a late first opening or when the
 * server says so, the list is read again, so a dropped connection catches up by itself.
 * Returns the function that stops it.
 */
export function startLiveAvailability(
  client: QueryClient,
  onFailure: (error: unknown) => void,
  open: typeof openEventStream = openEventStream,
): () => void {
  let catchingUp = false;
  const readAgain = () => void client.invalidateQueries({ queryKey: AVAILABILITY_KEY, exact: true });
  // A card request was made or decided: the inbox count (and an open inbox) read again.
  const approvalsChanged = () => void invalidateTables(client, ["tblCCPermission"]);
  const shipmentsChanged = () => void invalidateTables(client, ["tblShipment", "tblShipmentScan"]);

  /**
   * A change while the list is being read may or may not be in what the read brings: read it
   * once more when that read is done. Reads are never cancelled for it, so under a flood of
   * changes they still finish, each at most one read behind.
   */
  async function readAgainAfterThisRead() {
    if (catchingUp) return;
    catchingUp = true;
    try {
      await client.refetchQueries({ queryKey: AVAILABILITY_KEY, exact: true }, { cancelRefetch: false });
    } finally {
      catchingUp = false;
    }
    await client.invalidateQueries({ queryKey: AVAILABILITY_KEY, exact: true }, { cancelRefetch: false });
  }

  /** One colleague's row as it now is, or gone from the list (null). */
  function patch(empID: number, row: AvailabilitySource | null) {
    if (client.getQueryState(AVAILABILITY_KEY)?.fetchStatus === "fetching") {
      void readAgainAfterThisRead();
      return;
    }
    client.setQueryData<AvailabilitySource[]>(AVAILABILITY_KEY, (rows) => {
      if (!rows) return rows;
      const others = rows.filter((r) => r.empID !== empID);
      return row ? [...others, row] : others;
    });
  }

  streams++;
  const stop = open(LIVE_PATH, {
    onOpen() {
      // A list read before this opening may lack what changed in between.
      if (listReadStarted()) readAgain();
      liveStreamOpened();
    },
    onMessage(message) {
      const event = readLiveEvent(message.event, message.data);
      if (event?.type === "hello") setServerClock(event.now);
      else if (event?.type === "availability") patch(event.empID, event.row);
      else if (event?.type === "resync") setTimeout(readAgain, Math.random() * RESYNC_SPREAD_MS);
      else if (event?.type === "approvals") setTimeout(approvalsChanged, Math.random() * APPROVALS_SPREAD_MS);
      // Parcels tracked or corrected, a tracking run begun or ended: the pages showing them read again.
      else if (event?.type === "shipments") setTimeout(shipmentsChanged, Math.random() * APPROVALS_SPREAD_MS);
      else if (event?.type === "trackingRuns") void invalidateTables(client, ["jobRun"]);
      // Told to this person's tabs alone: read at once.
      else if (event?.type === "notifications") void invalidateTables(client, ["notification"]);
    },
    onFailure,
  });
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    streams--;
    stop();
    liveStreamStopped();
  };
}
