import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventStreamReader, type LiveEvent, printLiveEvent, readLiveEvent } from "./live.js";

const ROW = {
  empID: 7,
  empFirstName: "Ada",
  empLastName: "Lovelace",
  empDepartment: 136,
  departmentName: "Engineering",
  departmentEmail: "eng@office.example",
  empOfficeExtention: "107",
  todayHours: "9:00 AM - 5:00 PM",
  empAvailabilityType: "Break",
  empAvailabilityTS: "2026-11-23T09:05:00-05:00",
};

describe("the live event stream", () => {
  it("reads back every event it prints, whatever the chunks the network cuts it into", () => {
    const events: LiveEvent[] = [
      { type: "hello", now: "2026-11-23T14:05:00.123Z" },
      { type: "availability", empID: 7, row: ROW },
      { type: "availability", empID: 8, row: null },
      { type: "resync" },
    ];
    const text = `: ping\n\n${events.map(printLiveEvent).join(": ping\n\n")}`;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 8 }), (cuts) => {
        const reader = eventStreamReader();
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), text.length];
        const read = points
          .slice(1)
          .flatMap((end, i) => reader.push(text.slice(points[i], end)))
          .map((m) => readLiveEvent(m.event, m.data));
        expect(read).toEqual(events);
      }),
    );
  });

  it("ends lines at CR, LF or CRLF, even when a chunk ends between CR and LF", () => {
    const reader = eventStreamReader();
    expect(reader.push("event: resync\r")).toEqual([]);
    expect(reader.push("\ndata: {}\r\n\r")).toEqual([{ event: "resync", data: "{}" }]);
    expect(reader.push('\nevent: hello\rdata: {"now":"x"}\r\r')).toEqual([{ event: "hello", data: '{"now":"x"}' }]);
  });

  it("joins data lines with LF, skips comments and messages without data, names a bare message 'message'", () => {
    const reader = eventStreamReader();
    expect(reader.push(": heartbeat\n\nevent: x\n\ndata: a\ndata:b\nid: 4\nretry: 10\n\n")).toEqual([
      { event: "message", data: "a\nb" },
    ]);
  });

  it("ignores events it does not know and data that is not a JSON object", () => {
    expect(readLiveEvent("shutdown", "{}")).toBeNull();
    expect(readLiveEvent("availability", "not json")).toBeNull();
    expect(readLiveEvent("availability", "3")).toBeNull();
    expect(readLiveEvent("resync", "")).toEqual({ type: "resync" });
  });

  it("lets the event's name, not its data, decide its type", () => {
    expect(readLiveEvent("resync", '{"type":"hello","now":"x"}')).toMatchObject({ type: "resync" });
  });
});
