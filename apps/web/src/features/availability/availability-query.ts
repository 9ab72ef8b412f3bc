import { type AvailabilitySource, OPERATIONS, vwEmployeeAvailability, withAbsences } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { type QueryParams, queryRows } from "../../api/client";
import { call } from "../../api/operations";
import { tableKey } from "../../services/query-keys";

const ALL: QueryParams = { table: vwEmployeeAvailability.name };
export const AVAILABILITY_KEY = tableKey.rows(ALL);

/** How long the first read waits for the live stream, which then carries every later change. */
const LIVE_WAIT_MS = 1_500;

let markOpened: () => void = () => {};
let opened = new Promise<void>((resolve) => {
  markOpened = resolve;
});
let readStarted = false;

/** Whether the list has been read (or is being read) by now: then a stream opening later may have missed changes. */
export const listReadStarted = () => readStarted;

/** The live stream is open: a list read from now on misses no change. */
export function liveStreamOpened() {
  markOpened();
}

/** The live stream has stopped (sign-out): the next shell waits for its own. */
export function liveStreamStopped() {
  readStarted = false;
  opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
}

/**
 * Colleagues' availability: read once when the shell starts, then kept current by
 * the live stream, so the avatar panel opens on rows already here. The first read waits a
 * moment for the stream to open, so no change can fall between the two; a stream that opens
 * later than that has the list read again (live.ts). Each row comes with its person's
 * absences (out of office), read beside it, as the stream's rows have them.
 */
export const availabilityQuery = queryOptions({
  queryKey: AVAILABILITY_KEY,
  queryFn: async () => {
    await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, LIVE_WAIT_MS))]);
    readStarted = true;
    const [rows, absences] = await Promise.all([
      queryRows<AvailabilitySource>(ALL),
      call(OPERATIONS.colleaguesOutOfOffice),
    ]);
    return withAbsences(rows.data, absences.data);
  },
  staleTime: Number.POSITIVE_INFINITY,
});
