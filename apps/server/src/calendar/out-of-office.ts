import { type ColleagueAbsence, SCHEDULE_CATEGORY, zonedIso } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { served } from "../http/operations.js";
import { type ExceptionRow, exceptionsOf, occurrencesNow, seriesOf } from "./read.js";

/*
 * Out of office (issue 35, beyond the spec): an event of the category "Out of office" holds its
 * attendees Out in the colleagues' availability while one of its occurrences lasts. Nothing is
 * written when it begins or ends: the absences are found when the list is read (here, for the
 * call and for the live stream's rows), and the browser compares them with the clock (core
 * availability.ts), so a status turns Out and back by itself.
 */

const DAY_MS = 86_400_000;
/**
 * How far an absence is followed: a series of days out, end to end, is one absence until its
 * last day within this (a longer one shows its end as far as this reaches, and moves on as days pass).
 */
const FOLLOWED_DAYS = 31;
/**
 * Absences that begin within this are told too, so a status turns Out when one begins without
 * reading the list again (every tab reads it again at the company's midnight: live/hub.ts).
 */
const SOON_MS = 2 * DAY_MS;

type EventRow = Parameters<typeof seriesOf>[0] & { eventID: number };

interface Piece {
  start: number;
  end: number;
  allDay: boolean;
}

/** An event's occurrences from `from` to `to` as they are now (read.ts's `occurrencesNow`). */
function piecesOf(event: EventRow, exceptions: readonly ExceptionRow[], from: Date, to: Date): Piece[] {
  const series = seriesOf(event);
  return occurrencesNow(series, exceptions, from, to).map(({ start, end }) => ({
    start,
    end,
    allDay: series.allDay === true,
  }));
}

/** One person's pieces end to end: one that begins when or before another ends continues it. */
function joined(pieces: Piece[]): Piece[] {
  const chains: Piece[] = [];
  for (const piece of pieces.filter((p) => p.end > p.start).sort((a, b) => a.start - b.start)) {
    const last = chains.at(-1);
    if (last && piece.start <= last.end) {
      if (piece.end >= last.end) Object.assign(last, { end: piece.end, allDay: piece.allDay });
    } else chains.push({ ...piece });
  }
  return chains;
}

/**
 * The absences of people, now or beginning within two days (SOON_MS), as core's availability
 * takes them: of those named, or of everyone in the availability list (`listed`). Every
 * "Out of office" event counts, whoever may see it: what is told is only when.
 */
export async function absencesOf(
  db: Kysely<DB>,
  who: readonly number[] | "listed",
  now: Date,
  timeZone: string,
): Promise<ColleagueAbsence[]> {
  if (who !== "listed" && who.length === 0) return [];
  const to = new Date(now.getTime() + FOLLOWED_DAYS * DAY_MS);
  const { rows } = await sql<EventRow & { attendee: number }>`select e."eventID", e."eventTitle", e."eventCategory",
      e."eventStart", e."eventMinutes", e."eventAllDay", e."eventZone", e."eventLocation", e."eventRecurrence",
      e."eventRecurrenceDays", e."eventRecurrenceUntil", e."eventRecurrenceCount", a."empID" as "attendee"
    from "tblEvent" e join "tblEventAttendee" a on a."eventID" = e."eventID"
    where e."eventCategory" = ${SCHEDULE_CATEGORY.outOfOffice} and e."eventTo" > ${now} and e."eventFrom" < ${to}
      and a."empID" in (${who === "listed" ? sql`select "empID" from "vwEmployeeAvailability"` : sql.join(who)})`.execute(
    db,
  );
  if (rows.length === 0) return [];
  const eventIDs = [...new Set(rows.map((row) => row.eventID))];
  const exceptions = await exceptionsOf(db, eventIDs);
  const piecesOfEvent = new Map<number, Piece[]>();
  const piecesOfPerson = new Map<number, Piece[]>();
  for (const row of rows) {
    let pieces = piecesOfEvent.get(row.eventID);
    if (!pieces) {
      pieces = piecesOf(row, exceptions.get(row.eventID) ?? [], now, to);
      piecesOfEvent.set(row.eventID, pieces);
    }
    piecesOfPerson.set(row.attendee, [...(piecesOfPerson.get(row.attendee) ?? []), ...pieces]);
  }
  const soon = now.getTime() + SOON_MS;
  const absences: ColleagueAbsence[] = [];
  for (const [empID, pieces] of [...piecesOfPerson].sort(([a], [b]) => a - b))
    for (const chain of joined(pieces))
      if (chain.start < soon)
        absences.push({
          empID,
          from: zonedIso(new Date(chain.start), timeZone),
          until: zonedIso(new Date(chain.end), timeZone),
          allDay: chain.allDay,
        });
  return absences;
}

const answer = z.object({
  data: z.array(z.object({ empID: z.number(), from: z.string(), until: z.string(), allDay: z.boolean() })),
});

/** GET /API/Availability/OutOfOffice: the absences of everyone in the availability list. */
export async function outOfOfficeRoutes(
  instance: FastifyInstance,
  { db, timeZone }: { db: Kysely<DB>; timeZone: () => string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...served("colleaguesOutOfOffice", { response: { 200: answer } }),
    handler: async () => ({ data: await absencesOf(db, "listed", new Date(), timeZone()) }),
  });
}
