import type { Area } from "./areas/area.js";
import { AREAS } from "./areas/registry.js";
import { EVENT_TIMES_FIELDS, type EventTimesRow, occurrenceToOpen } from "./calendar/next-occurrence.js";
import { calendarDayPath } from "./calendar/today.js";
import { zonedIso } from "./company-time.js";
import { formatTime12h, formatUsDate } from "./formats.js";
import { RECURRENCE, RECURRENCES } from "./lookups/enumerations.js";
import { tblEvent } from "./resources/tblEvent.js";
import type { RouteDef } from "./routes.js";
import { ROUTES } from "./site.js";
import { whereBuilder } from "./where/build.js";

/**
 * The command palette (Ctrl+K; docs/decisions.md#command-palette) offers what the declarations
 * declare: the pages of the route table, a New entry of each area with a record page, the
 * records of each area whose record names itself (`title`), searched on the server, and the
 * calendar's events by title or place (docs/decisions.md#calendar-at-a-glance). The web app
 * keeps of these only what the user may open.
 */

/** Routes that are no destination: the sign-in and the pages the app sends a user to. */
const NOT_DESTINATIONS = new Set(["/login", "/forbidden", "/update-config"]);

/** An area's data-entry form: a record's page, reached from its list, search or New. */
const RECORD_PAGES = new Set(AREAS.map((area) => area.recordPath));

/** The pages the palette offers (before the user's rights): every route but a data-entry form, disabled ones and the app's own. */
export const PALETTE_PAGES: readonly RouteDef[] = ROUTES.filter(
  (route) => !route.disabled && !route.bare && !RECORD_PAGES.has(route.path) && !NOT_DESTINATIONS.has(route.path),
);

/** Areas whose records the palette finds by name, and whose New it offers: those with a record page. */
export const PALETTE_AREAS: readonly (Area & { recordPath: string })[] = AREAS.filter(
  (area): area is Area & { recordPath: string } => area.recordPath !== undefined,
);

/** Records of one area shown for a search. */
export const PALETTE_RECORDS_SHOWN = 5;

/** The shortest search the palette sends to the server: one letter matches too much to be of use. */
export const PALETTE_MIN_QUERY = 2;

/**
 * The words of a search it looks for, and their longest: a pasted paragraph stays a search the
 * data service accepts (WHERE_LIMITS: LIKEs per where, a pattern's length) instead of a 400.
 */
const MAX_WORDS = 5;
const MAX_WORD = 50;

/** The words of a search, as many and as long as the palette looks for. */
const searchWords = (query: string) =>
  query
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD));

/**
 * What the palette says beneath a record's name: its kind and id, and what tells it apart from
 * others of the same name ("Client 12 · Springfield, IL").
 */
export function paletteDescription(area: Area, row: Record<string, unknown>): string {
  const detail = (area.detail ?? [])
    .map((column) => row[column])
    .filter((value) => value !== null && value !== undefined && value !== "")
    .join(", ");
  const kind = `${area.recordTitle} ${row[area.resource.key]}`;
  return detail ? `${kind} · ${detail}` : kind;
}

/**
 * The Query of an area's records matching a palette search: each word of it in one of the
 * columns that name the record ("ada love" finds Lovelace, Ada), or a number as the record's
 * id; null when the search is too short or the area names no records.
 */
export function paletteRecordQuery(area: Area, query: string) {
  const words = searchWords(query);
  const title = area.title;
  if (!title?.length || query.trim().length < PALETTE_MIN_QUERY) return null;
  const key = area.resource.key;
  const w = whereBuilder();
  const byName = w.and(...words.map((word) => w.or(...title.map((column) => w.contains(column, word)))));
  const id = /^\d{1,9}$/.test(query.trim()) ? w.eq(key, Number(query.trim())) : null;
  return {
    table: area.list.name,
    fields: [...new Set([key, ...title, ...(area.detail ?? [])])].join(","),
    where: w.print(id ? w.or(id, byName) : byName),
    order: area.order,
    rowLimit: PALETTE_RECORDS_SHOWN,
  };
}

// --- The calendar's events ------------------------------------------------------------------

/** An event as the palette reads it: its title and place, and what finds the occurrence it opens. */
export type PaletteEventRow = EventTimesRow & { eventTitle: string; eventLocation: string | null };

const EVENT_FIELDS = [...EVENT_TIMES_FIELDS, "eventTitle", "eventLocation"].join(",");

/**
 * The Queries of the events (tblEvent: those the caller may see, the server's `visibleTo`) whose
 * title or location holds each word of a palette search: those not over yet (`now`, an instant),
 * the earliest first, and those over, the latest first; the palette shows the first
 * PALETTE_RECORDS_SHOWN of both, in that order. Null when the search is too short.
 */
export function paletteEventQueries(query: string, now: string) {
  const words = searchWords(query);
  if (query.trim().length < PALETTE_MIN_QUERY) return null;
  const w = whereBuilder();
  const byWords = w.and(
    ...words.map((word) => w.or(w.contains("eventTitle", word), w.contains("eventLocation", word))),
  );
  const read = (where: ReturnType<typeof w.and>, order: string) => ({
    table: tblEvent.name,
    fields: EVENT_FIELDS,
    where: w.print(where),
    order,
    rowLimit: PALETTE_RECORDS_SHOWN,
  });
  return {
    coming: read(w.and(byWords, w.gt("eventTo", now)), "eventFrom, eventID"),
    past: read(w.and(byWords, w.le("eventTo", now)), "eventTo DESC, eventID"),
  };
}

const RECURRENCE_NAMES = new Map<number, string>(RECURRENCES.map((option) => [option.value, option.label]));

/**
 * An event found by the palette: its title; beneath it, how often it happens, the date and time
 * of its occurrence now, next or last (`occurrenceToOpen`) and its place ("Weekly event ·
 * next 03/04/2026 09:00 AM · Conference Room A"); and the calendar's day view of that date, opened on it.
 */
export function paletteEvent(row: PaletteEventRow, now: Date, timeZone: string) {
  const occurrence = occurrenceToOpen(row, now, timeZone);
  const recurring = row.eventRecurrence !== null && row.eventRecurrence !== RECURRENCE.code.once;
  const when = occurrence
    ? [
        recurring ? occurrence.when : occurrence.when === "now" ? "now" : "",
        formatUsDate(occurrence.date),
        occurrence.allDay ? "all day" : formatTime12h(minutesOfIso(occurrence.start)),
      ]
        .filter(Boolean)
        .join(" ")
    : "";
  const description = [
    recurring ? `${RECURRENCE_NAMES.get(row.eventRecurrence as number) ?? "Recurring"} event` : "Event",
    when,
    row.eventLocation,
  ]
    .filter(Boolean)
    .join(" · ");
  return {
    id: row.eventID,
    label: row.eventTitle || `Event ${row.eventID}`,
    description,
    path: occurrence
      ? calendarDayPath(occurrence.date, { eventID: row.eventID, original: occurrence.original })
      : calendarDayPath(zonedIso(now, timeZone).slice(0, 10)),
    /** When the occurrence it opens starts (an instant), for the order of those to come. */
    at: occurrence?.instant ?? 0,
  };
}

/**
 * What the palette shows of the events both Queries found: those not over, the soonest
 * occurrence first (an old series meeting tomorrow before next month's one-off), then those
 * over, the latest first; PALETTE_RECORDS_SHOWN in all.
 */
export function paletteEvents(
  found: { coming: readonly PaletteEventRow[]; past: readonly PaletteEventRow[] },
  now: Date,
  timeZone: string,
) {
  const coming = found.coming.map((row) => paletteEvent(row, now, timeZone)).sort((a, b) => a.at - b.at || a.id - b.id);
  const past = found.past.map((row) => paletteEvent(row, now, timeZone));
  return [...coming, ...past].slice(0, PALETTE_RECORDS_SHOWN);
}

const minutesOfIso = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
