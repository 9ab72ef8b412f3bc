import { describe, expect, it } from "vitest";
import { recordName } from "./areas/area.js";
import { AREAS } from "./areas/registry.js";
import { RECURRENCE } from "./lookups/enumerations.js";
import {
  PALETTE_AREAS,
  PALETTE_PAGES,
  type PaletteEventRow,
  paletteDescription,
  paletteEvent,
  paletteEventQueries,
  paletteEvents,
  paletteRecordQuery,
} from "./palette.js";
import { parseWhere } from "./where/index.js";

const area = (noun: string) => {
  const found = AREAS.find((a) => a.noun === noun);
  if (!found) throw new Error(noun);
  return found;
};

describe("the command palette's entries", () => {
  it("offers every page but data-entry forms, disabled routes, sign-in and the app's own", () => {
    const paths = PALETTE_PAGES.map((r) => r.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/vendor/all");
    expect(paths).toContain("/shippingcompany/all");
    expect(paths).toContain("/settings");
    for (const gone of ["/project/de", "/vendor/de", "/project/ac", "/login", "/forbidden", "/update-config"])
      expect(paths).not.toContain(gone);
  });

  it("finds the records of each area with a record page, from its declaration alone", () => {
    const nouns = PALETTE_AREAS.map((a) => a.noun);
    expect(nouns.sort()).toEqual(["client", "credit card", "employee", "project", "shipping company", "vendor"]);
  });

  it("searches each word of the query in the columns that name a record, or a number as the id", () => {
    const employees = area("employee");
    const query = paletteRecordQuery(employees, "ada  lo'v");
    expect(query).toMatchObject({
      table: "vwEmployeeDirectory",
      // With what tells two of one name apart.
      fields: "empID,empFirstName,empLastName,departmentName",
      rowLimit: 5,
    });
    expect(query?.where).toBe(
      "(empFirstName LIKE '%ada%' OR empLastName LIKE '%ada%') AND (empFirstName LIKE '%lo''v%' OR empLastName LIKE '%lo''v%')",
    );
    expect(() => parseWhere(query?.where ?? "")).not.toThrow();
    expect(paletteRecordQuery(area("project"), "42")?.where).toBe("projectID = 42 OR projectName LIKE '%42%'");
    expect(paletteDescription(area("client"), { clientID: 12, clientCity: "Springfield", clientState: "IL" })).toBe(
      "Client 12 · Springfield, IL",
    );
    expect(paletteDescription(area("client"), { clientID: 13, clientCity: null, clientState: "" })).toBe("Client 13");
    // A user's % and _ are letters, not wildcards.
    expect(paletteRecordQuery(area("vendor"), "5%_")?.where).toBe("vendorName LIKE '%5\\%\\_%'");
    // A pasted paragraph: its first five words, each of at most 50 letters, a where the service accepts.
    const pasted = paletteRecordQuery(employees, `${"%_".repeat(60)} ${"word ".repeat(40)}`);
    expect(pasted?.where.match(/ LIKE /g)).toHaveLength(10);
    expect(() => parseWhere(pasted?.where ?? "")).not.toThrow();
  });

  it("sends nothing for a search of one letter, or for an area whose records have no name", () => {
    expect(paletteRecordQuery(area("client"), " a ")).toBeNull();
    expect(paletteRecordQuery(area("portal order"), "anything")).toBeNull();
  });

  it("names a record by its title columns, or by its page's title and id where they are empty", () => {
    const employees = area("employee");
    expect(recordName(employees, { empID: 3, empFirstName: "Ada", empLastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(recordName(area("project"), { projectID: 9, projectName: "" })).toBe("Project 9");
  });
});

describe("the command palette's events", () => {
  const NOW = "2026-03-11T10:00:00-04:00";
  const event = (o: Partial<PaletteEventRow>): PaletteEventRow => ({
    eventID: 7,
    eventTitle: "Design review",
    eventLocation: "Conference Room A",
    eventStart: "2026-03-20T14:00",
    eventMinutes: 60,
    eventAllDay: 0,
    eventZone: "America/New_York",
    eventRecurrence: RECURRENCE.code.once,
    eventRecurrenceDays: null,
    eventRecurrenceUntil: null,
    eventRecurrenceCount: null,
    ...o,
  });

  it("searches each word in an event's title or location: those not over first, then those over", () => {
    const queries = paletteEventQueries("design  room", NOW);
    const words =
      "(eventTitle LIKE '%design%' OR eventLocation LIKE '%design%') AND (eventTitle LIKE '%room%' OR eventLocation LIKE '%room%')";
    expect(queries?.coming).toMatchObject({
      table: "tblEvent",
      where: `(${words}) AND eventTo > '${NOW}'`,
      order: "eventFrom, eventID",
      rowLimit: 5,
    });
    expect(queries?.past).toMatchObject({
      where: `(${words}) AND eventTo <= '${NOW}'`,
      order: "eventTo DESC, eventID",
    });
    for (const query of [queries?.coming, queries?.past]) {
      expect(() => parseWhere(query?.where ?? "")).not.toThrow();
      expect(query?.fields.split(",")).toEqual(
        expect.arrayContaining(["eventID", "eventTitle", "eventLocation", "eventStart"]),
      );
    }
    expect(paletteEventQueries("d", NOW)).toBeNull();
  });

  it("shows an event with its date, and opens the calendar's day of its occurrence now or next", () => {
    const now = new Date(NOW);
    expect(paletteEvent(event({}), now, "America/New_York")).toEqual({
      id: 7,
      label: "Design review",
      description: "Event · 03/20/2026 02:00 PM · Conference Room A",
      path: "/calendar1?view=day&date=2026-03-20&event=7&at=2026-03-20T14%3A00",
      at: Date.parse("2026-03-20T14:00:00-04:00"),
    });
    const standUp = event({
      eventTitle: "Team stand-up",
      eventLocation: null,
      eventStart: "2026-01-05T09:00",
      eventRecurrence: RECURRENCE.code.weekly,
      eventRecurrenceDays: "|1|3|5|",
      eventRecurrenceUntil: "2026-06-30",
    });
    expect(paletteEvent(standUp, now, "America/New_York")).toMatchObject({
      label: "Team stand-up",
      description: "Weekly event · next 03/13/2026 09:00 AM",
      path: "/calendar1?view=day&date=2026-03-13&event=7&at=2026-03-13T09%3A00",
    });
    expect(paletteEvent({ ...standUp, eventRecurrenceUntil: "2026-02-01" }, now, "America/New_York").description).toBe(
      "Weekly event · last 01/30/2026 09:00 AM",
    );
    const holiday = event({
      eventTitle: "Good Friday",
      eventStart: "2026-04-03T00:00",
      eventMinutes: 1_440,
      eventAllDay: 1,
    });
    expect(paletteEvent(holiday, now, "America/New_York").description).toBe(
      "Event · 04/03/2026 all day · Conference Room A",
    );

    // Those to come by their occurrence, the soonest first; then those over as they came.
    const shown = paletteEvents(
      {
        coming: [
          { ...standUp, eventID: 1 },
          { ...event({}), eventID: 2 },
          { ...holiday, eventID: 3 },
        ],
        past: [5, 6, 7].map((eventID) => event({ eventID, eventStart: "2026-02-01T10:00" })),
      },
      now,
      "America/New_York",
    );
    expect(shown.map((e) => e.id)).toEqual([1, 2, 3, 5, 6]);
  });
});
