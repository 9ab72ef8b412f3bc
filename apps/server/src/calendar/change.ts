import {
  type CalendarEventInput,
  EDIT_SCOPE,
  type OccurrenceEdit,
  planAll,
  planFollowing,
  RECURRENCE,
  type SeriesException,
  type SeriesRule,
  type SeriesShape,
  tblEvent,
  wallMs,
  wallText,
} from "@office/core";
import type { Kysely } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { occurrenceAt, type SeriesTimes, seriesSpan, wallStarts } from "./occurrences.js";
import { seriesOf } from "./read.js";
import {
  checkedAttendees,
  checkSeries,
  daysText,
  eventValues,
  insertEvent,
  invalid,
  occurrenceOf,
  putAttendees,
  seriesAsked,
  writableEvent,
} from "./write.js";

const MINUTE_MS = 60_000;

/** What a change of an event asks: the event as the dialog has it now, and for a series which occurrences. */
export type EventChange = CalendarEventInput & {
  eventID: number;
  scope?: number | undefined;
  original?: string | undefined;
};

/** Whether the dialog left a series' rule as it was (then the scope's plan moves it with the occurrence). */
const sameRule = (asked: SeriesRule, stored: SeriesRule) =>
  asked.recurrence === stored.recurrence &&
  (asked.recurrence !== RECURRENCE.code.weekly || daysText(asked.weekdays) === daysText(stored.weekdays)) &&
  (asked.until ?? null) === (stored.until ?? null) &&
  (asked.count ?? null) === (stored.count ?? null);

/** The fields "This event" may not change: it keeps its own time and title only. */
function onlyTimeAndTitle(body: CalendarEventInput, row: Record<string, unknown>, attendees: number[], kept: number[]) {
  const same = (asked: unknown, stored: unknown) => (asked ?? null) === (stored ?? null);
  return (
    same(body.eventCategory, row.eventCategory) &&
    same(body.eventLocation, row.eventLocation) &&
    same(body.eventLink, row.eventLink) &&
    same(body.eventLinkTarget ?? 0, row.eventLinkTarget) &&
    same(body.eventVisibleFor ?? 2, row.eventVisibleFor) &&
    same(body.eventDescription, row.eventDescription) &&
    same(body.eventAllDay ?? 0, row.eventAllDay) &&
    attendees.length === kept.length &&
    attendees.every((empID) => kept.includes(empID))
  );
}

/** The instants an event spans, its exceptions moved out of its series included. */
function spanWith(series: SeriesTimes, exceptions: readonly SeriesException[]) {
  let { from, to } = seriesSpan(series);
  for (const exception of exceptions) {
    if (exception.cancelled || !exception.start) continue;
    const moved = occurrenceAt({ ...series, minutes: exception.minutes ?? series.minutes }, wallMs(exception.start));
    from = Math.min(from, moved.start);
    to = Math.max(to, moved.end);
  }
  return { eventFrom: new Date(from), eventTo: new Date(to) };
}

const asException = (row: {
  exceptionOriginal: string;
  exceptionStart: string | null;
  exceptionMinutes: number | null;
  exceptionCancelled: number;
  exceptionTitle: string | null;
}): SeriesException & { title: string | null } => ({
  original: row.exceptionOriginal,
  start: row.exceptionStart ?? undefined,
  minutes: row.exceptionMinutes ?? undefined,
  cancelled: row.exceptionCancelled === 1,
  title: row.exceptionTitle,
});

/** Writes an event's exceptions as they are now: those given, no others. */
async function putExceptions(
  tx: Kysely<DB>,
  eventID: number,
  exceptions: ReadonlyArray<SeriesException & { title?: string | null }>,
) {
  await tx.deleteFrom("tblEventException").where("eventID", "=", eventID).execute();
  if (exceptions.length > 0)
    await tx
      .insertInto("tblEventException")
      .values(
        exceptions.map((exception) => ({
          eventID,
          exceptionOriginal: exception.original,
          exceptionCancelled: exception.cancelled ? 1 : 0,
          exceptionStart: exception.start ?? null,
          exceptionMinutes: exception.minutes ?? null,
          exceptionTitle: exception.title ?? null,
        })),
      )
      .execute();
}

/**
 * PUT /API/Calendar/Events/{eventID}: an event changed as the dialog has it (change on the
 * calendar, or its creator). An event that happens once changes whole. Of a series, the scope
 * says which occurrences (core's plans, docs/decisions.md#recurrence): This event keeps its own
 * time and title as an exception; This and following ends the series before the occurrence and
 * starts a new one there with the change (answering its id, and how many exceptions it
 * dropped); All events moves the series as the occurrence moved and keeps the exceptions that
 * still fit. A rule the dialog changed is the new series' own. One audited transaction.
 */
export async function changeEvent(
  db: Kysely<DB>,
  { eventID, scope, original, ...body }: EventChange,
  actor: Actor,
): Promise<{ id: number; dropped: number }> {
  return db.transaction().execute(async (tx) => {
    const row = await writableEvent(tx, eventID, actor, "change");
    const stored = seriesOf(row as unknown as Parameters<typeof seriesOf>[0]);
    const asked = seriesAsked(body, stored.zone);
    const attendees = await checkedAttendees(tx, body.attendees);
    const update = async (values: Record<string, unknown>) => {
      const after = await tx
        .updateTable("tblEvent")
        .set(values)
        .where("eventID", "=", eventID)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(tx, actor, "update", tblEvent, [{ before: row, after: { ...after, attendees } }]);
    };

    if (stored.rule.recurrence === RECURRENCE.code.once) {
      await update(eventValues(body, checkSeries(asked)));
      await putAttendees(tx, eventID, attendees);
      return { id: eventID, dropped: 0 };
    }
    if (scope === undefined)
      throw invalid({ scope: "Say which events of the series: This event, This and following events, or All events" });
    const wall = occurrenceOf(stored, original);
    const key = wallText(wall);
    const edit: OccurrenceEdit = { kind: "move", start: asked.start, minutes: asked.minutes };
    const exceptions = (
      await tx.selectFrom("tblEventException").selectAll().where("eventID", "=", eventID).execute()
    ).map(asException);

    if (scope === EDIT_SCOPE.code.thisEvent) {
      const kept = (
        await tx.selectFrom("tblEventAttendee").select("empID").where("eventID", "=", eventID).execute()
      ).map((attendee) => attendee.empID);
      if (!sameRule(asked.rule, stored.rule) || !onlyTimeAndTitle(body, row, attendees, kept))
        throw invalid({
          scope:
            "This event changes its time and title only: choose This and following events or All events for the rest",
        });
      const own = {
        original: key,
        start: asked.start === key ? undefined : asked.start,
        minutes: asked.minutes === stored.minutes ? undefined : asked.minutes,
        title: body.eventTitle === row.eventTitle ? null : body.eventTitle,
      };
      const now = [...exceptions.filter((exception) => exception.original !== key), own];
      await putExceptions(tx, eventID, now);
      await update(spanWith(stored, now));
      return { id: eventID, dropped: 0 };
    }

    const shape: SeriesShape = { start: stored.start, minutes: stored.minutes, rule: stored.rule };
    const before = wallStarts(stored, wallMs(stored.start), wall - MINUTE_MS).length;
    if (scope === EDIT_SCOPE.code.thisAndFollowing && before > 0) {
      const plan = planFollowing(shape, exceptions, key, edit, before);
      const head: SeriesTimes = { ...stored, rule: (plan.head as SeriesShape).rule };
      const tail = checkSeries(
        sameRule(asked.rule, stored.rule) && plan.tail ? { ...asked, rule: plan.tail.rule } : asked,
      );
      const kept = exceptions.filter((exception) => exception.original < key);
      await putExceptions(tx, eventID, kept);
      await update({
        eventRecurrenceUntil: head.rule.until ?? null,
        eventRecurrenceCount: head.rule.count ?? null,
        ...spanWith(head, kept),
      });
      const id = await insertEvent(tx, eventValues(body, tail), attendees, actor);
      return { id, dropped: plan.dropped.length };
    }

    // All events (or This and following on the first occurrence: the whole series).
    const zoned = (series: SeriesShape): SeriesTimes => ({ ...series, zone: stored.zone, allDay: asked.allDay });
    const fits = (series: SeriesShape, at: string) =>
      wallStarts(zoned(series), wallMs(at), wallMs(at)).includes(wallMs(at));
    const plan = planAll(shape, exceptions, key, edit, fits);
    const moved = plan.series as SeriesShape;
    const series = checkSeries(sameRule(asked.rule, stored.rule) ? zoned(moved) : { ...asked, start: moved.start });
    const renamed = [...plan.kept, ...plan.dropped];
    const kept = renamed.filter((exception) => fits(series, exception.original));
    await putExceptions(tx, eventID, kept);
    await update({ ...eventValues(body, series), ...spanWith(series, kept) });
    await putAttendees(tx, eventID, attendees);
    return { id: eventID, dropped: exceptions.length - kept.length };
  });
}
