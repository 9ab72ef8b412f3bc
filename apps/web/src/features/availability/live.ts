import { type AvailabilitySource, LIVE_PATH, readLiveEvent } from "@office/core";
import type { QueryClient } from "@tanstack/react-query";
import { openEventStream } from "../../api/event-stream";
import { AVAILABILITY_KEY, liveStreamOpened, liveStreamStopped } from "./availability-query";
import { setServerClock } from "./clock";

/** One colleague's row as it now is, or gone from the list (null). */
function patch(client: QueryClient, empID: number, row: AvailabilitySource | null) {
  // A list being read may or may not hold the change: read it again instead of patching it.
  if (client.getQueryState(AVAILABILITY_KEY)?.fetchStatus === "fetching") {
    void client.invalidateQueries({ queryKey: AVAILABILITY_KEY });
    return;
  }
  client.setQueryData<AvailabilitySource[]>(AVAILABILITY_KEY, (rows) => {
    if (!rows) return rows;
    const others = rows.filter((r) => r.empID !== empID);
    return row ? [...others, row] : others;
  });
}

/**
 * The tab's live stream of colleagues' availability (one per tab, while the shell is open):
 * each change patches the cached list; after a reconnect, or when the server says so, the list
 * is read again, so a dropped connection catches up by itself. Returns the function that stops it.
 */
export function startLiveAvailability(client: QueryClient, onFailure: (error: unknown) => void): () => void {
  let openings = 0;
  const stop = openEventStream(LIVE_PATH, {
    onOpen() {
      liveStreamOpened();
      if (openings++ > 0) void client.invalidateQueries({ queryKey: AVAILABILITY_KEY });
    },
    onMessage(message) {
      const event = readLiveEvent(message.event, message.data);
      if (event?.type === "hello") setServerClock(event.now);
      else if (event?.type === "availability") patch(client, event.empID, event.row);
      else if (event?.type === "resync") void client.invalidateQueries({ queryKey: AVAILABILITY_KEY });
    },
    onFailure,
  });
  return () => {
    stop();
    liveStreamStopped();
  };
}
