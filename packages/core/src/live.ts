import type { AvailabilitySource } from "./availability.js";

/**
 * Live updates of colleagues' availability (ours: docs/decisions.md, "Availability and time
 * notes"): a server-sent event stream at `LIVE_PATH`, one per browser tab. The server sends `hello` when the stream opens (its clock,
 * for durations), `availability` with a colleague's row as the availability view now has it
 * (null: no longer listed), and `resync` when a change cannot be told row by row (the
 * departments changed, or the server may have missed changes): the tab reloads the list.
 */
export const LIVE_PATH = "/API/Live/";

/** How often the server writes a comment line so that proxies keep an idle stream open. */
export const LIVE_HEARTBEAT_MS = 25_000;

export type LiveEvent =
  | { type: "hello"; now: string }
  | { type: "availability"; empID: number; row: AvailabilitySource | null }
  | { type: "resync" }
  /** What waits in inboxes changed (a card request made or decided): the tab reads its count again. */
  | { type: "approvals" }
  /** Parcels changed (added, corrected, or tracked): the tab reads its shipments again. */
  | { type: "shipments" }
  /** A tracking run started or ended: the tab reads the runs again (the truck's "Process Completed"). */
  | { type: "trackingRuns" }
  /** The stream's own person has a new notification: the tab reads its list again. */
  | { type: "notifications" };

/** One event as the stream carries it: `event:` names the type, `data:` the JSON of the rest. */
export function printLiveEvent(event: LiveEvent): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

const TYPES = new Set<LiveEvent["type"]>([
  "hello",
  "availability",
  "resync",
  "approvals",
  "shipments",
  "trackingRuns",
  "notifications",
]);

/** An event's type and data as a stream carried them, or null for one this client does not know. */
export function readLiveEvent(type: string, data: string): LiveEvent | null {
  if (!TYPES.has(type as LiveEvent["type"])) return null;
  try {
    const body: unknown = JSON.parse(data || "{}");
    return typeof body === "object" && body !== null ? ({ ...body, type } as LiveEvent) : null;
  } catch {
    return null;
  }
}

export interface StreamMessage {
  event: string;
  data: string;
}

/**
 * The text/event-stream format (WHATWG HTML, server-sent events) read chunk by chunk: lines
 * end with LF, CR or CRLF (a chunk may end between CR and LF); a blank line ends a message;
 * lines starting with ':' are comments (heartbeats); several data lines join with LF.
 */
export function eventStreamReader() {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let skipLf = false;
  return {
    push(chunk: string): StreamMessage[] {
      const out: StreamMessage[] = [];
      let text = buffer + chunk;
      if (skipLf && text.startsWith("\n")) text = text.slice(1);
      skipLf = false;
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c !== "\n" && c !== "\r") continue;
        const line = text.slice(start, i);
        if (c === "\r") {
          if (i + 1 === text.length) skipLf = true;
          else if (text[i + 1] === "\n") i++;
        }
        start = i + 1;
        if (line === "") {
          if (data.length) out.push({ event: event || "message", data: data.join("\n") });
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      buffer = text.slice(start);
      return out;
    },
  };
}
