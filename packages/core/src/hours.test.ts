import { describe, expect, it } from "vitest";
import { hoursRanges } from "./company-time.js";
import { hoursTable, type LoggedNote, loggedRangeWhere } from "./hours.js";
import { parseWhere } from "./where/index.js";

const note = (projectNotesID: number, createdTS: string, ProjectNotesMinutes = 15): LoggedNote => ({
  projectNotesID,
  projectID: 100 + projectNotesID,
  empID: 2,
  projectNoteCategory: 105,
  projectName: `Project ${projectNotesID}`,
  ProjectNotesDesc: projectNotesID % 2 ? "Site visit" : null,
  ProjectNotesMinutes,
  createdTS,
});

describe("the hours tables", () => {
  it("asks for a range from its first day's midnight up to, not including, its end", () => {
    const text = loggedRangeWhere({ start: "2026-11-22", end: "2026-11-24" });
    expect(text).toBe("createdTS >= '2026-11-22' AND createdTS < '2026-11-24'");
    expect(parseWhere(text, { isColumn: (name) => name === "createdTS" })).toMatchObject({ type: "and" });
  });

  it("splits one week's notes into today's and the week's by each note's own (company) date", () => {
    // Monday 23 November 2026 at 8:30 in New York; the week started on Sunday the 22nd.
    const { today, week } = hoursRanges(new Date("2026-11-23T13:30:00Z"), "America/New_York");
    const notes = [
      note(5, "2026-11-23T08:10:00-05:00", 45),
      note(1, "2026-11-22T23:59:59-05:00", 60),
      note(4, "2026-11-23T00:00:00-05:00", 90),
      note(9, "2026-11-21T23:59:59-05:00", 480),
      note(7, "2026-11-24T00:00:00-05:00", 30),
    ];
    const todays = hoursTable(notes, today);
    expect(todays.rows.map((r) => [r.index, r.projectNotesID])).toEqual([
      [1, 4],
      [2, 5],
    ]);
    expect(todays.total).toBe("02:15");
    const weeks = hoursTable(notes, week);
    expect(weeks.rows.map((r) => r.projectNotesID)).toEqual([1, 4, 5]);
    expect(weeks.minutes).toBe(195);
    expect(weeks.rows[0]).toEqual({
      index: 1,
      projectNotesID: 1,
      projectName: "Project 1",
      ProjectNotesDesc: "Site visit",
      HHmm: "01:00",
      createdTS: "2026-11-22T23:59:59-05:00",
      note: notes[1],
    });
    expect(weeks.rows[1]?.ProjectNotesDesc).toBe("");
  });

  it("totals past 24 hours in HH:mm and shows an empty range as 00:00", () => {
    const range = { start: "2026-11-22", end: "2026-11-29" };
    const long = hoursTable(
      [note(1, "2026-11-23T09:00:00-05:00", 750), note(2, "2026-11-24T09:00:00-05:00", 750)],
      range,
    );
    expect(long.total).toBe("25:00");
    expect(hoursTable([], range)).toEqual({ rows: [], minutes: 0, total: "00:00" });
  });
});
