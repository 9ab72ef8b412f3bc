import { createHash } from "node:crypto";
import {
  CALENDAR_FEED_EVENTS,
  CALENDAR_FEED_READS_PER_MINUTE,
  type CalendarOccurrence,
  EDIT_SCOPE,
  OPERATIONS,
  RECURRENCE,
  type SeriesRule,
  VISIBILITY,
} from "@office/core";
import ICAL from "ical.js";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { foldLines } from "../src/calendar/feed.js";
import { seriesSpan } from "../src/calendar/occurrences.js";
import { employeeWithLogin } from "./support/cards.js";
import { type AccountClient, useTestApp } from "./support/context.js";
import { empIDOf, setPermissions } from "./support/db.js";
import { ENGINES } from "./support/engines.js";

/*
 * The calendar's subscription feed (issue 35, "Subscribe"): a private iCalendar address per
 * user, read without a session by calendar apps. Read here with a real parser (Mozilla's ICAL,
 * Thunderbird's), whose expansion of the feed's series, EXDATEs and RECURRENCE-IDs must give the
 * occurrences the occurrences call gives.
 */

const { weekly, daily, monthly } = RECURRENCE.code;
const { attendees: ATTENDEES, everybody: EVERYBODY } = VISIBILITY.code;
const NY = "America/New_York";
const BERLIN = "Europe/Berlin";

// Next year's spring (the feed holds what ended at most a year ago: next year's is always in it).
// New York's clocks go forward on March's second Sunday, Berlin's on its last.
const YEAR = new Date().getUTCFullYear() + 1;
const day = (month: number, date: number) =>
  `${YEAR}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
/** The date of a weekday (0 Sunday) on or after a day. */
const onOrAfter = (from: string, weekday: number) => {
  const at = new Date(`${from}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + ((weekday - at.getUTCDay() + 7) % 7));
  return at.toISOString().slice(0, 10);
};
const springForward = onOrAfter(day(3, 8), 0);
/** A day some days from another. */
const plus = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};
const WINDOW = { from: `${day(2, 16)}T00:00:00-05:00`, to: `${day(4, 10)}T00:00:00-04:00` };

/** An occurrence as both sides can say it: its event, its start and end (instants, or days when all-day), its title. */
const occurrenceKey = (eventID: number, start: string, end: string, title: string) =>
  `${eventID} ${start} ${end} ${title}`;

const fromApi = (o: CalendarOccurrence) =>
  o.allDay
    ? occurrenceKey(o.eventID, o.start.slice(0, 10), o.end.slice(0, 10), o.title)
    : occurrenceKey(o.eventID, new Date(o.start).toISOString(), new Date(o.end).toISOString(), o.title);

/** The feed parsed as a calendar app would: its zones registered, each series expanded with its exceptions. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    const uid = String(vevent.getFirstPropertyValue("uid"));
    const entry = byUid.get(uid) ?? { exceptions: [] };
    if (vevent.hasProperty("recurrence-id")) entry.exceptions.push(vevent);
    else entry.master = vevent;
    byUid.set(uid, entry);
  }
  return { calendar, byUid };
}

/** The occurrences of a feed that overlap [from, to), as the occurrence call's keys. */
function feedOccurrences(text: string, from: Date, to: Date): string[] {
  const found: string[] = [];
  // Far enough past the window for an occurrence moved into it from later.
  const walkUntil = new Date(to.getTime() + 60 * 86_400_000);
  for (const [uid, { master, exceptions }] of parsed(text).byUid) {
    if (!master) throw new Error(`${uid} has exceptions and no series`);
    const eventID = Number(/^office-event-(\d+)@/.exec(uid)?.[1]);
    const event = new ICAL.Event(master);
    for (const exception of exceptions) event.relateException(exception);
    const add = (start: ICAL.Time, end: ICAL.Time, title: string) => {
      if (start.isDate) {
        const [first, last] = [start.toString(), end.toString()];
        if (first < to.toISOString().slice(0, 10) && last > from.toISOString().slice(0, 10))
          found.push(occurrenceKey(eventID, first, last, title));
      } else if (start.toJSDate() < to && end.toJSDate() > from)
        found.push(occurrenceKey(eventID, start.toJSDate().toISOString(), end.toJSDate().toISOString(), title));
    };
    if (!event.isRecurring()) {
      add(event.startDate, event.endDate, event.summary);
      continue;
    }
    const walk = event.iterator();
    for (let next = walk.next(); next && next.toJSDate() < walkUntil; next = walk.next()) {
      const details = event.getOccurrenceDetails(next);
      add(details.startDate, details.endDate, details.item.summary);
    }
  }
  return found.sort();
}

describe("the feed's lines", () => {
  it("are at most 75 octets, a longer one going on after a space, never inside a character", () => {
    const line = `DESCRIPTION:${"Zürich ✓ 😀 ".repeat(20)}`;
    const folded = foldLines(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`).split("\r\n");
    expect(folded[0]).toBe("BEGIN:VEVENT");
    expect(folded.at(-1)).toBe("END:VEVENT");
    const parts = folded.slice(1, -1);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
  });
});

describe.each(ENGINES)("the calendar's subscription feed on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm } = t;
  let staffID: number;

  beforeAll(async () => {
    staffID = await empIDOf(t.db, "staff");
  });

  /** The feed at an address, read as a calendar app reads it: no session. */
  const read = (url: string) => t.app.inject({ method: "GET", url: new URL(url).pathname });
  const newAddress = async (client: AccountClient) => {
    const made = await client.operation(OPERATIONS.newCalendarFeed, {});
    expect(made.statusCode, made.body).toBe(200);
    return made.json().url as string;
  };
  const create = async (event: Record<string, unknown>) => {
    const created = await admin.operation(OPERATIONS.createEvent, {
      eventMinutes: 60,
      eventVisibleFor: EVERYBODY,
      ...event,
    } as never);
    expect(created.statusCode, created.body).toBe(200);
    return created.json().id as number;
  };
  const uidsIn = (text: string) => [...parsed(text).byUid.keys()].map((uid) => Number(/(\d+)@/.exec(uid)?.[1]));

  it("has no address until one is made; the address is shown again, and serves iCalendar without a session", async () => {
    await admin.operation(OPERATIONS.revokeCalendarFeed);
    expect((await admin.operation(OPERATIONS.calendarFeed)).json()).toEqual({ url: null, created: null });
    const url = await newAddress(admin);
    const adminID = await empIDOf(t.db, "admin");
    expect(url).toMatch(new RegExp(`^http://localhost(:\\d+)?/API/Calendar/Feed/${adminID}/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await admin.operation(OPERATIONS.calendarFeed)).json()).toMatchObject({ url });

    const feed = await read(url);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers["cache-control"]).toBe("private, no-store");
    expect(feed.body.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(feed.body.endsWith("\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(feed.body).toContain(`\r\nX-WR-TIMEZONE:${NY}\r\n`);
    // Valid iCalendar: parsed whole, the company's zone given as a VTIMEZONE with its rules.
    const { calendar } = parsed(feed.body);
    const zones = calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid"));
    expect(zones).toContain(NY);
    // The operations want a session; the feed never does.
    expect((await t.app.inject({ method: "GET", url: "/API/Calendar/Feed" })).statusCode).toBe(401);
  });

  it("gives the occurrences of the occurrences call across a daylight-saving change: a changed one by its RECURRENCE-ID, a removed one an EXDATE, in two zones", async () => {
    const monday = onOrAfter(day(2, 23), 1);
    const mondays = [0, 7, 14, 21, 28, 35].map((days) => plus(monday, days));
    // Weekly on Mondays at 09:00, six times across New York's change; the third moved, the fourth removed.
    const reviewBody = {
      eventTitle: "Weekly review",
      eventStart: `${monday}T09:00`,
      eventMinutes: 60,
      eventVisibleFor: EVERYBODY,
      eventLocation: "Room 2",
      eventDescription: "The week's projects, in turn.",
      eventLink: "https://meet.example.com/review",
      eventRecurrence: weekly,
      eventRecurrenceDays: [1],
      eventRecurrenceCount: 6,
      attendees: [staffID],
    };
    const review = await create(reviewBody);
    const moved = await admin.operation(OPERATIONS.changeEvent, {
      ...reviewBody,
      eventID: review,
      scope: EDIT_SCOPE.code.thisEvent,
      original: `${mondays[2]}T09:00`,
      eventStart: `${mondays[2]}T14:30`,
      eventTitle: "Weekly review (afternoon)",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const removed = await admin.operation(OPERATIONS.removeEvent, {
      eventID: review,
      scope: EDIT_SCOPE.code.thisEvent,
      original: `${mondays[3]}T09:00`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Monthly on the 31st: the last day of a shorter month.
    await create({
      eventTitle: "Month end",
      eventStart: `${day(1, 31)}T10:00`,
      eventMinutes: 30,
      eventRecurrence: monthly,
      eventRecurrenceCount: 4,
    });
    // On the 30th, or February's last day: RFC 5545's BYSETPOS, which ICAL misreads with BYMONTHDAY
    // (the test's parser, and Thunderbird's): its RRULE is checked as text, and it is left out below.
    const thirtieth = await create({
      eventTitle: "Thirtieth",
      eventStart: `${day(1, 30)}T11:00`,
      eventRecurrence: monthly,
      eventRecurrenceCount: 3,
    });
    // Daily until a date, from the Friday before the change to the Wednesday after it.
    const friday = plus(springForward, -2);
    await create({
      eventTitle: "Early check",
      eventStart: `${friday}T07:15`,
      eventMinutes: 20,
      eventRecurrence: daily,
      eventRecurrenceUntil: plus(springForward, 3),
    });
    // All day, daily five times over the change; its Sunday removed, its Saturday moved.
    const siteBody = {
      eventTitle: "Site days",
      eventStart: `${friday}T00:00`,
      eventMinutes: 1_440,
      eventVisibleFor: EVERYBODY,
      eventAllDay: 1,
      eventRecurrence: daily,
      eventRecurrenceCount: 5,
    };
    const siteDays = await create(siteBody);
    const [saturday, sunday] = [plus(friday, 1), springForward];
    expect(
      (
        await admin.operation(OPERATIONS.removeEvent, {
          eventID: siteDays,
          scope: EDIT_SCOPE.code.thisEvent,
          original: `${sunday}T00:00`,
        })
      ).statusCode,
    ).toBe(200);
    const movedDay = await admin.operation(OPERATIONS.changeEvent, {
      ...siteBody,
      eventID: siteDays,
      scope: EDIT_SCOPE.code.thisEvent,
      original: `${saturday}T00:00`,
      eventStart: `${onOrAfter(day(3, 20), 5)}T00:00`,
      eventTitle: "Site day (moved)",
    });
    expect(movedDay.statusCode, movedDay.body).toBe(200);
    // In Berlin's zone, weekly on Wednesdays at 09:00 across its own change (written as the calendar's writer keeps it).
    const berlin = {
      start: `${onOrAfter(day(3, 15), 3)}T09:00`,
      minutes: 45,
      allDay: false,
      rule: { recurrence: weekly, weekdays: [3], count: 4 } as SeriesRule,
      zone: BERLIN,
    };
    const span = seriesSpan(berlin);
    await t.db
      .insertInto("tblEvent")
      .values({
        eventTitle: "Berlin sync",
        eventStart: berlin.start,
        eventMinutes: berlin.minutes,
        eventZone: BERLIN,
        eventVisibleFor: EVERYBODY,
        eventRecurrence: weekly,
        eventRecurrenceDays: "|3|",
        eventRecurrenceCount: 4,
        eventFrom: new Date(span.from),
        eventTo: new Date(span.to),
        empID: await empIDOf(t.db, "admin"),
      })
      .execute();

    const url = await newAddress(admin);
    const feed = await read(url);
    expect(feed.statusCode, feed.body).toBe(200);
    const text = feed.body;
    // The series' times carry their zone; the changed occurrence names its start in the series' zone, the removed one too.
    const ymd = (date: string | undefined) => (date ?? "").replaceAll("-", "");
    expect(text).toContain(`DTSTART;TZID=${NY}:${ymd(monday)}T090000`);
    expect(text).toContain(`RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6`);
    expect(text).toContain(`RECURRENCE-ID;TZID=${NY}:${ymd(mondays[2])}T090000`);
    expect(text).toContain(`EXDATE;TZID=${NY}:${ymd(mondays[3])}T090000`);
    expect(text).toContain(`RECURRENCE-ID;VALUE=DATE:${ymd(saturday)}`);
    expect(text).toContain(`EXDATE;VALUE=DATE:${ymd(sunday)}`);
    expect(text).toContain(`DTSTART;TZID=${BERLIN}:`);
    expect(text).toContain(`TZID:${BERLIN}`);
    expect(text).toContain("RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4");
    expect(text).toContain("RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1;COUNT=3");
    // What the dialog has: the place, the link, the words, who attends.
    const master = parsed(text).byUid.get(`office-event-${review}@localhost`)?.master as ICAL.Component;
    expect(master.getFirstPropertyValue("location")).toBe("Room 2");
    expect(master.getFirstPropertyValue("url")).toBe("https://meet.example.com/review");
    expect(String(master.getFirstPropertyValue("description"))).toMatch(
      /^The week's projects, in turn\.\n\nAttendees: /,
    );

    const [from, to] = [new Date(WINDOW.from), new Date(WINDOW.to)];
    const api = (await admin.operation(OPERATIONS.calendarOccurrences, WINDOW)).json().data as CalendarOccurrence[];
    const expected = api.filter((o) => o.eventID !== thirtieth).map(fromApi);
    expect(feedOccurrences(text, from, to).filter((key) => !key.startsWith(`${thirtieth} `))).toEqual(expected.sort());
    // The occurrences compared are the ones meant: the moved one at its own time, the removed one gone.
    const reviews = api.filter((o) => o.eventID === review).map((o) => `${o.start} ${o.title}`);
    expect(reviews).toEqual([
      `${mondays[0]}T09:00:00-05:00 Weekly review`,
      `${mondays[1]}T09:00:00-05:00 Weekly review`,
      `${mondays[2]}T14:30:00-04:00 Weekly review (afternoon)`,
      `${mondays[4]}T09:00:00-04:00 Weekly review`,
      `${mondays[5]}T09:00:00-04:00 Weekly review`,
    ]);
    expect(api.some((o) => o.title === "Berlin sync")).toBe(true);
    expect(api.some((o) => o.title === "Site day (moved)")).toBe(true);
  });

  it("holds only what its owner may see: an Attendees event its attendees' and creator's alone", async () => {
    const board = await create({
      eventTitle: "Board",
      eventStart: `${day(5, 4)}T10:00`,
      eventVisibleFor: ATTENDEES,
    });
    const oneToOne = await create({
      eventTitle: "One to one",
      eventStart: `${day(5, 5)}T15:00`,
      eventVisibleFor: ATTENDEES,
      attendees: [staffID],
    });
    const townHall = await create({ eventTitle: "Town hall", eventStart: `${day(5, 6)}T16:00` });
    const forStaff = (await read(await newAddress(staff))).body;
    const forAdmin = (await read(await newAddress(admin))).body;
    expect(uidsIn(forStaff)).toEqual(expect.arrayContaining([oneToOne, townHall]));
    expect(uidsIn(forStaff)).not.toContain(board);
    expect(uidsIn(forAdmin)).toEqual(expect.arrayContaining([board, oneToOne, townHall]));
    // The same as the occurrences call shows them.
    const may = (
      await staff.operation(OPERATIONS.calendarOccurrences, {
        from: `${day(5, 1)}T00:00:00-04:00`,
        to: `${day(5, 31)}T00:00:00-04:00`,
      })
    )
      .json()
      .data.map((o: CalendarOccurrence) => o.eventID);
    expect(may).not.toContain(board);
    expect(may).toEqual(expect.arrayContaining([oneToOne, townHall]));
  });

  it("answers a wrong, revoked or another's address with the same 404; a new address ends the old one", async () => {
    const staffUrl = await newAddress(staff);
    const old = await newAddress(admin);
    const adminID = await empIDOf(t.db, "admin");
    const tokenOf = (url: string) => /\/([^/]+)\.ics$/.exec(url)?.[1] as string;
    const made = await newAddress(admin);
    expect(made).not.toBe(old);
    expect((await read(made)).statusCode).toBe(200);
    const refusals = [
      old,
      // A well-formed secret that is no one's.
      made.replace(tokenOf(made), "A".repeat(43)),
      // Staff's secret under admin's id, and admin's under staff's.
      made.replace(tokenOf(made), tokenOf(staffUrl)),
      staffUrl.replace(tokenOf(staffUrl), tokenOf(made)),
    ];
    for (const url of refusals) {
      const refused = await read(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({
        statusCode: 404,
        error: "Not Found",
        message: "There is no calendar feed at this address.",
        path: new URL(url).pathname,
        requestId: expect.any(String),
      });
    }
    expect((await read(staffUrl)).statusCode).toBe(200);
    // A secret that is not one is refused by its shape.
    const malformed = await t.app.inject({ method: "GET", url: `/API/Calendar/Feed/${adminID}/not~a~secret.ics` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, fieldErrors: { token: "is not an address's secret" } });

    const revoked = await admin.operation(OPERATIONS.revokeCalendarFeed);
    expect(revoked.json()).toEqual({ count: 1 });
    expect((await read(made)).statusCode).toBe(404);
    expect((await admin.operation(OPERATIONS.calendarFeed)).json()).toEqual({ url: null, created: null });
    expect((await admin.operation(OPERATIONS.revokeCalendarFeed)).json()).toEqual({ count: 0 });
    // Who made, replaced and revoked an address is in the trail; the secret never is.
    const trail = await t.db
      .selectFrom("auditLog")
      .select(["action", "before", "after"])
      .where("tableName", "=", "calendarFeed")
      .where("recordKey", "=", String(adminID))
      .orderBy("auditID")
      .execute();
    expect(trail.map((row) => row.action).slice(-3)).toEqual(["update", "update", "delete"]);
    expect(JSON.stringify(trail)).not.toMatch(/token/i);
  });

  it("keeps the secret's SHA-256, never the secret", async () => {
    const url = await newAddress(staff);
    const token = /\/([^/]+)\.ics$/.exec(url)?.[1] as string;
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from "calendarFeed" where "empID" = ${staffID}`.execute(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    const stored = JSON.stringify(rows);
    const bytes = Buffer.from(token, "base64url");
    for (const form of [token, bytes.toString("hex"), bytes.toString("base64")]) expect(stored).not.toContain(form);
  });

  it("is refused without view on the calendar, and stops working when it is taken away", async () => {
    for (const op of [OPERATIONS.calendarFeed, OPERATIONS.newCalendarFeed]) {
      const refused = await noperm.operation(op, op.method === "POST" ? {} : undefined);
      expect(refused.statusCode).toBe(403);
    }
    const viewerID = await employeeWithLogin(t.db, "Viewer", null);
    await setPermissions(t.db, viewerID, [
      { page: 1, view: 1 },
      { page: 39, view: 1 },
    ]);
    const viewer = t.as("viewer");
    const url = await newAddress(viewer);
    expect((await read(url)).statusCode).toBe(200);
    await setPermissions(t.db, viewerID, [{ page: 1, view: 1 }]);
    expect((await read(url)).statusCode).toBe(404);
    expect((await viewer.operation(OPERATIONS.calendarFeed)).statusCode).toBe(403);
    expect((await viewer.operation(OPERATIONS.newCalendarFeed, {})).statusCode).toBe(403);
    // Given back, the same address works again: the right is read when the feed is.
    await setPermissions(t.db, viewerID, [
      { page: 1, view: 1 },
      { page: 39, view: 1 },
    ]);
    expect((await read(url)).statusCode).toBe(200);
  });

  it(`is made at most ${CALENDAR_FEED_READS_PER_MINUTE} times a minute for one owner, then answered 429 with Retry-After; another owner's is not held back`, async () => {
    const looperID = await employeeWithLogin(t.db, "Looper", null);
    await setPermissions(t.db, looperID, [
      { page: 1, view: 1 },
      { page: 39, view: 1 },
    ]);
    const url = await newAddress(t.as("looper"));
    for (let n = 0; n < CALENDAR_FEED_READS_PER_MINUTE; n++) expect((await read(url)).statusCode).toBe(200);
    const refused = await read(url);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/read it again in \d+ seconds/);
    // A wrong secret for the same owner is still the same 404, not a hint that the owner is busy.
    expect((await read(url.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${"A".repeat(43)}.ics`))).statusCode).toBe(404);
    const others = await newAddress(staff);
    expect((await read(others)).statusCode).toBe(200);
  });

  it("stops working for good when its owner is made inactive", async () => {
    const leaverID = await employeeWithLogin(t.db, "Leaver", null);
    await setPermissions(t.db, leaverID, [
      { page: 1, view: 1 },
      { page: 39, view: 1 },
    ]);
    const url = await newAddress(t.as("leaver"));
    expect((await read(url)).statusCode).toBe(200);
    await t.db.updateTable("tblEmployee").set({ empActive: 0 }).where("empID", "=", leaverID).execute();
    expect((await read(url)).statusCode).toBe(404);
    // Active again, the address made before stays ended, as the sessions of then do.
    await t.db.updateTable("tblEmployee").set({ empActive: 1 }).where("empID", "=", leaverID).execute();
    expect((await read(url)).statusCode).toBe(404);
    const leaver = t.as("leaver");
    await leaver.signInAgain();
    expect((await leaver.operation(OPERATIONS.calendarFeed)).json()).toEqual({ url: null, created: null });
  });

  it("holds the events that ended within the year and later, at most its bound, the nearest to today first", async () => {
    const url = await newAddress(admin);
    const adminID = await empIDOf(t.db, "admin");
    // Written straight, as the calendar's writer keeps events: one ended two years ago, and more
    // coming ones than a feed holds, a day apart from next year on.
    const once = (title: string, start: string) => ({
      eventTitle: title,
      eventStart: start.slice(0, 16),
      eventMinutes: 60,
      eventZone: NY,
      eventFrom: new Date(`${start}:00Z`),
      eventTo: new Date(new Date(`${start}:00Z`).getTime() + 3_600_000),
      empID: adminID,
    });
    const { eventID: past } = await t.db
      .insertInto("tblEvent")
      .values(once("Two years ago", `${YEAR - 3}-06-01T14:00`))
      .returning("eventID")
      .executeTakeFirstOrThrow();
    const coming = CALENDAR_FEED_EVENTS + 5;
    await sql`insert into "tblEvent" ("eventTitle", "eventStart", "eventMinutes", "eventZone", "eventFrom", "eventTo", "empID")
      select 'Coming ' || n, to_char(d, 'YYYY-MM-DD"T"HH24:MI'), 60, ${NY}, d, d + interval '1 hour', ${adminID}
      from generate_series(1, ${coming}) as n,
        lateral (select (${`${YEAR + 1}-01-01T14:00:00Z`}::timestamptz + n * interval '1 day') at time zone 'UTC' as d) as day`.execute(
      t.db,
    );
    const feed = await read(url);
    expect(feed.statusCode).toBe(200);
    const titles = parsed(feed.body)
      .calendar.getAllSubcomponents("vevent")
      .filter((vevent) => !vevent.hasProperty("recurrence-id"))
      .map((vevent) => String(vevent.getFirstPropertyValue("summary")));
    expect(titles).toHaveLength(CALENDAR_FEED_EVENTS);
    expect(titles).not.toContain("Two years ago");
    // The farthest coming ones are those left out, and the log says the feed was cut.
    expect(titles).toContain("Coming 1");
    expect(titles).not.toContain(`Coming ${coming}`);
    expect(t.logs.some((line) => line.includes("a calendar feed holds its bound of events"))).toBe(true);
    expect(past).toBeGreaterThan(0);
    // The address, a secret, is in no log line.
    const token = /\/([^/]+)\.ics$/.exec(url)?.[1] as string;
    expect(t.logs.some((line) => line.includes(token))).toBe(false);
  });
});
