import type { z } from "zod";
import type { calendarEventSchema, calendarOccurrenceSchema } from "../bodies.js";
import { CALENDAR_RANGE_DAYS, EVENT_ATTENDEES, SERIES_YEARS } from "../calendar/series.js";
import { operation } from "./operation.js";

const tag = "Calendar";

/** An occurrence of an event as a view shows it (docs/decisions.md#recurrence), declared by its schema. */
export type CalendarOccurrence = z.infer<typeof calendarOccurrenceSchema>;

/** An event as its dialog shows it, with whether the caller may change or delete it. */
export type CalendarEventRecord = z.infer<typeof calendarEventSchema>;

/** The calendar's own calls (page 39): a range's occurrences, of the events visible to the caller. */
export const CALENDAR_OPERATIONS = {
  calendarOccurrences: operation<{ from: string; to: string }, { data: CalendarOccurrence[] }>({
    method: "GET",
    path: "/API/Calendar/Occurrences",
    summary: `The occurrences from \`from\` to \`to\` (instants, ISO 8601 with an offset; at most ${CALENDAR_RANGE_DAYS} days) of the events the caller may see (view on the calendar; an Attendees event is its attendees' and its creator's), series expanded in their zone, occurrences changed or removed on their own as they are now, by start.`,
    tag,
    requires: { table: "tblEvent", flag: "view" },
    reads: ["tblEvent", "tblEventAttendee", "tblEventException"],
    changes: [],
  }),
  calendarEvent: operation<{ eventID: number }, CalendarEventRecord>({
    method: "GET",
    path: "/API/Calendar/Events/:eventID",
    summary:
      "An event as its dialog shows it (view on the calendar, and the event visible to the caller): its series as entered, its attendees, and whether the caller may change or delete it (change or delete on the calendar, or its creator).",
    tag,
    requires: { table: "tblEvent", flag: "view" },
    reads: ["tblEvent", "tblEventAttendee"],
    changes: [],
  }),
  eventDaysOff: operation<CalendarEventInput, { data: { original: string; reason: string }[] }>({
    method: "POST",
    path: "/API/Calendar/Events/DaysOff",
    summary:
      "The occurrences of a series as the dialog has it that fall on a company holiday or while one of its attendees is out of office, each with why (the holiday's title, or the attendee's name alone), for the dialog to offer skipping them. Changes nothing.",
    tag,
    requires: { table: "tblEvent", flag: "view" },
    reads: ["tblEvent", "tblEventAttendee", "tblEventException"],
    changes: [],
  }),
  createEvent: operation<CalendarEventInput & { skip?: string[] }, { id: number }>({
    method: "POST",
    path: "/API/Calendar/Events",
    summary: `A new event (add on the calendar): once, or a series (Daily, Weekly on days, Monthly) that ends by a date or a number of times within ${SERIES_YEARS} years, in the company's time zone, with its attendees (active employees, at most ${EVENT_ATTENDEES}); of a series, the occurrences \`skip\` names removed from the start. Audited. Answers its id.`,
    tag,
    requires: { table: "tblEvent", flag: "add" },
    reads: [],
    changes: ["tblEvent", "tblEventAttendee"],
  }),
  changeEvent: operation<
    CalendarEventInput & { eventID: number; scope?: number; original?: string },
    { id: number; dropped: number }
  >({
    method: "PUT",
    path: "/API/Calendar/Events/:eventID",
    summary:
      "Changes an event as the dialog has it (change on the calendar, or its creator): whole when it happens once; of a series, the occurrence `original` alone (scope 1, This event: its time and title), it and those after it (2: the series ends before it and a new one starts there, whose id is answered), or all (3: the series moves as the occurrence moved). Answers the event's id and how many occurrences changed on their own were dropped. Audited.",
    tag,
    reads: [],
    changes: ["tblEvent", "tblEventAttendee", "tblEventException"],
  }),
  removeEvent: operation<{ eventID: number; scope?: number; original?: string }, { count: number }>({
    method: "POST",
    path: "/API/Calendar/Events/:eventID/Remove",
    summary:
      "Removes an event (delete on the calendar, or its creator): the whole of it, or of a series the occurrence `original` alone (scope 1, This event), it and those after it (2), or all (3). Audited. Answers 1.",
    tag,
    reads: [],
    changes: ["tblEvent", "tblEventAttendee", "tblEventException"],
  }),
} as const;

/** What a new event is made of (core's bodies.ts checks it on the server). */
export interface CalendarEventInput {
  eventTitle: string;
  eventCategory?: number | null;
  /** On the clock of the company's zone: "2026-03-02T09:00". */
  eventStart: string;
  eventMinutes: number;
  eventAllDay?: number;
  eventLocation?: string | null;
  eventLink?: string | null;
  eventLinkTarget?: number;
  eventVisibleFor?: number;
  eventRecurrence?: number;
  eventRecurrenceDays?: number[] | null;
  eventRecurrenceUntil?: string | null;
  eventRecurrenceCount?: number | null;
  eventDescription?: string | null;
  attendees?: number[];
}
