import { type AvailabilitySource, LIVE_PATH, readLiveEvent } from "@office/core";
import type { QueryClient } from "@tanstack/react-query";
import { openEventStream } from "../../api/event-stream";
import { AVAILABILITY_KEY, listReadStarted, liveStreamOpened, liveStreamStopped } from "./availability-query";
import { setServerClock } from "./clock";

/** Tabs told to read the list again spread their reads over this long. */
const RESYNC_SPREAD_MS = 1_000;

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
  const readAgain = () => void client.invalidateQueries({ queryKey: AVAILABILITY_KEY });

  /**
   * A change while the list is being read may or may not be in what the read brings: read it
   * once more when that read is done. Reads are never cancelled for it, so under a flood of
   * changes they still finish, each at most one read behind.
   */
  async function readAgainAfterThisRead() {
    if (catchingUp) return;
    catchingUp = true;
    try {
      await client.refetchQueries({ queryKey: AVAILABILITY_KEY }, { cancelRefetch: false });
    } finally {
      catchingUp = false;
    }
    await client.invalidateQueries({ queryKey: AVAILABILITY_KEY }, { cancelRefetch: false });
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
    },
    onFailure,
  });
  return () => {
    stop();
    liveStreamStopped();
  };
}
