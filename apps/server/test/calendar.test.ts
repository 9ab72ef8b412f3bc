import { CALENDAR_RANGE_DAYS, OPERATIONS, RECURRENCE, VISIBILITY } from "@office/core";
import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../src/db/schema.js";
import { useTestApp } from "./support/context.js";
import { empIDOf } from "./support/db.js";
import { ENGINES } from "./support/engines.js";

const ZONE = "America/New_York";
const { attendees, everybody } = VISIBILITY.code;

/** An event written as the calendar's writer keeps it: its span from the first start to the last end. */
async function addEvent(
  db: Kysely<DB>,
  event: {
    title: string;
    start: string;
    minutes?: number;
    visibleFor: number;
    creator: number;
    attendees?: number[];
    recurrence?: number;
    count?: number;
    from: string;
    to: string;
  },
): Promise<number> {
  const { eventID } = await db
    .insertInto("tblEvent")
    .values({
      eventTitle: event.title,
      eventStart: event.start,
      eventMinutes: event.minutes ?? 60,
      eventZone: ZONE,
      eventVisibleFor: event.visibleFor,
      eventRecurrence: event.recurrence ?? RECURRENCE.code.once,
      eventRecurrenceCount: event.count ?? null,
      eventFrom: event.from,
      eventTo: event.to,
      empID: event.creator,
    })
    .returning("eventID")
    .executeTakeFirstOrThrow();
  for (const empID of event.attendees ?? [])
    await db.insertInto("tblEventAttendee").values({ eventID, empID }).execute();
  return eventID;
}

const MARCH = { from: "2026-03-01T00:00:00-05:00", to: "2026-04-01T00:00:00-04:00" };

describe.each(ENGINES)("the calendar's events on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm } = t;
  let ids: { allHands: number; oneToOne: number; board: number };

  beforeAll(async () => {
    const [adminID, staffID] = [await empIDOf(t.db, "admin"), await empIDOf(t.db, "staff")];
    ids = {
      // Weekly on Mondays at 09:00, four times from 2 March: across New York's change on 8 March.
      allHands: await addEvent(t.db, {
        title: "All hands",
        start: "2026-03-02T09:00",
        visibleFor: everybody,
        creator: adminID,
        recurrence: RECURRENCE.code.weekly,
        count: 4,
        from: "2026-03-02T14:00:00Z",
        to: "2026-03-23T14:00:00Z",
      }),
      oneToOne: await addEvent(t.db, {
        title: "One to one",
        start: "2026-03-10T15:00",
        minutes: 30,
        visibleFor: attendees,
        creator: adminID,
        attendees: [staffID],
        from: "2026-03-10T19:00:00Z",
        to: "2026-03-10T19:30:00Z",
      }),
      board: await addEvent(t.db, {
        title: "Board",
        start: "2026-03-12T10:00",
        visibleFor: attendees,
        creator: adminID,
        from: "2026-03-12T14:00:00Z",
        to: "2026-03-12T15:00:00Z",
      }),
    };
  });

  const titlesOf = async (client: typeof admin) => {
    const response = await client.operation(OPERATIONS.calendarOccurrences, MARCH);
    expect(response.statusCode).toBe(200);
    // This file's own events: the demo company's calendar runs beside them.
    const own = new Set(Object.values(ids));
    return (response.json().data as Array<{ eventID: number; title: string; start: string }>)
      .filter(({ eventID }) => own.has(eventID))
      .map(({ title, start }) => `${title} ${start}`);
  };

  it("gives a range's occurrences by start, a series expanded at 09:00 on both sides of the change", async () => {
    expect(await titlesOf(admin)).toEqual([
      "All hands 2026-03-02T09:00:00-05:00",
      "All hands 2026-03-09T09:00:00-04:00",
      "One to one 2026-03-10T15:00:00-04:00",
      "Board 2026-03-12T10:00:00-04:00",
      "All hands 2026-03-16T09:00:00-04:00",
      "All hands 2026-03-23T09:00:00-04:00",
    ]);
  });

  it("shows an Attendees event to its attendees and its creator only, through the occurrences and through Query", async () => {
    expect(await titlesOf(staff)).toEqual([
      "All hands 2026-03-02T09:00:00-05:00",
      "All hands 2026-03-09T09:00:00-04:00",
      "One to one 2026-03-10T15:00:00-04:00",
      "All hands 2026-03-16T09:00:00-04:00",
      "All hands 2026-03-23T09:00:00-04:00",
    ]);
    const mine = `eventID IN (${Object.values(ids).join(", ")})`;
    const query = await staff.query({ table: "tblEvent", fields: "eventID,eventTitle", where: mine, order: "eventID" });
    expect(query.statusCode).toBe(200);
    expect(query.json().data.map((row: { eventID: number }) => row.eventID)).toEqual([ids.allHands, ids.oneToOne]);
    // Asked by its key, the board meeting is not there for staff: as if it did not exist.
    const board = await staff.query({ table: "tblEvent", fields: "eventID", where: `eventID = ${ids.board}` });
    expect(board.json().data).toEqual([]);
    expect((await admin.query({ table: "tblEvent", fields: "eventID", where: mine })).json().data).toHaveLength(3);
  });

  it("shows an occurrence removed on its own nowhere, and one moved on its own where it is now", async () => {
    await t.db
      .insertInto("tblEventException")
      .values([
        { eventID: ids.allHands, exceptionOriginal: "2026-03-09T09:00", exceptionCancelled: 1 },
        {
          eventID: ids.allHands,
          exceptionOriginal: "2026-03-16T09:00",
          exceptionStart: "2026-03-17T11:30",
          exceptionTitle: "All hands (moved)",
        },
      ])
      .execute();
    const response = await admin.operation(OPERATIONS.calendarOccurrences, MARCH);
    const allHands = response
      .json()
      .data.filter((row: { eventID: number }) => row.eventID === ids.allHands)
      .map(({ title, start, end, original, changed }: Record<string, unknown>) => ({
        title,
        start,
        end,
        original,
        changed,
      }));
    expect(allHands).toEqual([
      {
        title: "All hands",
        start: "2026-03-02T09:00:00-05:00",
        end: "2026-03-02T10:00:00-05:00",
        original: "2026-03-02T09:00",
        changed: false,
      },
      {
        title: "All hands (moved)",
        start: "2026-03-17T11:30:00-04:00",
        end: "2026-03-17T12:30:00-04:00",
        original: "2026-03-16T09:00",
        changed: true,
      },
      {
        title: "All hands",
        start: "2026-03-23T09:00:00-04:00",
        end: "2026-03-23T10:00:00-04:00",
        original: "2026-03-23T09:00",
        changed: false,
      },
    ]);
    await t.db.deleteFrom("tblEventException").execute();
  });

  it("refuses a range that ends before it starts or runs longer than two months, and whoever may not see the calendar", async () => {
    const twenty = await admin.operation(OPERATIONS.calendarOccurrences, {
      from: "2020-01-01T00:00:00Z",
      to: "2040-01-01T00:00:00Z",
    });
    expect(twenty.statusCode).toBe(400);
    expect(twenty.json().fieldErrors).toEqual({ to: `A range is at most ${CALENDAR_RANGE_DAYS} days` });
    const backwards = await admin.operation(OPERATIONS.calendarOccurrences, { from: MARCH.to, to: MARCH.from });
    expect(backwards.json().fieldErrors).toEqual({ to: "The end of the range must be after its start" });
    const noZone = await admin.operation(OPERATIONS.calendarOccurrences, { from: "2026-03-01T00:00:00", to: MARCH.to });
    expect(noZone.statusCode).toBe(400);
    expect((await noperm.operation(OPERATIONS.calendarOccurrences, MARCH)).statusCode).toBe(403);
    expect((await noperm.query({ table: "tblEvent", fields: "eventID" })).statusCode).toBe(403);
  });
});
