import {
  formatMinutes,
  hoursRanges,
  hoursTable,
  LOGGED_NOTE_FIELDS,
  type LoggedNote,
  loggedRangeWhere,
} from "@office/core";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";

const STAFF = 2;
const ADMIN = 1;
const ZONE = "America/New_York";

/**
 * The hours tables of the header (spec 2.7, 7) through the API: the ranges core computes for a
 * moment, sent as the web app sends them, against notes logged at the edges of those ranges.
 * The server's sessions run in the company's zone, so a range's dates are the company's days.
 */
const CASES = [
  {
    name: "on a Sunday, the week is that day alone",
    now: "2026-11-22T15:00:00Z", // Sunday 10:00 in New York
    notes: {
      "2026-11-22T04:59:59Z": [], // Saturday 23:59:59: last week
      "2026-11-22T05:00:00Z": ["today", "week"], // Sunday 00:00
      "2026-11-23T04:59:59Z": ["today", "week"], // Sunday 23:59:59
      "2026-11-23T05:00:00Z": [], // Monday 00:00: tomorrow
    },
  },
  {
    name: "on a Saturday, the week runs from the Sunday before to the end of that day",
    now: "2026-11-28T23:00:00Z", // Saturday 18:00
    notes: {
      "2026-11-22T04:59:59Z": [],
      "2026-11-22T05:00:00Z": ["week"],
      "2026-11-28T04:59:59Z": ["week"], // Friday 23:59:59
      "2026-11-28T05:00:00Z": ["today", "week"],
      "2026-11-29T04:59:59Z": ["today", "week"], // Saturday 23:59:59
      "2026-11-29T05:00:00Z": [], // Sunday: next week
    },
  },
  {
    name: "in the week summer time ends (Sunday 1 November 2026, 2:00 EDT becomes 1:00 EST)",
    now: "2026-11-04T17:00:00Z", // Wednesday 12:00 EST
    notes: {
      "2026-11-01T03:59:59Z": [], // Saturday 31 October 23:59:59 EDT
      "2026-11-01T04:00:00Z": ["week"], // Sunday 00:00 EDT
      "2026-11-01T05:30:00Z": ["week"], // 1:30 EDT, the first of the two
      "2026-11-01T06:30:00Z": ["week"], // 1:30 EST, the second
      "2026-11-04T04:59:59Z": ["week"], // Tuesday 23:59:59 EST
      "2026-11-04T05:00:00Z": ["today", "week"], // Wednesday 00:00 EST
      "2026-11-05T05:00:00Z": [], // Thursday: tomorrow
    },
  },
  {
    name: "in the week summer time starts (Sunday 8 March 2026, 2:00 EST becomes 3:00 EDT)",
    now: "2026-03-14T16:00:00Z", // Saturday 12:00 EDT
    notes: {
      "2026-03-08T04:59:59Z": [], // Saturday 7 March 23:59:59 EST
      "2026-03-08T05:00:00Z": ["week"], // Sunday 00:00 EST
      "2026-03-08T07:00:00Z": ["week"], // 3:00 EDT, just after the change
      "2026-03-14T03:59:59Z": ["week"], // Friday 23:59:59 EDT
      "2026-03-14T04:00:00Z": ["today", "week"], // Saturday 00:00 EDT
      "2026-03-15T03:59:59Z": ["today", "week"], // Saturday 23:59:59 EDT
      "2026-03-15T04:00:00Z": [], // Sunday: next week
    },
  },
] as const;

describe.each(ENGINES)("today's and this week's hours on $name", (engine) => {
  const t = useTestApp(engine);
  const { staff } = t;

  for (const { name, now, notes } of CASES) {
    it(name, async () => {
      await t.db.deleteFrom("tblProjectNotes").where("empID", "in", [STAFF, ADMIN]).execute();
      const idOf = new Map<number, string>();
      for (const at of Object.keys(notes)) {
        for (const empID of [STAFF, ADMIN]) {
          const { projectNotesID } = await t.db
            .insertInto("tblProjectNotes")
            .values({ projectID: 1, empID, projectNoteCategory: 105, ProjectNotesMinutes: 15, createdTS: new Date(at) })
            .returning("projectNotesID")
            .executeTakeFirstOrThrow();
          if (empID === STAFF) idOf.set(projectNotesID, at);
        }
      }
      const ranges = hoursRanges(new Date(now), ZONE);
      const response = await staff.query({
        table: "vwMyProjectNotes",
        fields: LOGGED_NOTE_FIELDS.join(","),
        where: loggedRangeWhere(ranges.week),
      });
      expect(response.statusCode).toBe(200);
      const week: LoggedNote[] = response.json().data;
      const logged = (table: "today" | "week") =>
        hoursTable(week, ranges[table]).rows.map((row) => idOf.get(row.projectNotesID));
      const expected = (table: "today" | "week") =>
        Object.entries(notes)
          .filter(([, tables]) => (tables as readonly string[]).includes(table))
          .map(([at]) => at);
      // Only the caller's own notes come back, and exactly the week's.
      expect(week.every((note) => idOf.has(note.projectNotesID))).toBe(true);
      expect(logged("week")).toEqual(expected("week"));
      expect(logged("today")).toEqual(expected("today"));
      expect(hoursTable(week, ranges.today).total).toBe(formatMinutes(15 * expected("today").length));
    });
  }
});
