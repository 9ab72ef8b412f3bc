import { Readable } from "node:stream";
import { zoneTimes } from "./zoned-times.js";

/** Rows an answer holds before it is streamed rather than serialized in one piece. */
export const STREAM_FROM_ROWS = 2_000;
const BATCH = 500;

/**
 * A Query answer as a stream of JSON, a batch of rows at a time. Serializing 100,000 rows in
 * one JSON.stringify holds the event loop for hundreds of milliseconds and the whole text in
 * memory beside the rows; batches pulled by the socket let other requests run between them,
 * and each batch's rows are let go once written.
 */
export function streamAnswer(rows: Record<string, unknown>[], meta: object, timeZone: string): Readable {
  function* chunks() {
    yield '{"data":[';
    for (let at = 0; at < rows.length; at += BATCH) {
      const batch = zoneTimes(rows.slice(at, at + BATCH), timeZone);
      rows.fill(null as never, at, at + BATCH);
      yield (at === 0 ? "" : ",") + batch.map((row) => JSON.stringify(row)).join(",");
    }
    yield `],"meta":${JSON.stringify(meta)}}`;
  }
  return Readable.from(chunks(), { objectMode: false });
}
