import { Readable } from "node:stream";
import { zoneTimes } from "./zoned-times.js";

/**
 * A load's answer as a stream of JSON, a batch of rows at a time, each read from the database
 * when the socket wants more (query.ts, `batches`). Serializing 100,000 rows in one
 * JSON.stringify held the event loop for hundreds of milliseconds, and the rows and the whole
 * text sat in memory together; now a slow reader holds one batch, and other requests run
 * between batches.
 */
export function streamAnswer(
  batches: AsyncIterable<Record<string, unknown>[]>,
  meta: object,
  timeZone: string,
): Readable {
  async function* chunks() {
    yield '{"data":[';
    let written = 0;
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      yield (written === 0 ? "" : ",") +
        zoneTimes(rows, timeZone)
          .map((row) => JSON.stringify(row))
          .join(",");
      written += rows.length;
    }
    yield `],"meta":${JSON.stringify(meta)}}`;
  }
  return Readable.from(chunks(), { objectMode: false });
}
