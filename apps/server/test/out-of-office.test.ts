import {
  type AvailabilitySource,
  addDays,
  type ColleagueAbsence,
  dateIn,
  EDIT_SCOPE,
  instantToWall,
  OPERATIONS,
  outUntilText,
  RECURRENCE,
  SCHEDULE_CATEGORY,
  statusAt,
  VISIBILITY,
  wallMs,
  wallText,
  wallToInstant,
  withAbsences,
} from "@office/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { empIDOf } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { listening, type OpenStream, openStream } from "./support/event-stream.js";

/*
 * Out of office (issue 35): an "Out of office" event makes its attendees Out in the colleagues'
 * availability while one of its occurrences lasts, found when the list is read; the live
 * stream tells their rows again when such an event changes. Times are around the real clock:
 * the status is the one of now.
 */

const ZONE = "America/New_York";
const HOUR_MS = 3_600_000;

/** The company's wall clock `hours` from now, to the minute ("2026-11-28T15:07"). */
const wallIn = (hours: number) =>
  wallText(Math.floor(instantToWall(Date.now() + hours * HOUR_MS, ZONE) / 60_000) * 60_000);
/** The company's day `days` from today. */
const dayIn = (days: number) => addDays(dateIn(new Date(), ZONE), days);
/** The instant of a wall-clock time of the company's. */
const instant = (wall: string) => wallToInstant(wallMs(wall), ZONE);

describe.each(ENGINES)("out of office in the colleagues' availability on $name", (engine) => {
  const t = useTestApp(engine, { config: { live: { heartbeatMs: 200, recheckMs: 400 } } });
  const { admin, staff } = t;
  let staffID: number;
  /** Colleagues in the list other than the demo accounts, one for each test. */
  let others: number[];

  beforeAll(async () => {
    staffID = await empIDOf(t.db, "staff");
    const adminID = await empIDOf(t.db, "admin");
    const listed = (await admin.query({ table: "vwEmployeeAvailability", fields: "empID" })).json().data;
    others = listed.map((row: { empID: number }) => row.empID).filter((id: number) => id !== staffID && id !== adminID);
    expect(others.length).toBeGreaterThanOrEqual(5);
  });

  const outOfOffice = (event: Record<string, unknown>) =>
    admin.operation(OPERATIONS.createEvent, {
      eventTitle: "Dentist, then the school play",
      eventCategory: SCHEDULE_CATEGORY.outOfOffice,
      eventVisibleFor: VISIBILITY.code.everybody,
      ...event,
    });
  const created = async (event: Record<string, unknown>): Promise<number> => {
    const response = await outOfOffice(event);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id;
  };
  const absences = async (client = admin): Promise<ColleagueAbsence[]> => {
    const response = await client.operation(OPERATIONS.colleaguesOutOfOffice);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const absencesOf = async (empID: number, client = admin) =>
    (await absences(client)).filter((absence) => absence.empID === empID);
  /** A colleague's row as the web app has it: the view's, with their absences. */
  const rowOf = async (empID: number, client = admin): Promise<AvailabilitySource> => {
    const rows = (await client.query({ table: "vwEmployeeAvailability", where: `empID = ${empID}` })).json().data;
    const [row] = withAbsences(rows as AvailabilitySource[], await absences(client));
    if (!row) throw new Error(`${empID} is not listed`);
    return row;
  };

  it("knows the category by its fixed id, as the lists hold it", async () => {
    const rows = await t.db
      .selectFrom("tblAppLookup")
      .select(["appLookupID", "appLookupValue"])
      .where("appLookupID", "in", [SCHEDULE_CATEGORY.outOfOffice, SCHEDULE_CATEGORY.companyHoliday])
      .orderBy("appLookupID")
      .execute();
    expect(rows).toEqual([
      { appLookupID: SCHEDULE_CATEGORY.outOfOffice, appLookupValue: "Out of office" },
      { appLookupID: SCHEDULE_CATEGORY.companyHoliday, appLookupValue: "Company Holiday" },
    ]);
  });

  it("makes an attendee Out until the end of an absence that covers now", async () => {
    const start = wallIn(-1);
    await created({ eventStart: start, eventMinutes: 240, attendees: [staffID] });
    const from = instant(start);
    const until = from + 240 * 60_000;
    expect(
      (await absencesOf(staffID)).map((a) => [Date.parse(a.from), Date.parse(a.until), a.allDay, a.until.slice(-6)]),
    ).toEqual([[from, until, false, "-05:00"]]);
    const row = await rowOf(staffID);
    const now = new Date();
    expect(statusAt(row, now)).toMatchObject({ type: "Out", since: row.outOfOffice?.[0]?.from });
    expect(outUntilText(row.outOfOffice?.[0] as ColleagueAbsence, now, ZONE)).toMatch(
      /^Out until (\w{3}, \w{3} \d+, )?\d\d:\d\d [AP]M$/,
    );
    // Once it has ended, their own status is back: nothing was written.
    expect(statusAt(row, new Date(until)).type).toBe(row.empAvailabilityType);
  });

  it("leaves out an absence that has ended and one that begins after the next two days", async () => {
    const [ended, later] = [others[0] as number, others[1] as number];
    await created({ eventStart: wallIn(-5), eventMinutes: 120, attendees: [ended] });
    await created({ eventStart: `${dayIn(3)}T00:00`, eventMinutes: 1_440, eventAllDay: 1, attendees: [later] });
    expect(await absencesOf(ended)).toEqual([]);
    expect(await absencesOf(later)).toEqual([]);
    expect(statusAt(await rowOf(ended), new Date())).toMatchObject({ absence: null });
  });

  it("tells one that begins soon, which turns the status Out when it begins, and no other category", async () => {
    const [soon, meeting] = [others[2] as number, others[3] as number];
    const start = wallIn(1);
    await created({ eventStart: start, eventMinutes: 60, attendees: [soon] });
    await created({
      eventStart: wallIn(-1),
      eventMinutes: 120,
      eventCategory: SCHEDULE_CATEGORY.outOfOffice - 4,
      attendees: [meeting],
    });
    const row = await rowOf(soon);
    expect(row.outOfOffice?.map((a) => Date.parse(a.from))).toEqual([instant(start)]);
    expect(statusAt(row, new Date()).absence).toBeNull();
    expect(statusAt(row, new Date(instant(start) + 1_000)).type).toBe("Out");
    expect(await absencesOf(meeting)).toEqual([]);
  });

  it("follows a recurring absence's days end to end, and an occurrence removed on its own cuts it", async () => {
    const person = others[4] as number;
    // Every day, all day, from yesterday for five days: out until the end of the day after tomorrow.
    const eventID = await created({
      eventStart: `${dayIn(-1)}T00:00`,
      eventMinutes: 1_440,
      eventAllDay: 1,
      eventRecurrence: RECURRENCE.code.daily,
      eventRecurrenceCount: 5,
      attendees: [person],
    });
    const days = async () =>
      (await absencesOf(person)).map((a) => [
        dateIn(new Date(a.from), ZONE),
        dateIn(new Date(a.until), ZONE),
        a.allDay,
      ]);
    expect(await days()).toEqual([[dayIn(0), dayIn(4), true]]);
    const row = await rowOf(person);
    expect(outUntilText(row.outOfOffice?.[0] as ColleagueAbsence, new Date(), ZONE)).toBe(
      outUntilText(
        { from: "", until: new Date(instant(`${dayIn(4)}T00:00`)).toISOString(), allDay: true },
        new Date(),
        ZONE,
      ),
    );

    // Tomorrow removed on its own (This event): out until the end of today, and again the day after.
    const removed = await admin.operation(OPERATIONS.removeEvent, {
      eventID,
      scope: EDIT_SCOPE.code.thisEvent,
      original: `${dayIn(1)}T00:00`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await days()).toEqual([
      [dayIn(0), dayIn(1), true],
      [dayIn(2), dayIn(4), true],
    ]);
  });

  it("marks someone out for colleagues who cannot see the event, telling only when", async () => {
    const person = others[5] ?? (others[0] as number);
    const eventID = await created({
      eventTitle: "Surgery",
      eventStart: wallIn(-2),
      eventMinutes: 300,
      eventVisibleFor: VISIBILITY.code.attendees,
      attendees: [person],
    });
    // Staff neither attends nor made it: the calendar does not show it to them.
    const shown = (
      await staff.operation(OPERATIONS.calendarOccurrences, {
        from: new Date(Date.now() - 6 * HOUR_MS).toISOString(),
        to: new Date(Date.now() + 6 * HOUR_MS).toISOString(),
      })
    ).json();
    expect(shown.data.map((occurrence: { eventID: number }) => occurrence.eventID)).not.toContain(eventID);
    const seen = await absencesOf(person, staff);
    expect(seen).toHaveLength(1);
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(["allDay", "empID", "from", "until"]);
    expect(JSON.stringify(await absences(staff))).not.toContain("Surgery");
    expect(statusAt(await rowOf(person, staff), new Date()).type).toBe("Out");
  });

  describe("live", () => {
    let base: string;
    const streams: OpenStream[] = [];
    beforeAll(async () => {
      base = await listening(t.app);
    });
    afterAll(() => {
      for (const stream of streams) stream.close();
    });

    it("tells the attendee's row, with the absence, when an out-of-office event is made, moved and removed", async () => {
      const stream = await openStream(base, await staff.token());
      streams.push(stream);
      await stream.next("hello");
      const person = others[0] as number;
      const start = wallIn(-1);
      const eventID = await created({ eventStart: start, eventMinutes: 90, attendees: [person] });
      const made = await stream.next(
        "availability",
        (e) => e.empID === person && (e.row?.outOfOffice?.length ?? 0) > 0,
      );
      expect(made.row?.outOfOffice?.map((a) => Date.parse(a.until))).toEqual([instant(start) + 90 * 60_000]);

      const changed = await admin.operation(OPERATIONS.changeEvent, {
        eventID,
        eventTitle: "Out of office",
        eventCategory: SCHEDULE_CATEGORY.outOfOffice,
        eventStart: start,
        eventMinutes: 150,
        attendees: [person],
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const longer = await stream.next(
        "availability",
        (e) => e.empID === person && Date.parse(e.row?.outOfOffice?.[0]?.until ?? "") === instant(start) + 150 * 60_000,
      );
      expect(longer.row?.empID).toBe(person);

      expect((await admin.operation(OPERATIONS.removeEvent, { eventID })).statusCode).toBe(200);
      const gone = await stream.next("availability", (e) => e.empID === person && e.row?.outOfOffice === undefined);
      expect(gone.row).toMatchObject({ empID: person });
    });
  });
});
