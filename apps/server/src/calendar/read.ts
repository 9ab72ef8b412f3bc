import {
  CALENDAR_RANGE_DAYS,
  type CalendarEventRecord,
  type CalendarOccurrence,
  RECURRENCE,
  type SeriesRule,
  tblEvent,
  wallMs,
  wallText,
  zonedIso,
} from "@office/core";
import { type Kysely, sql } from "kysely";
import { type Actor, may } from "../data/actor.js";
import { readableRows } from "../data/row-scope.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { occurrenceAt, occurrencesBetween, type SeriesTimes } from "./occurrences.js";

const DAY_MS = 86_400_000;

interface EventRow {
  eventID: number;
  eventTitle: string;
  eventCategory: number | null;
  eventStart: string;
  eventMinutes: number;
  eventAllDay: number;
  eventZone: string;
  eventLocation: string | null;
  eventRecurrence: number;
  eventRecurrenceDays: string | null;
  eventRecurrenceUntil: string | null;
  eventRecurrenceCount: number | null;
}

interface ExceptionRow {
  eventID: number;
  exceptionOriginal: string;
  exceptionCancelled: number;
  exceptionStart: string | null;
  exceptionMinutes: number | null;
  exceptionTitle: string | null;
}

/** A stored event as the expander takes it: its wall-clock start, length, rule and zone. */
export function seriesOf(row: EventRow): SeriesTimes {
  const rule: SeriesRule = {
    recurrence: row.eventRecurrence as SeriesRule["recurrence"],
    weekdays: row.eventRecurrenceDays ? row.eventRecurrenceDays.split("|").filter(Boolean).map(Number) : null,
    until: row.eventRecurrenceUntil ? String(row.eventRecurrenceUntil).slice(0, 10) : null,
    count: row.eventRecurrenceCount,
  };
  return { start: row.eventStart, minutes: row.eventMinutes, allDay: row.eventAllDay === 1, rule, zone: row.eventZone };
}

/** The range asked, checked: instants in order, at most CALENDAR_RANGE_DAYS apart. */
function rangeOf(from: string, to: string): [Date, Date] {
  const range: [Date, Date] = [new Date(from), new Date(to)];
  const [start, end] = range;
  if (end <= start)
    throw AppError.badRequest("The range is not valid.", { to: "The end of the range must be after its start" });
  if (end.getTime() - start.getTime() > CALENDAR_RANGE_DAYS * DAY_MS)
    throw AppError.badRequest("The range is not valid.", { to: `A range is at most ${CALENDAR_RANGE_DAYS} days` });
  return range;
}

/**
 * GET /API/Calendar/Occurrences: the occurrences of a range, of the events the caller may see
 * (the same rows the data service's Query gives them), series expanded in their zone and each
 * occurrence changed or removed on its own as it is now. Times go out with the company's offset.
 */
export async function occurrencesIn(
  db: Kysely<DB>,
  input: { from: string; to: string },
  actor: Actor,
  timeZone: string,
): Promise<{ data: CalendarOccurrence[] }> {
  const [from, to] = rangeOf(input.from, input.to);
  // An occurrence moved on its own may leave its series' span: the span is kept to cover it.
  const { rows: events } = await sql<EventRow>`select "eventID", "eventTitle", "eventCategory", "eventStart",
      "eventMinutes", "eventAllDay", "eventZone", "eventLocation", "eventRecurrence", "eventRecurrenceDays",
      "eventRecurrenceUntil", "eventRecurrenceCount"
    from "tblEvent"
    where "eventTo" > ${from} and "eventFrom" < ${to} and ${readableRows(tblEvent, null, actor)}`.execute(db);
  if (events.length === 0) return { data: [] };
  const { rows: exceptions } = await sql<ExceptionRow>`select * from "tblEventException"
    where "eventID" in (${sql.join(events.map((event) => event.eventID))})`.execute(db);
  const exceptionsOf = new Map<number, ExceptionRow[]>();
  for (const exception of exceptions) {
    const own = exceptionsOf.get(exception.eventID);
    if (own) own.push(exception);
    else exceptionsOf.set(exception.eventID, [exception]);
  }
  const data: CalendarOccurrence[] = [];
  for (const event of events) {
    const series = seriesOf(event);
    const recurring = event.eventRecurrence !== RECURRENCE.code.once;
    const own = exceptionsOf.get(event.eventID) ?? [];
    const changed = new Set(own.map((exception) => exception.exceptionOriginal));
    const add = (original: string, { start, end }: { start: number; end: number }, title: string, isChanged: boolean) =>
      data.push({
        eventID: event.eventID,
        original,
        start: zonedIso(new Date(start), timeZone),
        end: zonedIso(new Date(end), timeZone),
        allDay: series.allDay === true,
        title,
        eventCategory: event.eventCategory,
        eventLocation: event.eventLocation,
        recurring,
        changed: isChanged,
      });
    for (const occurrence of occurrencesBetween(series, from, to)) {
      const original = wallText(occurrence.original);
      if (!changed.has(original)) add(original, occurrence, event.eventTitle, false);
    }
    // Each exception of the event: where it is now, if that falls in the range.
    for (const exception of own) {
      if (exception.exceptionCancelled === 1) continue;
      const minutes = exception.exceptionMinutes ?? series.minutes;
      const moved = occurrenceAt(
        { ...series, minutes },
        wallMs(exception.exceptionStart ?? exception.exceptionOriginal),
      );
      if (moved.start < to.getTime() && moved.end > from.getTime())
        add(exception.exceptionOriginal, moved, exception.exceptionTitle ?? event.eventTitle, true);
    }
  }
  data.sort((a, b) => a.start.localeCompare(b.start) || a.eventID - b.eventID);
  return { data };
}

/**
 * GET /API/Calendar/Events/{eventID}: an event as its dialog shows it, if the caller may see
 * it (the same rows as every read), with its attendees and what the caller may do to it.
 */
export async function eventOf(db: Kysely<DB>, eventID: number, actor: Actor): Promise<CalendarEventRecord> {
  const { rows } = await sql<Record<string, unknown>>`select * from "tblEvent"
    where "eventID" = ${eventID} and ${readableRows(tblEvent, null, actor)}`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError(404, "There is no event with this id.");
  const attendees = await db
    .selectFrom("tblEventAttendee")
    .select("empID")
    .where("eventID", "=", eventID)
    .orderBy("empID")
    .execute();
  const mine = actor.kind === "employee" && row.empID === actor.empID;
  const days = row.eventRecurrenceDays as string | null;
  return {
    eventID,
    eventTitle: row.eventTitle as string,
    eventCategory: row.eventCategory as number | null,
    eventStart: row.eventStart as string,
    eventMinutes: row.eventMinutes as number,
    eventAllDay: row.eventAllDay as number,
    eventZone: row.eventZone as string,
    eventLocation: row.eventLocation as string | null,
    eventLink: row.eventLink as string | null,
    eventLinkTarget: row.eventLinkTarget as number,
    eventVisibleFor: row.eventVisibleFor as number,
    eventRecurrence: row.eventRecurrence as number,
    eventRecurrenceDays: days ? days.split("|").filter(Boolean).map(Number) : null,
    eventRecurrenceUntil: row.eventRecurrenceUntil as string | null,
    eventRecurrenceCount: row.eventRecurrenceCount as number | null,
    eventDescription: row.eventDescription as string | null,
    attendees: attendees.map((attendee) => attendee.empID),
    empID: row.empID as number | null,
    mayChange: mine || may(actor, tblEvent.access.change, "change"),
    mayDelete: mine || may(actor, tblEvent.access.del, "del"),
  };
}
