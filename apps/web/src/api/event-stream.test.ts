import type { StreamMessage } from "@office/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExpiredAuthSessionError } from "./client";
import { type EventStreamEnvironment, openEventStream, reconnectDelay } from "./event-stream";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const token = (exp: number) => `${base64url({ alg: "HS256" })}.${base64url({ exp })}.signature`;
let stored: string | null = null;

/** Bodies of the test's streams by response: aborting the request errors the body, as fetch does. */
const bodies = new WeakMap<Response, ReadableStreamDefaultController<Uint8Array>>();

/** A response whose body the test writes to and ends, as a server's event stream. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  const response = new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  bodies.set(response, controller);
  return {
    response,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const refusal = (status: number) =>
  new Response(JSON.stringify({ statusCode: status, error: "x", message: "refused", path: "/API/Live/" }), {
    status,
    headers: { "content-type": "application/json" },
  });

function harness(...answers: Array<() => Response | Promise<Response>>) {
  const calls: Array<{ headers: HeadersInit | undefined; signal: AbortSignal | null | undefined }> = [];
  const connectivity = new EventTarget();
  const env: EventStreamEnvironment = {
    connectivity,
    silenceMs: 60_000,
    fetch: vi.fn(async (_path, init) => {
      calls.push({ headers: init?.headers, signal: init?.signal });
      const next = answers.shift();
      if (!next) return new Promise<Response>(() => {});
      const response = await next();
      init?.signal?.addEventListener("abort", () =>
        bodies.get(response)?.error(new DOMException("aborted", "AbortError")),
      );
      return response;
    }) as unknown as typeof fetch,
  };
  const opened: number[] = [];
  const messages: StreamMessage[] = [];
  const failures: unknown[] = [];
  const stop = openEventStream(
    "/API/Live/",
    {
      onOpen: () => opened.push(calls.length),
      onMessage: (m) => messages.push(m),
      onFailure: (e) => failures.push(e),
    },
    env,
  );
  return { calls, connectivity, opened, messages, failures, stop };
}

beforeEach(() => {
  stored = token(Math.floor(Date.now() / 1000) + 3600);
  vi.stubGlobal("localStorage", { getItem: () => stored, setItem: () => {}, removeItem: () => {} });
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the live event stream of the web app", () => {
  it("sends the session token in the header and hands on each message", async () => {
    const first = streamResponse();
    const h = harness(() => first.response);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls[0]?.headers).toEqual({ authorization: `Bearer ${stored}` });
    expect(h.opened).toEqual([1]);
    first.send('event: hello\ndata: {"now":"x"}\n\n: ping\n\nevent: resync\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.messages).toEqual([
      { event: "hello", data: '{"now":"x"}' },
      { event: "resync", data: "{}" },
    ]);
    h.stop();
  });

  it("opens again after the server ends the stream, and says so, so the caller can catch up", async () => {
    const first = streamResponse();
    const second = streamResponse();
    const h = harness(
      () => first.response,
      () => second.response,
    );
    await vi.advanceTimersByTimeAsync(0);
    first.send("event: resync\ndata: {}\n\n");
    first.end();
    await vi.advanceTimersByTimeAsync(999);
    expect(h.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toHaveLength(2);
    expect(h.opened).toEqual([1, 2]);
    h.stop();
  });

  it("waits longer after each failed attempt: 1 s, 2 s, 4 s … 30 s, with jitter of up to half", async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    const h = harness(
      () => refusal(503),
      () => Promise.reject(new TypeError("network")),
      () => refusal(429),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(h.calls).toHaveLength(4);
    expect(h.opened).toEqual([]);
    h.stop();
  });

  it("starts the waits over once a stream has delivered: after it ends, the next attempt is 1 s away", async () => {
    const delivering = streamResponse();
    const h = harness(
      () => refusal(503),
      () => refusal(503),
      () => delivering.response,
      () => refusal(503),
    );
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000);
    expect(h.calls).toHaveLength(3);
    delivering.send(": ping\n\n");
    delivering.end();
    await vi.advanceTimersByTimeAsync(999);
    expect(h.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toHaveLength(4);
    h.stop();
  });

  it("takes a stream silent for a minute (not even a ping) for dead, and opens another", async () => {
    const silent = streamResponse();
    const next = streamResponse();
    const h = harness(
      () => silent.response,
      () => next.response,
    );
    await vi.advanceTimersByTimeAsync(0);
    silent.send(": ping\n\n");
    await vi.advanceTimersByTimeAsync(59_999);
    expect(h.calls[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls[0]?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.calls).toHaveLength(2);
    expect(h.opened).toEqual([1, 2]);
    h.stop();
  });

  it.each([
    { when: "the browser goes offline, and at once when it is back", away: "offline", back: "online" },
    { when: "the page is hidden (back/forward cache), and when it is shown", away: "pagehide", back: "pageshow" },
  ])("gives its connection back while $when opens it again", async ({ away, back }) => {
    const first = streamResponse();
    const second = streamResponse();
    const h = harness(
      () => first.response,
      () => second.response,
    );
    await vi.advanceTimersByTimeAsync(0);
    h.connectivity.dispatchEvent(new Event(away));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.calls[0]?.signal?.aborted).toBe(true);
    expect(h.calls).toHaveLength(1);
    h.connectivity.dispatchEvent(new Event(back));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls).toHaveLength(2);
    expect(h.opened).toEqual([1, 2]);
    h.stop();
  });

  it("stops quietly on 403, and on 401 stops and reports it (the shell counts down to login)", async () => {
    const denied = harness(() => refusal(403));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(denied.calls).toHaveLength(1);
    expect(denied.failures).toEqual([]);

    const expired = harness(() => refusal(401));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(expired.calls).toHaveLength(1);
    expect(expired.failures).toHaveLength(1);
    expect(expired.failures[0]).toMatchObject({ statusCode: 401 });
  });

  it("sends nothing with a token past its expiry, and reports the expired session", async () => {
    stored = token(Math.floor(Date.now() / 1000) - 1);
    const h = harness();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls).toEqual([]);
    expect(h.failures[0]).toBeInstanceOf(ExpiredAuthSessionError);
  });

  it("closes for good when stopped: the stream is aborted and nothing opens again", async () => {
    const first = streamResponse();
    const h = harness(() => first.response);
    await vi.advanceTimersByTimeAsync(0);
    h.stop();
    h.connectivity.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]?.signal?.aborted).toBe(true);
  });
});
