import {
  type CalendarEventInput,
  EDIT_SCOPE,
  planFollowing,
  RECURRENCE,
  type SeriesRule,
  seriesProblems,
  tblEvent,
  wallMs,
  wallText,
} from "@office/core";
import { type Kysely, sql } from "kysely";
import { type Actor, actorEmpID, may } from "../data/actor.js";
import { audit } from "../data/audit.js";
import { checkWrittenValues } from "../data/references.js";
import { readableRows } from "../data/row-scope.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { type SeriesTimes, seriesCostProblem, seriesSpan, wallStarts } from "./occurrences.js";
import { seriesOf } from "./read.js";

const MINUTE_MS = 60_000;

/** Where each of core's series problems lands in the event's form. */
const RULE_FIELDS = {
  recurrence: "eventRecurrence",
  weekdays: "eventRecurrenceDays",
  until: "eventRecurrenceUntil",
  count: "eventRecurrenceCount",
} as const;

export const invalid = (fieldErrors: Record<string, string>) =>
  AppError.badRequest("Some values are not valid.", fieldErrors);

/** The pipe list a weekly series' days are kept as ("|1|3|"), or null. */
export const daysText = (days: readonly number[] | null | undefined) =>
  days && days.length > 0 ? `|${[...new Set(days)].sort((a, b) => a - b).join("|")}|` : null;

/** An event's series as asked, on the clock of `zone`. */
export function seriesAsked(body: CalendarEventInput, zone: string): SeriesTimes {
  const rule: SeriesRule = {
    recurrence: (body.eventRecurrence ?? RECURRENCE.code.once) as SeriesRule["recurrence"],
    weekdays: body.eventRecurrenceDays ?? null,
    until: body.eventRecurrenceUntil ?? null,
    count: body.eventRecurrenceCount ?? null,
  };
  return { start: body.eventStart, minutes: body.eventMinutes, allDay: body.eventAllDay === 1, rule, zone };
}

/** A series checked against every rule of a series (docs/decisions.md#recurrence); refused with the fields' words. */
export function checkSeries(series: SeriesTimes): SeriesTimes {
  const problems: Record<string, string> = {};
  for (const [key, message] of Object.entries(seriesProblems(series.rule, series.start)))
    problems[RULE_FIELDS[key as keyof typeof RULE_FIELDS]] = message;
  if (series.allDay && (!series.start.endsWith("T00:00") || series.minutes < 1_440 || series.minutes % 1_440 !== 0))
    problems.eventMinutes = "An all-day event starts at midnight and lasts whole days";
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const cost = seriesCostProblem(series);
  if (cost) throw invalid({ eventRecurrenceCount: cost });
  return series;
}

/** Attendees as asked: each once, each an active employee. */
export async function checkedAttendees(db: Kysely<DB>, asked: readonly number[] | undefined): Promise<number[]> {
  const attendees = [...new Set(asked ?? [])];
  if (attendees.length === 0) return attendees;
  const active = await db
    .selectFrom("tblEmployee")
    .select("empID")
    .where("empID", "in", attendees)
    .where("empActive", "=", 1)
    .execute();
  if (active.length !== attendees.length) throw invalid({ attendees: "An attendee is not an active employee" });
  return attendees;
}

/** The columns of an event as asked, for its series (checked) in `zone`. */
export function eventValues(body: CalendarEventInput, series: SeriesTimes) {
  const span = seriesSpan(series);
  return {
    eventTitle: body.eventTitle,
    eventCategory: body.eventCategory ?? null,
    eventStart: series.start,
    eventMinutes: series.minutes,
    eventAllDay: series.allDay ? 1 : 0,
    eventZone: series.zone,
    eventLocation: body.eventLocation ?? null,
    eventLink: body.eventLink ?? null,
    eventLinkTarget: body.eventLinkTarget ?? 0,
    eventVisibleFor: body.eventVisibleFor ?? 2,
    eventRecurrence: series.rule.recurrence,
    eventRecurrenceDays: series.rule.recurrence === RECURRENCE.code.weekly ? daysText(series.rule.weekdays) : null,
    eventRecurrenceUntil: series.rule.until ?? null,
    eventRecurrenceCount: series.rule.count ?? null,
    eventDescription: body.eventDescription ?? null,
    eventFrom: new Date(span.from),
    eventTo: new Date(span.to),
  };
}

/** An event's attendees, as they are now: those given, no others. */
export async function putAttendees(tx: Kysely<DB>, eventID: number, attendees: readonly number[]) {
  await tx.deleteFrom("tblEventAttendee").where("eventID", "=", eventID).execute();
  if (attendees.length > 0)
    await tx
      .insertInto("tblEventAttendee")
      .values(attendees.map((empID) => ({ eventID, empID })))
      .execute();
}

/** Inserts an event and its attendees in the caller's transaction, audited with them; answers its id. */
export async function insertEvent(
  tx: Kysely<DB>,
  values: ReturnType<typeof eventValues>,
  attendees: readonly number[],
  actor: Actor,
): Promise<number> {
  await checkWrittenValues(tx, tblEvent, { eventCategory: values.eventCategory });
  const row = await tx
    .insertInto("tblEvent")
    .values({ ...values, empID: actorEmpID(actor) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await putAttendees(tx, row.eventID, attendees);
  await audit(tx, actor, "insert", tblEvent, [{ after: { ...row, attendees } }]);
  return row.eventID;
}

/**
 * POST /API/Calendar/Events: a new event in the company's zone, once or a series, its
 * attendees with it, in one audited transaction. Its span is kept with it for the ranges.
 */
export async function createEvent(
  db: Kysely<DB>,
  body: CalendarEventInput & { skip?: readonly string[] },
  actor: Actor,
  zone: string,
) {
  const series = checkSeries(seriesAsked(body, zone));
  const values = eventValues(body, series);
  // Each occurrence skipped (a day off the dialog found) is one of the series, removed from the start.
  const skipped = [...new Set(body.skip ?? [])].map((original) => wallText(occurrenceOf(series, original)));
  return db.transaction().execute(async (tx) => {
    const id = await insertEvent(tx, values, await checkedAttendees(tx, body.attendees), actor);
    if (skipped.length > 0)
      await tx
        .insertInto("tblEventException")
        .values(skipped.map((exceptionOriginal) => ({ eventID: id, exceptionOriginal, exceptionCancelled: 1 })))
        .execute();
    return { id };
  });
}

/**
 * The event a caller means to change or remove: one they may see (else 404, as if it were not
 * there), and may write, by the flag on the calendar or as its creator.
 */
export async function writableEvent(db: Kysely<DB>, eventID: number, actor: Actor, flag: "change" | "del") {
  const { rows } = await sql<Record<string, unknown>>`select * from "tblEvent"
    where "eventID" = ${eventID} and ${readableRows(tblEvent, null, actor)} for update`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError(404, "There is no event with this id.");
  const mine = actor.kind === "employee" && row.empID === actor.empID;
  if (!mine && !may(actor, tblEvent.access[flag], flag))
    throw new AppError(403, `You may not ${flag === "del" ? "delete" : "change"} this event.`);
  return row;
}

/** The occurrence an edit names, which must be one of the series (its start as the series makes it). */
export function occurrenceOf(series: SeriesTimes, original: string | undefined): number {
  const wall = original === undefined ? Number.NaN : wallMs(original);
  if (Number.isNaN(wall) || !wallStarts(series, wall, wall).includes(wall))
    throw invalid({ original: "is not an occurrence of this event" });
  return wall;
}

/**
 * POST /API/Calendar/Events/{eventID}/Remove: an event removed whole, or of a series the
 * occurrences the scope names (core's plans): This event becomes a removed exception; This and
 * following ends the series before it and drops its exceptions from there; All events, or an
 * event that happens once, removes it with its attendees and exceptions. One audited transaction.
 */
export async function removeEvent(
  db: Kysely<DB>,
  { eventID, scope, original }: { eventID: number; scope?: number | undefined; original?: string | undefined },
  actor: Actor,
): Promise<{ count: number }> {
  return db.transaction().execute(async (tx) => {
    const row = await writableEvent(tx, eventID, actor, "del");
    const series = seriesOf(row as unknown as Parameters<typeof seriesOf>[0]);
    const recurring = series.rule.recurrence !== RECURRENCE.code.once;
    if (recurring && scope === undefined)
      throw invalid({ scope: "Say which events of the series: This event, This and following events, or All events" });
    const removeWhole = async () => {
      await tx.deleteFrom("tblEvent").where("eventID", "=", eventID).execute();
      await audit(tx, actor, "delete", tblEvent, [{ before: row }]);
      return { count: 1 };
    };
    if (!recurring || scope === EDIT_SCOPE.code.allEvents) return removeWhole();
    const wall = occurrenceOf(series, original);
    const key = wallText(wall);
    if (scope === EDIT_SCOPE.code.thisEvent) {
      await tx
        .insertInto("tblEventException")
        .values({ eventID, exceptionOriginal: key, exceptionCancelled: 1 })
        .onConflict((oc) =>
          oc.columns(["eventID", "exceptionOriginal"]).doUpdateSet({
            exceptionCancelled: 1,
            exceptionStart: null,
            exceptionMinutes: null,
            exceptionTitle: null,
          }),
        )
        .execute();
      await audit(tx, actor, "update", tblEvent, [{ before: row, after: { ...row, removedOccurrence: key } }]);
      return { count: 1 };
    }
    // This and following: the series ends before the occurrence (all of it, from its first).
    const before = wallStarts(series, wallMs(series.start), wall - MINUTE_MS).length;
    const plan = planFollowing(series, [], key, { kind: "delete" }, before);
    if (!plan.head) return removeWhole();
    const head: SeriesTimes = { ...series, rule: plan.head.rule };
    const span = seriesSpan(head);
    const changed = await tx
      .updateTable("tblEvent")
      .set({
        eventRecurrenceUntil: head.rule.until ?? null,
        eventRecurrenceCount: head.rule.count ?? null,
        eventTo: new Date(span.to),
      })
      .where("eventID", "=", eventID)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .deleteFrom("tblEventException")
      .where("eventID", "=", eventID)
      .where("exceptionOriginal", ">=", key)
      .execute();
    await audit(tx, actor, "update", tblEvent, [{ before: row, after: changed }]);
    return { count: 1 };
  });
}
