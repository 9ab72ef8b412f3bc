import type { CalendarOccurrence } from "@office/core";
import { describe, expect, it } from "vitest";
import { hoursShown } from "./hours-shown";

const at = (start: string, end: string, allDay = false) => ({ start, end, allDay }) as CalendarOccurrence;

describe("the hours a week or a day shows", () => {
  it("is the working day where nothing happens outside it", () => {
    expect(hoursShown([])).toEqual({ slotMinTime: "07:00:00", slotMaxTime: "19:00:00" });
    expect(hoursShown([at("2026-03-02T09:00:00-05:00", "2026-03-02T10:00:00-05:00")])).toEqual({
      slotMinTime: "07:00:00",
      slotMaxTime: "19:00:00",
    });
  });

  it("widens to an early start and a late end, to the hour that holds it", () => {
    expect(
      hoursShown([
        at("2026-03-02T05:30:00-05:00", "2026-03-02T06:00:00-05:00"),
        at("2026-03-03T19:00:00-05:00", "2026-03-03T20:15:00-05:00"),
      ]),
    ).toEqual({ slotMinTime: "05:00:00", slotMaxTime: "21:00:00" });
  });

  it("is the whole day for an occurrence across midnight; all-day ones have their own row", () => {
    expect(hoursShown([at("2026-03-02T23:00:00-05:00", "2026-03-03T01:00:00-05:00")])).toEqual({
      slotMinTime: "00:00:00",
      slotMaxTime: "24:00:00",
    });
    expect(hoursShown([at("2026-03-02", "2026-03-04", true)])).toEqual({
      slotMinTime: "07:00:00",
      slotMaxTime: "19:00:00",
    });
  });
});
