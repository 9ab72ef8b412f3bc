import { eventStreamReader, LIVE_PATH, type LiveEvent, readLiveEvent } from "@office/core";
import type { FastifyInstance } from "fastify";

/** Listens on a free port of the loopback (event streams need a real socket, not inject). */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

export interface OpenStream {
  status: number;
  /** The next event that matches, or a rejection after `timeoutMs`. */
  next<T extends LiveEvent["type"]>(
    type: T,
    match?: (event: Extract<LiveEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveEvent, { type: T }>>;
  /** Every event read so far. */
  events: LiveEvent[];
  /** The text read so far, comments (pings) included. */
  text(): string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /API/Live/ as the web app does (fetch with the Bearer token) and reads its events. */
export async function openStream(base: string, token: string): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${LIVE_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  let raw = "";
  const waiters = new Set<() => void>();
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  if (response.ok && response.body) {
    const reader = eventStreamReader();
    const decoder = new TextDecoder();
    (async () => {
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const text = decoder.decode(chunk, { stream: true });
          raw += text;
          for (const message of reader.push(text)) {
            const event = readLiveEvent(message.event, message.data);
            if (event) events.push(event);
          }
          for (const wake of waiters) wake();
        }
      } catch {}
      endedResolve();
    })();
  } else endedResolve();
  let seen = 0;
  return {
    status: response.status,
    events,
    text: () => raw,
    ended,
    next(type, match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          while (seen < events.length) {
            const event = events[seen++] as LiveEvent;
            if (event.type === type && match(event as never)) {
              waiters.delete(look);
              clearTimeout(timer);
              resolve(event as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no ${type} event within ${timeoutMs} ms; read: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(look);
        look();
      });
    },
    close: () => abort.abort(),
  };
}
