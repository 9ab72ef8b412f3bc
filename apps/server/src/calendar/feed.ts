import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import {
  ACTIVE,
  CALENDAR_FEED_EVENTS,
  CALENDAR_FEED_EXCEPTIONS,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_FEED_TOKEN_BYTES,
  instantToWall,
  RECURRENCE,
  rruleParts,
  tblEvent,
  wallMs,
  wallText,
  wallToInstant,
} from "@office/core";
import ical, {
  type ICalEventData,
  type ICalTemporalPlainDateStub,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { type Kysely, sql } from "kysely";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { type Actor, may, permissionMap } from "../data/actor.js";
import { readableRows } from "../data/row-scope.js";
import type { DB } from "../db/schema.js";
import type { SeriesTimes } from "./occurrences.js";
import { type EventRow, exceptionsOf, seriesOf } from "./read.js";

/*
 * The calendar's subscription feed (issue 35, "Subscribe"; core's operations/calendar-feed.ts):
 * a user's private iCalendar address, read by Outlook, Google or Apple Calendar without a session.
 * The address holds the user's id and a secret of 32 random bytes; the database keeps the
 * secret's SHA-256 (how a request finds its row) and the secret sealed for showing the address
 * to its owner again, never the secret itself. The feed holds what its owner may see when it
 * is read: a series is one VEVENT with its RRULE in its own zone (TZID and a VTIMEZONE block), an
 * occurrence removed on its own an EXDATE, one changed on its own a VEVENT of the same UID with
 * its RECURRENCE-ID; a series split by "This and following" is two events, so two series.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// --- the secret ------------------------------------------------------------------------------

/** A new secret: CALENDAR_FEED_TOKEN_BYTES random bytes as base64url (43 characters). */
export const newFeedToken = () => randomBytes(CALENDAR_FEED_TOKEN_BYTES).toString("base64url");

/** What the database keeps to find a secret: its SHA-256, as hex. */
export const feedTokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The secret sealed for its owner's eyes, and opened again (null if it was sealed under another key). */
export interface FeedSeal {
  seal(empID: number, token: string): string;
  open(empID: number, sealed: string): string | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the server's signing secret, each seal
 * bound to its employee (the additional data), so a sealed secret moved to another row opens
 * nowhere. A new JWT_SECRET opens none: the addresses still work, and their owners are shown
 * none until they make a new one.
 */
export function feedSeal(secret: string): FeedSeal {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "office calendar feed address", 32));
  const bound = (empID: number) => Buffer.from(`calendarFeed:${empID}`);
  return {
    seal(empID, token) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(bound(empID));
      const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
    },
    open(empID, sealed) {
      try {
        const bytes = Buffer.from(sealed, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES))
          .setAAD(bound(empID))
          .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        return null;
      }
    },
  };
}

// --- whose feed ------------------------------------------------------------------------------

/**
 * The owner of a feed's address as the calendar's reads take one, or null: the secret must be
 * this employee's current one, made since their sign-in's sessions were last cut (its token
 * epoch: a new password, a disabled sign-in, the employee made inactive), the employee active,
 * their sign-in enabled, and their rights, read now, must include view on the calendar. Every refusal is the same null (one 404), so
 * an address tells nothing but that it works.
 */
export async function feedOwner(db: Kysely<DB>, empID: number, token: string): Promise<Actor | null> {
  const { rows } = await sql<{ permissions: number[][] | null }>`
    select (select json_agg(json_build_array(p."permissionPageID", p."permissionView", p."permissionAdd",
        p."permissionChange", p."permissionDel")) from "tblPermission" p where p."empID" = f."empID") as "permissions"
    from "calendarFeed" f
      join "tblEmployee" e on e."empID" = f."empID"
      join "authAccount" a on a."empID" = f."empID"
    where f."tokenHash" = ${feedTokenHash(token)} and f."empID" = ${empID}
      and f."tokenEpoch" = a."tokenEpoch" and e."empActive" = ${ACTIVE.code.active} and not a."disabled"`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const actor: Actor = { kind: "employee", empID, permissions: permissionMap(row.permissions) };
  return may(actor, tblEvent.access.view, "view") ? actor : null;
}

// --- what it holds ---------------------------------------------------------------------------

interface FeedEventRow extends EventRow {
  eventLink: string | null;
  eventDescription: string | null;
  createdTS: Date | string;
  categoryName: string | null;
}

/** Attendees named in an event's description; past these, how many more. */
const ATTENDEES_NAMED = 20;

export interface FeedOptions {
  /** The host the address was asked at (without its port): the events' UIDs end with it. */
  host: string;
  /** The company's zone, named as the calendar's own (Google shows a feed in it). */
  zone?: string;
  /** Now: the feed holds the events that ended CALENDAR_FEED_PAST_DAYS before it, and later ones. */
  now?: Date;
  /** Told when the feed holds fewer events than its owner may see (the bound). */
  onTruncated?: (shown: number) => void;
}

/** The VTIMEZONE block of a zone (timezones-ical-library), named as the events name it; null for a zone it lacks. */
const zoneBlocks = new Map<string, string | null>();
export function vtimezone(zone: string): string | null {
  let block = zoneBlocks.get(zone);
  if (block === undefined) {
    const found = tzlib_get_ical_block(zone);
    const text = Array.isArray(found) ? found[0] : undefined;
    // An alias (US/Eastern) comes as its zone's block (America/New_York): it takes the name the events use.
    block = text?.startsWith("BEGIN:VTIMEZONE") ? text.replace(/^TZID:.*$/m, `TZID:${zone}`) : null;
    zoneBlocks.set(zone, block);
  }
  return block;
}

/** A wall-clock time as iCalendar writes one in a TZID (20260302T090000), or its day alone (20260302). */
const icalWall = (wall: string, day: boolean) =>
  day ? wall.slice(0, 10).replaceAll("-", "") : `${wall.replaceAll("-", "").replace(":", "")}00`;

/** An instant as iCalendar writes one in UTC: 20260302T140000Z. */
const icalUtc = (instant: number) => `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/**
 * A wall-clock time of a zone ("2026-03-02T09:00") as ical-generator takes one: a Temporal
 * PlainDateTime (its `ICalTemporalPlainDateTimeStub`), whose digits it writes beside the event's
 * TZID as they are. (The Temporal polyfill's own objects cost 2.4 s more for a feed of 5,000
 * events: each was placed in its zone and read back for the same digits.)
 */
function wallClock(wall: string): ICalTemporalPlainDateTimeStub {
  const [year, month, day, hour, minute] = wall.split(/[-T:]/).map(Number) as [number, number, number, number, number];
  const fields = { year, month, day, hour, minute, second: 0 };
  const plain: ICalTemporalPlainDateTimeStub = {
    ...fields,
    toPlainDate: () => calendarDay(wall),
    toZonedDateTime: (timeZoneId) => {
      const zoned: ICalTemporalZonedDateTimeStub = {
        ...fields,
        timeZoneId,
        toPlainDateTime: () => plain,
        withTimeZone: () => zoned,
        toInstant: () => instantStub(wallToInstant(wallMs(wall), timeZoneId)),
        toJSON: () => `${wall}[${timeZoneId}]`,
        toString: () => `${wall}[${timeZoneId}]`,
      };
      return zoned;
    },
    toJSON: () => wall,
    toString: () => wall,
  };
  return plain;
}

/** A day ("2026-03-02") as ical-generator takes one: its Temporal PlainDate. */
function calendarDay(date: string): ICalTemporalPlainDateStub {
  const [year, month, day] = date.slice(0, 10).split("-").map(Number) as [number, number, number];
  const text = date.slice(0, 10);
  // ical-generator tells a day from a time by this function being there.
  return {
    year,
    month,
    day,
    toJSON: () => text,
    toString: () => text,
    toPlainDateTime: () => wallClock(`${text}T00:00`),
  } as ICalTemporalPlainDateStub;
}

const instantStub = (epochMilliseconds: number) => {
  const text = new Date(epochMilliseconds).toISOString();
  return { epochMilliseconds, toJSON: () => text, toString: () => text } as ReturnType<
    ICalTemporalZonedDateTimeStub["toInstant"]
  >;
};

/** An occurrence's start and end as ical-generator takes them: wall-clock times of the zone, or days. */
function timesOf(series: SeriesTimes, wall: string, minutes: number) {
  if (series.allDay) {
    const days = Math.max(1, Math.ceil(minutes / 1_440));
    return {
      start: calendarDay(wall),
      end: calendarDay(wallText(wallMs(`${wall.slice(0, 10)}T00:00`) + days * DAY_MS)),
    };
  }
  // A meeting lasts its minutes whatever the clocks do meanwhile (calendar/occurrences.ts): its end is
  // the wall-clock time of the zone at its start's instant plus them.
  const end = instantToWall(wallToInstant(wallMs(wall), series.zone) + minutes * MINUTE_MS, series.zone);
  return { start: wallClock(wall), end: wallClock(wallText(end)) };
}

/**
 * The RRULE of a series (core's rruleParts) with its end as iCalendar wants it beside a zoned
 * start (UNTIL in UTC, the last instant of its last day in its zone; a day for an all-day
 * series), and the occurrences removed on their own as one EXDATE in the series' zone.
 */
function recurrenceOf(series: SeriesTimes, removed: readonly string[]): string | null {
  // Monthly on the 31st is the month's last day, which every app reads as BYMONTHDAY=-1 (Mozilla's
  // ICAL parser, Thunderbird's, misreads BYSETPOS with BYMONTHDAY; the 29th and 30th have no other way).
  const parts = rruleParts(series.rule, series.start)?.replace("BYMONTHDAY=28,29,30,31;BYSETPOS=-1", "BYMONTHDAY=-1");
  if (!parts) return null;
  const day = series.allDay === true;
  const last = series.rule.until;
  const until = last
    ? `;UNTIL=${day ? icalWall(last, true) : icalUtc(wallToInstant(wallMs(`${last}T23:59`), series.zone) + 59_000)}`
    : "";
  const lines = [`RRULE:${parts}${until}`];
  if (removed.length > 0) {
    const values = removed.map((wall) => icalWall(wall, day)).join(",");
    lines.push(day ? `EXDATE;VALUE=DATE:${values}` : `EXDATE;TZID=${series.zone}:${values}`);
  }
  return lines.join("\n");
}

/** The events of a feed, nearest to `now` first: ongoing and coming ones by their start, then past ones, latest first. */
async function eventsOf(db: Kysely<DB>, actor: Actor, now: Date): Promise<FeedEventRow[]> {
  const horizon = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
  const { rows } = await sql<FeedEventRow>`select "eventID", "eventTitle", "eventCategory", "eventStart",
      "eventMinutes", "eventAllDay", "eventZone", "eventLocation", "eventLink", "eventRecurrence",
      "eventRecurrenceDays", "eventRecurrenceUntil", "eventRecurrenceCount", "eventDescription", "createdTS",
      (select coalesce(l."appLookupValue", l."appLookupPrompt") from "tblAppLookup" l
        where l."appLookupID" = "tblEvent"."eventCategory") as "categoryName"
    from "tblEvent"
    where "eventTo" >= ${horizon} and ${readableRows(tblEvent, null, actor)}
    order by ("eventTo" < ${now}), case when "eventTo" >= ${now} then "eventFrom" end, "eventTo" desc, "eventID"
    limit ${CALENDAR_FEED_EVENTS + 1}`.execute(db);
  return rows;
}

/** Each event's attendees as its description names them: the first ATTENDEES_NAMED, and how many in all. */
async function attendeesOf(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  const { rows } = await sql<{ eventID: number; count: number; names: string[] }>`
    select a."eventID", count(*)::int as "count",
      array_to_json((array_agg(e."empFirstName" || ' ' || e."empLastName"
        order by e."empLastName", e."empFirstName"))[1:${sql.lit(ATTENDEES_NAMED)}]) as "names"
    from "tblEventAttendee" a join "tblEmployee" e on e."empID" = a."empID"
    where a."eventID" in (${sql.join(ids)})
    group by a."eventID"`.execute(db);
  return new Map(
    rows.map(({ eventID, count, names }) => {
      const more = count - names.length;
      return [eventID, `Attendees: ${names.join(", ")}${more > 0 ? `, and ${more} more` : ""}`];
    }),
  );
}

/** The calendar's own name and maker, as calendar apps show them. */
const CALENDAR = {
  name: "Office calendar",
  description: "The events of the Office calendar you may see.",
  prodId: { company: "Office", product: "Calendar", language: "EN" },
} as const;

/**
 * The feed of what `actor` may see, as iCalendar text: the events that ended at most
 * CALENDAR_FEED_PAST_DAYS ago and every later one, at most CALENDAR_FEED_EVENTS of them (the
 * nearest to now; `onTruncated` hears of the rest), each with its occurrences changed or
 * removed on their own (at most CALENDAR_FEED_EXCEPTIONS in all).
 */
export async function feedText(db: Kysely<DB>, actor: Actor, options: FeedOptions): Promise<string> {
  const now = options.now ?? new Date();
  const found = await eventsOf(db, actor, now);
  const events = found.slice(0, CALENDAR_FEED_EVENTS);
  if (found.length > events.length) options.onTruncated?.(events.length);
  const ids = events.map((event) => event.eventID);
  const recurring = events.filter((event) => event.eventRecurrence !== RECURRENCE.code.once).map((e) => e.eventID);
  const [exceptionsOfEvent, attendees] = await Promise.all([
    exceptionsOf(db, recurring, CALENDAR_FEED_EXCEPTIONS),
    ids.length === 0 ? new Map<number, string>() : attendeesOf(db, ids),
  ]);

  // Events only: the calendar around them is written below. Each timed event names its own zone,
  // whose VTIMEZONE comes once; all-day events are days, of no zone.
  const calendar = ical(CALENDAR);
  const zones = new Set<string>();
  for (const event of events) {
    const series = seriesOf(event);
    const day = series.allDay === true;
    if (!day) zones.add(series.zone);
    const description = [event.eventDescription, attendees.get(event.eventID)].filter(Boolean).join("\n\n");
    const common: Omit<ICalEventData, "start"> = {
      id: `office-event-${event.eventID}@${options.host}`,
      timezone: day ? null : series.zone,
      allDay: day,
      summary: event.eventTitle,
      location: event.eventLocation,
      description: description || null,
      url: event.eventLink,
      categories: event.categoryName ? [{ name: event.categoryName }] : [],
      created: new Date(event.createdTS),
    };
    const own = event.eventRecurrence === RECURRENCE.code.once ? [] : (exceptionsOfEvent.get(event.eventID) ?? []);
    const removed = own.filter((exception) => exception.exceptionCancelled === 1).map((e) => e.exceptionOriginal);
    calendar.createEvent({
      ...common,
      ...timesOf(series, series.start, series.minutes),
      repeating: recurrenceOf(series, removed),
    });
    // Each occurrence changed on its own: the series' UID, the start the series gave it, and its own.
    for (const exception of own) {
      if (exception.exceptionCancelled === 1) continue;
      const original = exception.exceptionOriginal;
      calendar.createEvent({
        ...common,
        ...timesOf(series, exception.exceptionStart ?? original, exception.exceptionMinutes ?? series.minutes),
        recurrenceId: day ? calendarDay(original) : wallClock(original),
        summary: exception.exceptionTitle ?? event.eventTitle,
      });
    }
  }
  // ical-generator writes an all-day occurrence's RECURRENCE-ID as a time: it is a day, as its start is.
  const body = calendar
    .events()
    .map((event) => event.toString())
    .join("")
    .replace(/^RECURRENCE-ID:(\d{8})T000000Z\r$/gm, "RECURRENCE-ID;VALUE=DATE:$1\r");
  const blocks = [...zones]
    .sort()
    .flatMap((zone) => vtimezone(zone) ?? [])
    .map((block) => `${block.trim()}\r\n`);
  // The calendar's properties (its name, and how often to read it again: a hint only, each app
  // reads on its own schedule, Google up to a day; the company's zone, which Google shows it in),
  // then its zones and its events. ical-generator's calendar would write the first after its
  // zones (RFC 5545 wants them before) and fold its lines at 0.3 s a 100 KB.
  const head = ical(CALENDAR)
    .toString()
    .replace(/\r\nEND:VCALENDAR$/, "");
  const properties = [
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...(options.zone ? [`X-WR-TIMEZONE:${options.zone}`] : []),
  ];
  return `${head}\r\n${properties.join("\r\n")}\r\n${blocks.join("")}${foldLines(body)}END:VCALENDAR\r\n`;
}

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Content lines of at most 75 octets (RFC 5545 3.1): a longer one goes on in lines that start
 * with a space, never inside a character.
 */
export function foldLines(text: string): string {
  return text
    .split("\r\n")
    .map((line) => {
      if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
      let folded = "";
      let octets = 0;
      for (const character of line) {
        const size = utf8Length(character.codePointAt(0) ?? 0);
        if (octets + size > 75) {
          folded += "\r\n ";
          octets = 1;
        }
        folded += character;
        octets += size;
      }
      return folded;
    })
    .join("\r\n");
}
