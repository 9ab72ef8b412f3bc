import { describe, expect, it } from "vitest";
import type { LoggedNote } from "./hours.js";
import { myWeek, officeHoursMinutes } from "./my-week.js";

const note = (createdTS: string, ProjectNotesMinutes: number): LoggedNote => ({
  projectNotesID: 1,
  projectID: 1,
  empID: 2,
  projectNoteCategory: 105,
  projectName: "P",
  ProjectNotesDesc: null,
  ProjectNotesMinutes,
  createdTS,
});

describe("office hours as minutes", () => {
  it.each([
    ["9:00 AM - 5:00 PM", 480],
    ["8:30 am – 4:45 pm", 495],
    ["12:00 PM - 1:00 PM", 60],
    ["12:00 AM - 6:00 AM", 360],
    ["8:30-17", 510],
    ["9 to 5pm", 480],
    ["10pm - 6am", 480],
  ])("reads %s as %i minutes", (text, minutes) => {
    expect(officeHoursMinutes(text)).toBe(minutes);
  });

  it.each([null, "", "Off", "9:00 AM", "9:00 AM - 9:00 AM", "13:00 PM - 5 PM", "9:75 - 10", "9 - 5 - 6", "25 - 3"])(
    "expects nothing of %s",
    (text) => {
      expect(officeHoursMinutes(text)).toBeNull();
    },
  );
});

describe("my week", () => {
  const hours = {
    empOfficeHoursMo: "9:00 AM - 5:00 PM",
    empOfficeHoursTu: "9:00 AM - 5:00 PM",
    empOfficeHoursWe: "9:00 AM - 1:00 PM",
    empOfficeHoursTh: "9:00 AM - 5:00 PM",
    empOfficeHoursFr: "9:00 AM - 5:00 PM",
    empOfficeHoursSa: null,
  };

  it("adds each day's notes by their own (company) date and weighs the week against its office hours", () => {
    // Thursday 26 November 2026; the week runs from Sunday the 22nd.
    const week = myWeek(
      [
        note("2026-11-22T23:59:59-05:00", 30),
        note("2026-11-23T00:00:00-05:00", 120),
        note("2026-11-23T16:00:00-05:00", 60),
        note("2026-11-26T09:00:00-05:00", 45),
      ],
      "2026-11-26",
      hours,
    );
    expect(week.days.map((d) => [d.date, d.weekday, d.logged, d.expected])).toEqual([
      ["2026-11-22", "Su", 30, null],
      ["2026-11-23", "Mo", 180, 480],
      ["2026-11-24", "Tu", 0, 480],
      ["2026-11-25", "We", 0, 240],
      ["2026-11-26", "Th", 45, 480],
      ["2026-11-27", "Fr", 0, 480],
      ["2026-11-28", "Sa", 0, null],
    ]);
    expect(week.today).toMatchObject({ date: "2026-11-26", logged: 45, expected: 480 });
    expect(week.logged).toBe(255);
    expect(week.expected).toBe(2160);
  });

  it("lists working days up to today with nothing logged, not days off or days still to come", () => {
    const week = myWeek([note("2026-11-24T10:00:00-05:00", 15)], "2026-11-26", hours);
    expect(week.missing.map((d) => d.date)).toEqual(["2026-11-23", "2026-11-25", "2026-11-26"]);
  });

  it("starts a Sunday's week on that Sunday", () => {
    const week = myWeek([], "2026-11-29", hours);
    expect(week.days[0]?.date).toBe("2026-11-29");
    expect(week.today.weekday).toBe("Su");
    expect(week.missing).toEqual([]);
  });
});
