import { operation } from "./operation.js";

const tag = "Calendar";

/**
 * The calendar's subscription feed (beyond the spec; docs/data-model.md, "The calendar's
 * subscription feeds"): each user's private iCalendar (.ics) address of the events they may see,
 * for Outlook, Google or Apple Calendar. The address holds a secret; whoever has it reads the
 * feed without signing in, as its owner would see the calendar when it is read (view on the
 * calendar, an Attendees event only its attendees' and creator's).
 */
export const CALENDAR_FEED_PATH = "/API/Calendar/Feed";

/** The feed's own address: the owner's id and the secret, served without a session. */
export const calendarFeedPath = (empID: number, token: string) => `${CALENDAR_FEED_PATH}/${empID}/${token}.ics`;

/** The secret's random bytes: written as base64url, 43 characters. */
export const CALENDAR_FEED_TOKEN_BYTES = 32;

/** A feed holds the events that ended at most this many days ago, and every later one. */
export const CALENDAR_FEED_PAST_DAYS = 366;

/** The most events one feed holds (each a series or a single event): the nearest to today first. */
export const CALENDAR_FEED_EVENTS = 5_000;

/** The most occurrences changed or removed on their own that one feed carries. */
export const CALENDAR_FEED_EXCEPTIONS = 50_000;

/**
 * How often one owner's feed is made in a minute (calendar apps read every few minutes to every
 * few hours): a feed of thousands of events is a second of the server's work, so an address
 * read in a loop is answered 429 with Retry-After past this, not with the server's time.
 */
export const CALENDAR_FEED_READS_PER_MINUTE = 6;

/** The caller's feed address as the calendar page shows it: none until one is made. */
export interface CalendarFeedAddress {
  /** The address to paste into a calendar app (https://…/API/Calendar/Feed/12/….ics), or null. */
  url: string | null;
  /** When it was made (ISO 8601), or null. */
  created: string | null;
}

/** The calls of the caller's own feed address: read it, make a new one (the old stops working), revoke it. */
export const CALENDAR_FEED_OPERATIONS = {
  calendarFeed: operation<void, CalendarFeedAddress>({
    method: "GET",
    path: CALENDAR_FEED_PATH,
    summary:
      "The caller's private iCalendar address of the calendar (view on the calendar), to subscribe to in a calendar app; null until one is made.",
    tag,
    requires: { table: "tblEvent", flag: "view" },
    reads: ["calendarFeed"],
    changes: [],
  }),
  newCalendarFeed: operation<void, CalendarFeedAddress & { url: string; created: string }>({
    method: "POST",
    path: CALENDAR_FEED_PATH,
    summary: `Makes the caller a new private iCalendar address (view on the calendar): a new secret of ${CALENDAR_FEED_TOKEN_BYTES} random bytes; an address made before stops working. The feed at it holds the events the caller may see when it is read, from those that ended ${CALENDAR_FEED_PAST_DAYS} days ago (at most ${CALENDAR_FEED_EVENTS}, the nearest to today first). Answers the address.`,
    tag,
    requires: { table: "tblEvent", flag: "view" },
    reads: [],
    changes: ["calendarFeed"],
  }),
  revokeCalendarFeed: operation<void, { count: number }>({
    method: "DELETE",
    path: CALENDAR_FEED_PATH,
    summary:
      "Revokes the caller's private iCalendar address: the feed at it stops working at once. Answers 1, or 0 when there was none.",
    tag,
    reads: [],
    changes: ["calendarFeed"],
  }),
} as const;
