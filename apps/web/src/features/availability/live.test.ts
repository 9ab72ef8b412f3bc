import { type AvailabilitySource, OPERATIONS, type StreamMessage } from "@office/core";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventStreamHandlers } from "../../api/event-stream";
import { pendingApprovalCountQuery } from "../../services/session";
import { AVAILABILITY_KEY, availabilityQuery } from "./availability-query";
import { openLiveAvailabilityEarly, startLiveAvailability, takeLiveAvailability } from "./live";

const person = (empID: number, type: string): AvailabilitySource => ({
  empID,
  empFirstName: "Ada",
  empLastName: `Person ${empID}`,
  empDepartment: 136,
  departmentName: "Administration",
  departmentEmail: "admin@office.example",
  empOfficeExtention: "101",
  todayHours: null,
  empAvailabilityType: type,
  empAvailabilityTS: "2026-11-23T09:00:00-05:00",
});

/** The list reads answered by the test, in order; each read waits until the test answers it. */
let reads: Array<{ answer: (rows: AvailabilitySource[]) => void }>;

beforeEach(() => {
  reads = [];
  vi.useFakeTimers();
  vi.stubGlobal("localStorage", { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal(
    "fetch",
    vi.fn((url: RequestInfo | URL) =>
      // Who is out of office, read beside the list: nobody, at once.
      String(url).includes(OPERATIONS.colleaguesOutOfOffice.path)
        ? Promise.resolve(new Response(JSON.stringify({ data: [] })))
        : new Promise<Response>((resolve) => {
            reads.push({
              answer: (rows) =>
                resolve(new Response(JSON.stringify({ data: rows, meta: { TotalRecords: rows.length } }))),
            });
          }),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The shell as far as the list goes: the live stream (opened by the test) and one observer of the list. */
function shell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let handlers!: EventStreamHandlers;
  const stop = startLiveAvailability(
    client,
    () => {},
    (_path, h) => {
      handlers = h;
      return () => {};
    },
  );
  const unobserve = new QueryObserver(client, availabilityQuery).subscribe(() => {});
  const send = (event: string, data: unknown) =>
    handlers.onMessage({ event, data: JSON.stringify(data) } satisfies StreamMessage);
  return {
    client,
    open: () => handlers.onOpen(),
    send,
    list: () => client.getQueryData<AvailabilitySource[]>(AVAILABILITY_KEY),
    stop: () => {
      unobserve();
      stop();
    },
  };
}

describe("the live colleague list of a tab", () => {
  it("reads the list once the stream is open, then patches it with each change, reading nothing more", async () => {
    const s = shell();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(0);
    s.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(1);
    reads[0]?.answer([person(1, "In"), person(2, "Out")]);
    await vi.advanceTimersByTimeAsync(0);
    s.send("availability", { empID: 2, row: person(2, "Break") });
    s.send("availability", { empID: 1, row: null });
    s.send("availability", { empID: 3, row: person(3, "In") });
    expect(s.list()?.map((p) => [p.empID, p.empAvailabilityType])).toEqual([
      [2, "Break"],
      [3, "In"],
    ]);
    expect(reads).toHaveLength(1);
    s.stop();
  });

  it("reads the inbox count again, within half a second, when a card request was made or decided", async () => {
    const s = shell();
    s.open();
    await vi.advanceTimersByTimeAsync(0);
    reads[0]?.answer([person(1, "In")]);
    const count = new QueryObserver(s.client, pendingApprovalCountQuery).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(2);
    reads[1]?.answer([{ TotalCount: 3 } as never]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.client.getQueryData(pendingApprovalCountQuery.queryKey)).toBe(3);
    s.send("approvals", {});
    await vi.advanceTimersByTimeAsync(500);
    expect(reads).toHaveLength(3);
    reads[2]?.answer([{ TotalCount: 2 } as never]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.client.getQueryData(pendingApprovalCountQuery.queryKey)).toBe(2);
    count();
    s.stop();
  });

  it("reads the list again when the stream opens only after the list was read (1.5 s later)", async () => {
    const s = shell();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(reads).toHaveLength(1);
    reads[0]?.answer([person(1, "In")]);
    await vi.advanceTimersByTimeAsync(0);
    s.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(2);
    reads[1]?.answer([person(1, "Out")]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.list()?.[0]?.empAvailabilityType).toBe("Out");
    s.stop();
  });

  it("reads the list again after a reconnect, and after a resync", async () => {
    const s = shell();
    s.open();
    await vi.advanceTimersByTimeAsync(0);
    reads[0]?.answer([person(1, "In")]);
    await vi.advanceTimersByTimeAsync(0);
    s.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(2);
    reads[1]?.answer([person(1, "Break")]);
    await vi.advanceTimersByTimeAsync(0);
    s.send("resync", {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toHaveLength(3);
    s.stop();
  });

  it("lets a read under way finish when changes arrive during it, then reads once more, never cancelling", async () => {
    const s = shell();
    s.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(1);
    for (let i = 0; i < 5; i++) s.send("availability", { empID: 1, row: person(1, "Break") });
    await vi.advanceTimersByTimeAsync(0);
    // Not cancelled and started over: still the one read.
    expect(reads).toHaveLength(1);
    reads[0]?.answer([person(1, "In")]);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(2);
    reads[1]?.answer([person(1, "Break")]);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.list()?.[0]?.empAvailabilityType).toBe("Break");
    expect(reads).toHaveLength(2);
    s.stop();
  });

  describe("opened by the route's guard ahead of the shell", () => {
    /** A stream opener that counts the streams opened and closed, and opens them on demand. */
    function streams() {
      const opened: EventStreamHandlers[] = [];
      let closed = 0;
      const open = (_path: string, h: EventStreamHandlers) => {
        opened.push(h);
        return () => {
          closed++;
        };
      };
      return { open, opened, closed: () => closed };
    }

    it("is the stream the shell takes over: one stream, and the list read when it opens", async () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const s = streams();
      openLiveAvailabilityEarly(client, () => {}, s.open);
      // Home's prefetch of the list, before the shell renders, waits for the stream.
      void client.prefetchQuery(availabilityQuery);
      // The guard of the next navigation opens none while one is open.
      openLiveAvailabilityEarly(client, () => {}, s.open);
      expect(s.opened).toHaveLength(1);
      s.opened[0]?.onOpen();
      await vi.advanceTimersByTimeAsync(0);
      expect(reads).toHaveLength(1);

      const stop = takeLiveAvailability(client, () => {}, s.open);
      expect(s.opened).toHaveLength(1);
      // Past the wait for a shell: the taken stream stays open.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(s.closed()).toBe(0);
      stop();
      expect(s.closed()).toBe(1);
      // Once it is closed, the next guard opens another.
      openLiveAvailabilityEarly(client, () => {}, s.open);
      expect(s.opened).toHaveLength(2);
      takeLiveAvailability(client, () => {}, s.open)();
    });

    it("closes when no shell takes it within 10 s, and the shell then opens its own", async () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const s = streams();
      openLiveAvailabilityEarly(client, () => {}, s.open);
      await vi.advanceTimersByTimeAsync(9_999);
      expect(s.closed()).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(s.closed()).toBe(1);
      const stop = takeLiveAvailability(client, () => {}, s.open);
      expect(s.opened).toHaveLength(2);
      stop();
    });
  });
});
