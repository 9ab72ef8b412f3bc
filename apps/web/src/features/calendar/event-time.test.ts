import { describe, expect, it } from "vitest";
import { eventTime } from "./event-time";

const at = (hour: number, minute = 0) => ({ hour, minute });

describe("an event's time beside its title", () => {
  it("writes a start alone with its half of the day, minutes only when there are some", () => {
    expect(eventTime({ start: at(9) })).toBe("9am");
    expect(eventTime({ start: at(0, 5) })).toBe("12:05am");
    expect(eventTime({ start: at(12) })).toBe("12pm");
    expect(eventTime({ start: at(23, 30), end: null })).toBe("11:30pm");
  });

  it("writes a range's half of the day once when both ends share it", () => {
    expect(eventTime({ start: at(9), end: at(9, 30) })).toBe("9 – 9:30am");
    expect(eventTime({ start: at(13, 15), end: at(14) })).toBe("1:15 – 2pm");
  });

  it("writes both halves when the range crosses noon or midnight", () => {
    expect(eventTime({ start: at(11, 30), end: at(13) })).toBe("11:30am – 1pm");
    expect(eventTime({ start: at(22), end: at(0) })).toBe("10pm – 12am");
  });
});
