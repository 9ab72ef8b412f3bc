import { EDIT_SCOPE, OPERATIONS, RECURRENCE, SCHEDULE_CATEGORY, VISIBILITY } from "@office/core";
import { beforeAll, describe, expect, it } from "vitest";
import { employeeWithLogin } from "./support/cards.js";
import { useTestApp } from "./support/context.js";
import { empIDOf, setPermissions } from "./support/db.js";
import { ENGINES } from "./support/engines.js";

const { weekly, daily } = RECURRENCE.code;
const MARCH = { from: "2026-03-01T00:00:00-05:00", to: "2026-04-01T00:00:00-04:00" };

/** A weekly Monday 09:00 meeting from 2 March 2026, four times, for staff. */
const standUp = (staffID: number) => ({
  eventTitle: "Stand-up",
  eventStart: "2026-03-02T09:00",
  eventMinutes: 15,
  eventVisibleFor: VISIBILITY.code.attendees,
  eventRecurrence: weekly,
  eventRecurrenceDays: [1],
  eventRecurrenceCount: 4,
  attendees: [staffID],
});

describe.each(ENGINES)("events written through the calendar's calls on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff } = t;
  let staffID: number;

  beforeAll(async () => {
    staffID = await empIDOf(t.db, "staff");
  });

  const startsOf = async (client: typeof admin, eventID: number) =>
    (await client.operation(OPERATIONS.calendarOccurrences, MARCH))
      .json()
      .data.filter((row: { eventID: number }) => row.eventID === eventID)
      .map((row: { start: string }) => row.start);
  const events = async () => (await t.db.selectFrom("tblEvent").select("eventID").execute()).length;

  it("creates a weekly event with staff attending: staff sees it, its span is kept, and it is audited", async () => {
    const created = await admin.operation(OPERATIONS.createEvent, standUp(staffID));
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(await startsOf(staff, id)).toEqual([
      "2026-03-02T09:00:00-05:00",
      "2026-03-09T09:00:00-04:00",
      "2026-03-16T09:00:00-04:00",
      "2026-03-23T09:00:00-04:00",
    ]);
    const row = await t.db.selectFrom("tblEvent").selectAll().where("eventID", "=", id).executeTakeFirstOrThrow();
    expect([new Date(row.eventFrom).toISOString(), new Date(row.eventTo).toISOString()]).toEqual([
      "2026-03-02T14:00:00.000Z",
      "2026-03-23T13:15:00.000Z",
    ]);
    expect(row.eventRecurrenceDays).toBe("|1|");
    const trail = await t.db
      .selectFrom("auditLog")
      .select(["action", "after"])
      .where("tableName", "=", "tblEvent")
      .where("recordKey", "=", String(id))
      .execute();
    expect(trail).toMatchObject([{ action: "insert", after: { eventTitle: "Stand-up", attendees: [staffID] } }]);
  });

  it("refuses what a series may not be, and changes nothing", async () => {
    const before = await events();
    const refused = async (change: Record<string, unknown>) => {
      const response = await admin.operation(OPERATIONS.createEvent, { ...standUp(staffID), ...change });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fieldErrors;
    };
    expect(await refused({ eventRecurrenceCount: null, eventRecurrenceUntil: "2026-03-01" })).toEqual({
      eventRecurrenceUntil: "The series cannot end before it starts",
    });
    expect(await refused({ eventRecurrenceCount: null, eventRecurrenceUntil: "2036-03-03" })).toEqual({
      eventRecurrenceUntil: "A series may run for at most 10 years",
    });
    expect(await refused({ eventRecurrenceCount: null })).toHaveProperty("eventRecurrenceUntil");
    expect(
      await refused({ eventRecurrence: RECURRENCE.code.monthly, eventRecurrenceDays: null, eventRecurrenceCount: 122 }),
    ).toEqual({
      eventRecurrenceCount: "A series may run for at most 10 years: 122 times run longer",
    });
    expect(await refused({ attendees: [staffID, 999_999] })).toEqual({
      attendees: "An attendee is not an active employee",
    });
    const gone = await employeeWithLogin(t.db, "Departed", null, 0);
    expect(await refused({ attendees: [gone] })).toEqual({ attendees: "An attendee is not an active employee" });
    expect(await refused({ eventStart: "2026-03-02T25:00" })).toHaveProperty("eventStart");
    expect(await refused({ eventAllDay: 1, eventMinutes: 90 })).toEqual({
      eventMinutes: "An all-day event starts at midnight and lasts whole days",
    });
    // A rule's text is not a field the product offers.
    expect(await refused({ rrule: "FREQ=SECONDLY" })).toEqual({ _: 'Unrecognized key: "rrule"' });
    expect(await refused({ eventCategory: 999_999 })).toHaveProperty("eventCategory");
    expect(await events()).toBe(before);
  });

  it("is created by whoever has add on the calendar only; the data service's own writes do not take events", async () => {
    const denied = await staff.operation(OPERATIONS.createEvent, standUp(staffID));
    expect(denied.statusCode).toBe(403);
    const generic = await admin.insert("tblEvent", { eventTitle: "Around the calls", eventStart: "2026-03-02T09:00" });
    expect(generic.statusCode).toBe(400);
    expect(generic.json().fieldErrors).toHaveProperty("table");
  });

  it("removes one occurrence, this and the following, or all, as asked", async () => {
    const { id } = (await admin.operation(OPERATIONS.createEvent, standUp(staffID))).json();
    const remove = (scope: number | undefined, original?: string) =>
      admin.operation(OPERATIONS.removeEvent, {
        eventID: id,
        ...(scope ? { scope } : {}),
        ...(original ? { original } : {}),
      });
    expect((await remove(undefined)).json().fieldErrors).toHaveProperty("scope");
    expect((await remove(EDIT_SCOPE.code.thisEvent, "2026-03-10T09:00")).json().fieldErrors).toEqual({
      original: "is not an occurrence of this event",
    });
    expect((await remove(EDIT_SCOPE.code.thisEvent, "2026-03-09T09:00")).statusCode).toBe(200);
    expect(await startsOf(admin, id)).toEqual([
      "2026-03-02T09:00:00-05:00",
      "2026-03-16T09:00:00-04:00",
      "2026-03-23T09:00:00-04:00",
    ]);
    expect((await remove(EDIT_SCOPE.code.thisAndFollowing, "2026-03-16T09:00")).statusCode).toBe(200);
    expect(await startsOf(admin, id)).toEqual(["2026-03-02T09:00:00-05:00"]);
    const row = await t.db.selectFrom("tblEvent").selectAll().where("eventID", "=", id).executeTakeFirstOrThrow();
    expect(row.eventRecurrenceCount).toBe(2);
    expect(new Date(row.eventTo).toISOString()).toBe("2026-03-09T13:15:00.000Z");
    expect((await remove(EDIT_SCOPE.code.allEvents)).statusCode).toBe(200);
    expect(await t.db.selectFrom("tblEvent").select("eventID").where("eventID", "=", id).execute()).toEqual([]);
    expect(await t.db.selectFrom("tblEventAttendee").select("empID").where("eventID", "=", id).execute()).toEqual([]);
  });

  it("lets a creator remove their own event without delete, and no one else without it; one they cannot see is not there", async () => {
    const plannerID = await employeeWithLogin(t.db, "Planner", null);
    await setPermissions(t.db, plannerID, [{ page: 39, view: 1, add: 1 }]);
    const planner = t.as("planner");
    const own = (
      await planner.operation(OPERATIONS.createEvent, {
        ...standUp(staffID),
        eventVisibleFor: VISIBILITY.code.everybody,
      })
    ).json().id;
    const theirs = (
      await admin.operation(OPERATIONS.createEvent, {
        eventTitle: "Admins' daily",
        eventStart: "2026-03-02T08:00",
        eventMinutes: 30,
        eventRecurrence: daily,
        eventRecurrenceCount: 5,
        eventVisibleFor: VISIBILITY.code.everybody,
      })
    ).json().id;
    const hidden = (
      await admin.operation(OPERATIONS.createEvent, {
        eventTitle: "Board",
        eventStart: "2026-03-03T10:00",
        eventMinutes: 60,
        eventVisibleFor: VISIBILITY.code.attendees,
      })
    ).json().id;
    expect(
      (await planner.operation(OPERATIONS.removeEvent, { eventID: theirs, scope: EDIT_SCOPE.code.allEvents }))
        .statusCode,
    ).toBe(403);
    expect((await planner.operation(OPERATIONS.removeEvent, { eventID: hidden })).statusCode).toBe(404);
    expect(
      (await planner.operation(OPERATIONS.removeEvent, { eventID: own, scope: EDIT_SCOPE.code.allEvents })).statusCode,
    ).toBe(200);
  });

  it("reads an event as its dialog shows it, with what the caller may do; one they cannot see is not there", async () => {
    const id = (await admin.operation(OPERATIONS.createEvent, standUp(staffID))).json().id;
    const forAdmin = await admin.operation(OPERATIONS.calendarEvent, { eventID: id });
    expect(forAdmin.statusCode, forAdmin.body).toBe(200);
    expect(forAdmin.json()).toMatchObject({
      eventID: id,
      eventTitle: "Stand-up",
      eventStart: "2026-03-02T09:00",
      eventMinutes: 15,
      eventRecurrence: weekly,
      eventRecurrenceDays: [1],
      eventRecurrenceCount: 4,
      eventRecurrenceUntil: null,
      attendees: [staffID],
      exceptions: [],
      mayChange: true,
      mayDelete: true,
    });
    await admin.operation(OPERATIONS.removeEvent, {
      eventID: id,
      scope: EDIT_SCOPE.code.thisEvent,
      original: "2026-03-16T09:00",
    });
    expect((await admin.operation(OPERATIONS.calendarEvent, { eventID: id })).json().exceptions).toEqual([
      "2026-03-16T09:00",
    ]);
    // Staff attends it, and has view on the calendar only.
    expect((await staff.operation(OPERATIONS.calendarEvent, { eventID: id })).json()).toMatchObject({
      mayChange: false,
      mayDelete: false,
    });
    const hidden = (
      await admin.operation(OPERATIONS.createEvent, {
        eventTitle: "Board",
        eventStart: "2026-03-03T10:00",
        eventMinutes: 60,
        eventRecurrence: weekly,
        eventRecurrenceUntil: "2026-03-31",
        eventVisibleFor: VISIBILITY.code.attendees,
      })
    ).json().id;
    expect((await admin.operation(OPERATIONS.calendarEvent, { eventID: hidden })).json()).toMatchObject({
      eventRecurrenceUntil: "2026-03-31",
      attendees: [],
    });
    expect((await staff.operation(OPERATIONS.calendarEvent, { eventID: hidden })).statusCode).toBe(404);
  });

  it("finds a series' occurrences on a company holiday or an attendee's day out, and skips those asked", async () => {
    const holiday = {
      eventStart: "2026-03-09T00:00",
      eventMinutes: 1_440,
      eventAllDay: 1,
      eventVisibleFor: VISIBILITY.code.everybody,
    };
    await admin.operation(OPERATIONS.createEvent, {
      ...holiday,
      eventTitle: "Founders' Day",
      eventCategory: SCHEDULE_CATEGORY.companyHoliday,
    });
    // Staff's day out is theirs alone to see; it still blocks, said by their name only.
    await admin.operation(OPERATIONS.createEvent, {
      ...holiday,
      eventStart: "2026-03-16T00:00",
      eventTitle: "Dentist",
      eventCategory: SCHEDULE_CATEGORY.outOfOffice,
      eventVisibleFor: VISIBILITY.code.attendees,
      attendees: [staffID],
    });
    const asked = await admin.operation(OPERATIONS.eventDaysOff, standUp(staffID));
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toEqual([
      { original: "2026-03-09T09:00", reason: "Founders' Day" },
      { original: "2026-03-16T09:00", reason: expect.stringMatching(/is out of office$/) },
    ]);
    expect(asked.json().data[1].reason).not.toContain("Dentist");
    const before = await events();
    const wrong = await admin.operation(OPERATIONS.createEvent, { ...standUp(staffID), skip: ["2026-03-10T09:00"] });
    expect(wrong.statusCode).toBe(400);
    expect(await events()).toBe(before);
    const { id } = (
      await admin.operation(OPERATIONS.createEvent, {
        ...standUp(staffID),
        skip: asked.json().data.map((day: { original: string }) => day.original),
      })
    ).json();
    expect(await startsOf(staff, id)).toEqual(["2026-03-02T09:00:00-05:00", "2026-03-23T09:00:00-04:00"]);
  });

  it("offers to skip the company's holidays of the settings too, each its whole day in the company's zone", async () => {
    const april = { ...standUp(staffID), eventStart: "2026-04-06T09:00" };
    expect((await admin.operation(OPERATIONS.eventDaysOff, april)).json().data).toEqual([]);
    const days = [
      { date: "2026-04-13", name: "Spring closing" },
      { date: "2026-04-14", name: "A Tuesday off" },
    ];
    expect((await admin.operation(OPERATIONS.changeSetting, { key: "holidays", values: { days } })).statusCode).toBe(
      200,
    );
    expect((await admin.operation(OPERATIONS.eventDaysOff, april)).json().data).toEqual([
      { original: "2026-04-13T09:00", reason: "Spring closing" },
    ]);
    await admin.operation(OPERATIONS.changeSetting, { key: "holidays", values: { days: [] } });
  });

  describe("changed by scope", () => {
    const create = async () => (await admin.operation(OPERATIONS.createEvent, standUp(staffID))).json().id as number;
    const change = (eventID: number, fields: Record<string, unknown>) =>
      admin.operation(OPERATIONS.changeEvent, { ...standUp(staffID), eventID, ...fields });
    const titled = async (eventID: number) =>
      (await admin.operation(OPERATIONS.calendarOccurrences, MARCH))
        .json()
        .data.filter((row: { eventID: number }) => row.eventID === eventID)
        .map((row: { start: string; title: string }) => `${row.start} ${row.title}`);

    it("This event moves one occurrence and retitles it, and the others stay", async () => {
      const id = await create();
      const moved = await change(id, {
        scope: EDIT_SCOPE.code.thisEvent,
        original: "2026-03-09T09:00",
        eventStart: "2026-03-10T14:00",
        eventTitle: "Stand-up (Tuesday)",
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await titled(id)).toEqual([
        "2026-03-02T09:00:00-05:00 Stand-up",
        "2026-03-10T14:00:00-04:00 Stand-up (Tuesday)",
        "2026-03-16T09:00:00-04:00 Stand-up",
        "2026-03-23T09:00:00-04:00 Stand-up",
      ]);
      // Only its time and title: the rest is the series'.
      const more = await change(id, {
        scope: EDIT_SCOPE.code.thisEvent,
        original: "2026-03-16T09:00",
        eventStart: "2026-03-16T09:00",
        eventLocation: "Room 2",
      });
      expect(more.json().fieldErrors).toHaveProperty("scope");
    });

    it("This and following on a middle occurrence: the series ends before it and a new one starts there, its exceptions dropped", async () => {
      const id = await create();
      await change(id, {
        scope: EDIT_SCOPE.code.thisEvent,
        original: "2026-03-23T09:00",
        eventStart: "2026-03-23T11:00",
      });
      const split = await change(id, {
        scope: EDIT_SCOPE.code.thisAndFollowing,
        original: "2026-03-16T09:00",
        eventStart: "2026-03-17T10:00",
        eventTitle: "Stand-up, later",
      });
      expect(split.statusCode, split.body).toBe(200);
      const { id: tail, dropped } = split.json();
      expect(dropped).toBe(1);
      expect(await titled(id)).toEqual(["2026-03-02T09:00:00-05:00 Stand-up", "2026-03-09T09:00:00-04:00 Stand-up"]);
      // Moved a day later, the new series falls on Tuesdays, for the two occurrences left.
      expect(await titled(tail)).toEqual([
        "2026-03-17T10:00:00-04:00 Stand-up, later",
        "2026-03-24T10:00:00-04:00 Stand-up, later",
      ]);
      const row = await t.db.selectFrom("tblEvent").selectAll().where("eventID", "=", tail).executeTakeFirstOrThrow();
      expect([row.eventRecurrenceDays, row.eventRecurrenceCount]).toEqual(["|2|", 2]);
    });

    it("All events moves every occurrence as the one edited moved, and keeps an exception that still fits", async () => {
      const id = await create();
      await change(id, {
        scope: EDIT_SCOPE.code.thisEvent,
        original: "2026-03-09T09:00",
        eventStart: "2026-03-09T09:00",
        eventTitle: "Stand-up (review)",
      });
      const all = await change(id, {
        scope: EDIT_SCOPE.code.allEvents,
        original: "2026-03-16T09:00",
        eventStart: "2026-03-16T08:30",
      });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().dropped).toBe(0);
      expect(await titled(id)).toEqual([
        "2026-03-02T08:30:00-05:00 Stand-up",
        "2026-03-09T08:30:00-04:00 Stand-up (review)",
        "2026-03-16T08:30:00-04:00 Stand-up",
        "2026-03-23T08:30:00-04:00 Stand-up",
      ]);
    });

    it("asks a series for its scope, and refuses one the caller may not change", async () => {
      const id = await create();
      expect((await change(id, { eventTitle: "No scope" })).json().fieldErrors).toHaveProperty("scope");
      const asStaff = await staff.operation(OPERATIONS.changeEvent, {
        ...standUp(staffID),
        eventID: id,
        scope: EDIT_SCOPE.code.allEvents,
        original: "2026-03-02T09:00",
      });
      expect(asStaff.statusCode).toBe(403);
    });
  });
});
