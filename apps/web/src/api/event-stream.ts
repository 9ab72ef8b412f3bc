import { eventStreamReader, type StreamMessage } from "@office/core";
import { ApiError, ExpiredAuthSessionError, failedAnswer, type SentRequest, sessionHeaders } from "./client";

export interface EventStreamHandlers {
  /** The stream is open (again): what was missed while it was closed is the caller's to catch up. */
  onOpen(): void;
  onMessage(message: StreamMessage): void;
  /** A refusal that retrying cannot mend (401, an expired token): the stream stops. */
  onFailure(error: unknown): void;
}

/** What the stream reads the network and the browser's connectivity through (tests give their own). */
export interface EventStreamEnvironment {
  fetch: typeof fetch;
  /** Fires "online" and "offline", "pagehide" and "pageshow" (the window). */
  connectivity: EventTarget;
  /**
   * How long a stream may stay silent before it is taken for dead and opened again: the
   * server pings every 25 s, and a connection that died unseen (a laptop asleep, a proxy
   * dropping it) would otherwise hang for good.
   */
  silenceMs: number;
}

export const STREAM_SILENCE_MS = 60_000;

/** Waits before reconnecting: 1 s, doubling up to 30 s, with jitter so that tabs do not return in step. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.5 + random() / 2));
}

/**
 * A server-sent event stream read with fetch (so the session token travels in the
 * Authorization header, never in the address), opened again whenever it ends or fails: after
 * a pause that grows while it keeps failing, or at once when the browser comes back online.
 * Going offline drops the stream at once rather than leaving it to a dead connection, and so
 * does a minute without even a ping. A page the browser hides (its back/forward cache keeps
 * it) gives its connection back and opens it again when shown: a browser allows six
 * connections to a server, and kept pages holding streams would starve the tab. A 403
 * (no access) stops it quietly; a 401 or an expired session stops it and is reported.
 * Returns the function that closes it for good.
 */
export function openEventStream(
  path: string,
  handlers: EventStreamHandlers,
  env: EventStreamEnvironment = {
    fetch: (...args) => fetch(...args),
    connectivity: window,
    silenceMs: STREAM_SILENCE_MS,
  },
): () => void {
  const request: SentRequest = { method: "GET", path, params: {} };
  let stopped = false;
  let offline = false;
  let hidden = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let abort: AbortController | undefined;

  const retryLater = () => {
    if (stopped || offline || hidden) return;
    timer = setTimeout(connect, reconnectDelay(attempt++));
  };
  const drop = () => {
    clearTimeout(timer);
    abort?.abort();
  };
  const reopen = () => {
    if (stopped || offline || hidden || abort) return;
    clearTimeout(timer);
    void connect();
  };
  const goneOffline = () => {
    offline = true;
    drop();
  };
  const backOnline = () => {
    offline = false;
    reopen();
  };
  const pageHidden = () => {
    hidden = true;
    drop();
  };
  const pageShown = () => {
    hidden = false;
    reopen();
  };
  const LISTENERS: Array<[string, () => void]> = [
    ["online", backOnline],
    ["offline", goneOffline],
    ["pagehide", pageHidden],
    ["pageshow", pageShown],
  ];
  const stop = (error?: unknown) => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
    for (const [type, listener] of LISTENERS) env.connectivity.removeEventListener(type, listener);
    if (error) handlers.onFailure(error);
  };

  async function connect() {
    if (stopped) return;
    const controller = new AbortController();
    abort = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), env.silenceMs);
    };
    try {
      const response = await env.fetch(path, {
        headers: sessionHeaders(),
        signal: controller.signal,
        cache: "no-store",
      });
      if (!response.ok || !response.body) {
        const error = await failedAnswer(response, request);
        if (error.statusCode === 401) return stop(error);
        if (error.statusCode === 403) return stop();
        return;
      }
      heard();
      handlers.onOpen();
      const reader = eventStreamReader();
      const decoder = new TextDecoder();
      const body = response.body.getReader();
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        heard();
        // A stream that delivered something is healthy: the next failure starts the waits over.
        attempt = 0;
        for (const message of reader.push(decoder.decode(value, { stream: true }))) handlers.onMessage(message);
      }
    } catch (error) {
      if (error instanceof ExpiredAuthSessionError) return stop(error);
      if (error instanceof ApiError && error.statusCode === 401) return stop(error);
    } finally {
      clearTimeout(silence);
      if (abort === controller) abort = undefined;
      retryLater();
    }
  }

  for (const [type, listener] of LISTENERS) env.connectivity.addEventListener(type, listener);
  void connect();
  return () => stop();
}
