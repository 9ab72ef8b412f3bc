import { CALENDAR_RANGE_DAYS } from "../calendar/series.js";
import { operation } from "./operation.js";

const tag = "Calendar";

/** An occurrence of an event as a view shows it (docs/decisions.md#recurrence). */
export interface CalendarOccurrence {
  eventID: number;
  /** Its start as its series makes it, on the clock of the event's zone: the key of "This event". */
  original: string;
  /** Its instants, ISO 8601 with the company's offset. */
  start: string;
  end: string;
  allDay: boolean;
  title: string;
  eventCategory: number | null;
  eventLocation: string | null;
  /** One of a series (Daily, Weekly, Monthly), not an event that happens once. */
  recurring: boolean;
  /** Changed on its own ("This event"): its own time or title. */
  changed: boolean;
}

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
} as const;
