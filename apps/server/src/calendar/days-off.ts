import {
  addDays,
  type CalendarEventInput,
  type Holiday,
  RECURRENCE,
  SCHEDULE_CATEGORY,
  tblEvent,
  wallMs,
  wallText,
  wallToInstant,
} from "@office/core";
import { type Kysely, sql } from "kysely";
import type { Actor } from "../data/actor.js";
import { readableRows } from "../data/row-scope.js";
import type { DB } from "../db/schema.js";
import { occurrencesBetween, seriesSpan } from "./occurrences.js";
import { exceptionsOf, occurrencesNow, seriesOf } from "./read.js";
import { checkSeries, seriesAsked } from "./write.js";

interface BlockingRow {
  eventID: number;
  eventTitle: string;
  eventStart: string;
  eventMinutes: number;
  eventAllDay: number;
  eventZone: string;
  eventRecurrence: number;
  eventRecurrenceDays: string | null;
  eventRecurrenceUntil: string | null;
  eventRecurrenceCount: number | null;
  /** An out-of-office event's attendee among the new series' attendees, by name. */
  who: string | null;
}

/**
 * POST /API/Calendar/Events/DaysOff: the occurrences of a series as asked that fall on a company
 * holiday (an event of that schedule category the caller may see) or while one of its attendees
 * is out of office (their out-of-office events, said only by their name, as the colleagues'
 * availability says it), each with why, for the dialog to offer skipping them. Once, nothing.
 * Occurrences of those events are taken as they are now (moved or removed on their own).
 */
export async function daysOffOf(
  db: Kysely<DB>,
  body: CalendarEventInput,
  actor: Actor,
  zone: string,
  companyHolidays: readonly Holiday[] = [],
): Promise<{ data: { original: string; reason: string }[] }> {
  const series = checkSeries(seriesAsked(body, zone));
  if (series.rule.recurrence === RECURRENCE.code.once) return { data: [] };
  const span = seriesSpan(series);
  const [from, to] = [new Date(span.from), new Date(span.to)];
  const attendees = [...new Set(body.attendees ?? [])];
  const columns = sql`e."eventID", e."eventTitle", e."eventStart", e."eventMinutes", e."eventAllDay", e."eventZone",
    e."eventRecurrence", e."eventRecurrenceDays", e."eventRecurrenceUntil", e."eventRecurrenceCount"`;
  const { rows: holidays } = await sql<BlockingRow>`select ${columns}, null as "who" from "tblEvent" e
    where e."eventCategory" = ${SCHEDULE_CATEGORY.companyHoliday} and e."eventTo" > ${from} and e."eventFrom" < ${to}
      and ${readableRows(tblEvent, null, actor)}`.execute(db);
  const { rows: away } =
    attendees.length === 0
      ? { rows: [] }
      : await sql<BlockingRow>`select ${columns}, d."empName" as "who" from "tblEvent" e
          join "tblEventAttendee" a on a."eventID" = e."eventID"
          join "vwEmployeeDirectory" d on d."empID" = a."empID"
          where e."eventCategory" = ${SCHEDULE_CATEGORY.outOfOffice} and e."eventTo" > ${from} and e."eventFrom" < ${to}
            and a."empID" in (${sql.join(attendees)})`.execute(db);
  const blocking = [...holidays, ...away];
  // The holidays of the company's settings: each its whole day in the company's zone.
  const settingDays = companyHolidays.flatMap(({ date, name }) => {
    const start = wallToInstant(wallMs(`${date}T00:00`), zone);
    const end = wallToInstant(wallMs(`${addDays(date, 1)}T00:00`), zone);
    return end > from.getTime() && start < to.getTime() ? [{ occurrence: { start, end }, reason: name }] : [];
  });
  if (blocking.length === 0 && settingDays.length === 0) return { data: [] };
  const exceptions = await exceptionsOf(
    db,
    blocking.map((row) => row.eventID),
  );
  const blocks: { occurrence: { start: number; end: number }; reason: string }[] = blocking.flatMap((row) =>
    occurrencesNow(seriesOf(row), exceptions.get(row.eventID) ?? [], from, to).map((occurrence) => ({
      occurrence,
      reason: row.who ? `${row.who} is out of office` : row.eventTitle,
    })),
  );
  blocks.push(...settingDays);
  const data: { original: string; reason: string }[] = [];
  for (const occurrence of occurrencesBetween(series, from, to)) {
    const block = blocks.find(({ occurrence: other }) => other.start < occurrence.end && other.end > occurrence.start);
    if (block) data.push({ original: wallText(occurrence.original), reason: block.reason });
  }
  return { data };
}
