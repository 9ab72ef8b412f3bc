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

/** An event's row as the expander and the views read it. */
export interface EventRow {
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

export interface ExceptionRow {
  eventID: number;
  exceptionOriginal: string;
  exceptionCancelled: number;
  exceptionStart: string | null;
  exceptionMinutes: number | null;
  exceptionTitle?: string | null;
}

/** An occurrence as it is now: its key (its start as the series makes it), its instants, its own title if changed. */
export interface OccurrenceNow {
  original: string;
  start: number;
  end: number;
  title: string | null;
  changed: boolean;
}

/** The occurrences changed or removed on their own of some events (the first `limit` of them), by event. */
export async function exceptionsOf(
  db: Kysely<DB>,
  eventIDs: readonly number[],
  limit?: number,
): Promise<Map<number, Required<ExceptionRow>[]>> {
  const byEvent = new Map<number, Required<ExceptionRow>[]>();
  if (eventIDs.length === 0) return byEvent;
  const { rows } = await sql<Required<ExceptionRow>>`select * from "tblEventException"
    where "eventID" in (${sql.join([...eventIDs])})
    ${limit === undefined ? sql`` : sql`order by "eventID", "exceptionOriginal" limit ${limit}`}`.execute(db);
  for (const exception of rows) {
    const own = byEvent.get(exception.eventID);
    if (own) own.push(exception);
    else byEvent.set(exception.eventID, [exception]);
  }
  return byEvent;
}

/**
 * A series' occurrences that overlap `from` to `to` as they are now: each changed on its own
 * ("This event") where it is now, with its own length and title; each removed on its own gone.
 */
export function occurrencesNow(
  series: SeriesTimes,
  exceptions: readonly ExceptionRow[],
  from: Date,
  to: Date,
): OccurrenceNow[] {
  const changed = new Set(exceptions.map((exception) => exception.exceptionOriginal));
  const now: OccurrenceNow[] = [];
  for (const occurrence of occurrencesBetween(series, from, to)) {
    const original = wallText(occurrence.original);
    if (!changed.has(original)) now.push({ ...occurrence, original, title: null, changed: false });
  }
  for (const exception of exceptions) {
    if (exception.exceptionCancelled === 1) continue;
    const minutes = exception.exceptionMinutes ?? series.minutes;
    const moved = occurrenceAt({ ...series, minutes }, wallMs(exception.exceptionStart ?? exception.exceptionOriginal));
    if (moved.start < to.getTime() && moved.end > from.getTime())
      now.push({
        original: exception.exceptionOriginal,
        start: moved.start,
        end: moved.end,
        title: exception.exceptionTitle ?? null,
        changed: true,
      });
  }
  return now;
}

/** A stored event as the expander takes it: its wall-clock start, length, rule and zone. */
export function seriesOf(
  row: Omit<EventRow, "eventID" | "eventTitle" | "eventCategory" | "eventLocation">,
): SeriesTimes {
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
  const exceptions = await exceptionsOf(
    db,
    events.map((event) => event.eventID),
  );
  const data: CalendarOccurrence[] = [];
  for (const event of events) {
    const series = seriesOf(event);
    const recurring = event.eventRecurrence !== RECURRENCE.code.once;
    for (const occurrence of occurrencesNow(series, exceptions.get(event.eventID) ?? [], from, to))
      data.push({
        eventID: event.eventID,
        original: occurrence.original,
        start: zonedIso(new Date(occurrence.start), timeZone),
        end: zonedIso(new Date(occurrence.end), timeZone),
        allDay: series.allDay === true,
        title: occurrence.title ?? event.eventTitle,
        eventCategory: event.eventCategory,
        eventLocation: event.eventLocation,
        recurring,
        changed: occurrence.changed,
      });
  }
  data.sort((a, b) => a.start.localeCompare(b.start) || a.eventID - b.eventID);
  return { data };
}

/**
 * GET /API/Calendar/Events/{eventID}: an event as its dialog shows it, if the caller may see
 * it (the same rows as every read), with its attendees, its occurrences changed on their own
 * (for the dialog to say what This and following drops) and what the caller may do to it.
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
  const exceptions = await db
    .selectFrom("tblEventException")
    .select("exceptionOriginal")
    .where("eventID", "=", eventID)
    .orderBy("exceptionOriginal")
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
    exceptions: exceptions.map((exception) => exception.exceptionOriginal),
    empID: row.empID as number | null,
    mayChange: mine || may(actor, tblEvent.access.change, "change"),
    mayDelete: mine || may(actor, tblEvent.access.del, "del"),
  };
}
