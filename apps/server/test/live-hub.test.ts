import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database, Notifications } from "../src/db/database.js";
import { createLiveHub, type LiveSink, MAX_ROWS_PER_FLUSH } from "../src/live/hub.js";

/** A database that only listens (the hub reads nothing when no employee changed). */
function listeningOnly() {
  const listeners: Notifications[] = [];
  const database = {
    listen: async (_channel: string, listener: Notifications) => {
      listeners.push(listener);
      return () => {};
    },
  } as unknown as Database;
  return { database, listeners };
}

const log = { warn: () => {}, info: () => {} } as never;

function sink() {
  const written: string[] = [];
  const value: LiveSink = { empID: 1, write: (text) => written.push(text), tick: () => {}, end: () => {} };
  return { value, written };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the live hub", () => {
  it("tells every stream to read the list again at the company's midnight (today's office hours change)", async () => {
    vi.setSystemTime(new Date("2026-11-24T04:59:40Z")); // 23:59:40 in New York
    const { database } = listeningOnly();
    const hub = createLiveHub(database, () => "America/New_York", log, 25_000);
    const s = sink();
    await hub.subscribe(s.value);
    await vi.advanceTimersByTimeAsync(25_000); // 00:00:05, the next day
    expect(s.written).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(s.written).toEqual(["event: resync\ndata: {}\n\n"]);
    await vi.advanceTimersByTimeAsync(25_000 * 4);
    expect(s.written).toHaveLength(1);
    await hub.close();
  });

  it("asks for a resync when the listening connection had a gap, and takes no stream once it drains", async () => {
    const { database, listeners } = listeningOnly();
    const hub = createLiveHub(database, () => "America/New_York", log, 25_000);
    const s = sink();
    await hub.subscribe(s.value);
    listeners[0]?.onGap();
    await vi.advanceTimersByTimeAsync(20);
    expect(s.written).toEqual(["event: resync\ndata: {}\n\n"]);
    hub.endAll();
    await expect(hub.subscribe(sink().value)).rejects.toThrow();
    expect(hub.size).toBe(0);
    await hub.close();
  });

  it("tells every stream once per burst that what waits in inboxes changed (card requests)", async () => {
    const { database, listeners } = listeningOnly();
    const hub = createLiveHub(database, () => "America/New_York", log, 25_000);
    const [a, b] = [sink(), sink()];
    await hub.subscribe(a.value);
    await hub.subscribe(b.value);
    for (let i = 0; i < 5; i++) listeners[0]?.onPayload('{"approvals":true}');
    await vi.advanceTimersByTimeAsync(20);
    expect(a.written).toEqual(["event: approvals\ndata: {}\n\n"]);
    expect(b.written).toEqual(a.written);
    listeners[0]?.onPayload('{"approvals":"yes"}');
    await vi.advanceTimersByTimeAsync(20);
    expect(a.written).toHaveLength(1);
    await hub.close();
  });

  it("ignores notifications it does not know", async () => {
    const { database, listeners } = listeningOnly();
    const hub = createLiveHub(database, () => "America/New_York", log, 25_000);
    const s = sink();
    await hub.subscribe(s.value);
    for (const payload of ["", "not json", "[]", '{"empID":"1"}', '{"empID":1.5}', '{"departments":"yes"}'])
      listeners[0]?.onPayload(payload);
    await vi.advanceTimersByTimeAsync(100);
    expect(s.written).toEqual([]);
    await hub.close();
  });

  it("keeps a bulk update one burst, and one resync, when its notifications arrive spread out", async () => {
    const { database, listeners } = listeningOnly();
    const hub = createLiveHub(database, () => "America/New_York", log, 25_000);
    const s = sink();
    await hub.subscribe(s.value);
    // A busy machine: one notification every 1 ms, 201 in all (a fixed window from the first
    // cut such a burst into parts under the limit, each read row by row).
    for (let empID = 1; empID <= MAX_ROWS_PER_FLUSH + 1; empID++) {
      listeners[0]?.onPayload(JSON.stringify({ empID }));
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(20);
    expect(s.written).toEqual(["event: resync\ndata: {}\n\n"]);
    await hub.close();
  });
});
