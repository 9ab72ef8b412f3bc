import { formatTime12h, formatUsDate, parseTime12h, parseUsDate, wallClockDate } from "../formats.js";
import { RECURRENCE, VISIBILITY } from "../lookups/enumerations.js";
import type { CalendarEventInput, CalendarEventRecord } from "../operations/calendar.js";
import { MESSAGES } from "../validation.js";
import { type RecurrenceCode, type SeriesRule, seriesProblems } from "./series.js";

const DAY_MINUTES = 1_440;
const MINUTE_MS = 60_000;

/**
 * The event dialog as typed: dates MM/DD/YYYY and times hh:mm AM/PM (spec 5's rules), on the
 * clock of the company's zone; an all-day event's end is its last day. Choices are their codes
 * as text, as the product's selects hold them.
 */
export interface EventForm {
  title: string;
  category: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  allDay: boolean;
  location: string;
  link: string;
  linkTarget: string;
  visibleFor: string;
  recurrence: string;
  /** Weekly: its days, 0 Sunday … 6 Saturday. */
  weekdays: readonly number[];
  /** How a series ends: on a date, or after a number of times. */
  ends: "until" | "count";
  until: string;
  count: string;
  description: string;
  attendees: readonly number[];
}

export type EventFormField = keyof EventForm;

/** A wall-clock time's parts: its day (YYYY-MM-DD) and its minutes after midnight. */
interface WallPoint {
  date: string;
  minutes: number;
}

const wallPointOf = (wall: string): WallPoint => ({
  date: wall.slice(0, 10),
  minutes: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)),
});

const wallOf = (point: WallPoint) => {
  const hours = String(Math.floor(point.minutes / 60)).padStart(2, "0");
  return `${point.date}T${hours}:${String(point.minutes % 60).padStart(2, "0")}`;
};

/** The wall-clock point `minutes` after another. */
function later(point: WallPoint, minutes: number): WallPoint {
  const at = wallClockDate(`${point.date}T00:00`)?.getTime() ?? 0;
  const moved = new Date(at + (point.minutes + minutes) * MINUTE_MS).toISOString();
  return wallPointOf(moved.slice(0, 16));
}

const minutesBetween = (from: WallPoint, to: WallPoint) =>
  ((wallClockDate(to.date)?.getTime() ?? 0) - (wallClockDate(from.date)?.getTime() ?? 0)) / MINUTE_MS +
  to.minutes -
  from.minutes;

/** The dialog's times from a start and a length (an all-day event's end is its last day). */
function timesOf(start: WallPoint, minutes: number, allDay: boolean) {
  const end = later(start, allDay ? Math.max(minutes, DAY_MINUTES) - DAY_MINUTES : minutes);
  return {
    startDate: formatUsDate(start.date) ?? "",
    startTime: formatTime12h(allDay ? 9 * 60 : start.minutes),
    endDate: formatUsDate(end.date) ?? "",
    endTime: formatTime12h(allDay ? 10 * 60 : end.minutes),
    allDay,
  };
}

const BLANK = {
  title: "",
  category: "",
  location: "",
  link: "",
  linkTarget: "0",
  visibleFor: String(VISIBILITY.code.everybody),
  recurrence: String(RECURRENCE.code.once),
  weekdays: [],
  ends: "count",
  until: "",
  count: "10",
  description: "",
  attendees: [],
} as const satisfies Partial<EventForm>;

/**
 * A new event's dialog, started where the user clicked: a slot of a day's hours (its start and
 * end), or a whole day (all day when `allDay`; else an hour from 9:00 AM).
 */
export function newEventForm(start: string, end?: string, allDay = false): EventForm {
  const from = wallPointOf(start.length === 10 ? `${start}T${allDay ? "00:00" : "09:00"}` : start);
  const to = end ? wallPointOf(end.length === 10 ? `${end}T00:00` : end) : undefined;
  const asked = to ? minutesBetween(from, to) : 0;
  const minutes = asked > 0 ? asked : allDay ? DAY_MINUTES : 60;
  return { ...BLANK, ...timesOf(from, minutes, allDay) };
}

/**
 * An event's dialog as stored; of a series, at one of its occurrences (its own start and end,
 * on the clock of the event's zone), which is what an edit of that occurrence starts from.
 */
export function eventFormOf(event: CalendarEventRecord, at?: { start: string; end: string }): EventForm {
  const allDay = event.eventAllDay === 1;
  const start = wallPointOf(at ? at.start.slice(0, 16) : event.eventStart);
  const minutes = at ? minutesBetween(start, wallPointOf(at.end.slice(0, 16))) : event.eventMinutes;
  const until = event.eventRecurrenceUntil;
  return {
    ...timesOf(start, minutes, allDay),
    title: event.eventTitle,
    category: event.eventCategory === null ? "" : String(event.eventCategory),
    location: event.eventLocation ?? "",
    link: event.eventLink ?? "",
    linkTarget: String(event.eventLinkTarget),
    visibleFor: String(event.eventVisibleFor),
    recurrence: String(event.eventRecurrence),
    weekdays: event.eventRecurrenceDays ?? [],
    ends: until ? "until" : "count",
    until: until ? (formatUsDate(until) ?? "") : "",
    count: event.eventRecurrenceCount === null ? "10" : String(event.eventRecurrenceCount),
    description: event.eventDescription ?? "",
    attendees: event.attendees,
  };
}

/** The dialog's start and end as wall-clock points, where they are valid. */
function pointsOf(form: EventForm): { start?: WallPoint; end?: WallPoint } {
  const startDate = parseUsDate(form.startDate);
  const endDate = parseUsDate(form.endDate);
  const startMinutes = form.allDay ? 0 : parseTime12h(form.startTime);
  const endMinutes = form.allDay ? DAY_MINUTES : parseTime12h(form.endTime);
  return {
    ...(startDate && startMinutes !== null ? { start: { date: startDate, minutes: startMinutes } } : {}),
    ...(endDate && endMinutes !== null ? { end: { date: endDate, minutes: endMinutes } } : {}),
  };
}

const ruleOf = (form: EventForm): SeriesRule => {
  const recurrence = Number(form.recurrence) as RecurrenceCode;
  if (recurrence === RECURRENCE.code.once) return { recurrence };
  const count = form.count.trim() === "" ? Number.NaN : Number(form.count);
  return {
    recurrence,
    weekdays: recurrence === RECURRENCE.code.weekly ? form.weekdays : null,
    until: form.ends === "until" ? (parseUsDate(form.until) ?? form.until) : null,
    count: form.ends === "count" ? count : null,
  };
};

/** Where a series problem shows in the dialog. */
const RULE_FIELDS: Record<keyof SeriesRule, EventFormField> = {
  recurrence: "recurrence",
  weekdays: "weekdays",
  until: "until",
  count: "count",
};

/**
 * What is wrong with the dialog, by field, in the product's words (spec 5: the date and
 * 12-hour time rules, the date range's order); empty when it may be saved. What the server
 * alone can tell (an attendee gone inactive, a series too dense) comes back as its field errors.
 */
export function eventFormProblems(form: EventForm): Partial<Record<EventFormField, string>> {
  const problems: Partial<Record<EventFormField, string>> = {};
  if (form.title.trim() === "") problems.title = MESSAGES.required("Title");
  if (!parseUsDate(form.startDate)) problems.startDate = MESSAGES.date("Start");
  if (!parseUsDate(form.endDate)) problems.endDate = MESSAGES.date("End");
  if (!form.allDay) {
    if (parseTime12h(form.startTime) === null) problems.startTime = MESSAGES.time;
    if (parseTime12h(form.endTime) === null) problems.endTime = MESSAGES.time;
  }
  const { start, end } = pointsOf(form);
  if (start && end && minutesBetween(start, end) <= 0) problems.endDate = MESSAGES.dateRangeOrder;
  if (form.ends === "until" && Number(form.recurrence) !== RECURRENCE.code.once && !parseUsDate(form.until))
    problems.until = MESSAGES.date("Until");
  else if (start)
    for (const [part, problem] of Object.entries(seriesProblems(ruleOf(form), wallOf(start))))
      problems[RULE_FIELDS[part as keyof SeriesRule]] ??= problem;
  return problems;
}

/** The dialog as the calendar's calls take it; only for a form without problems. */
export function eventInputOf(form: EventForm): CalendarEventInput {
  const { start, end } = pointsOf(form);
  if (!start || !end) throw new Error("the event's times are not valid");
  const rule = ruleOf(form);
  const text = (value: string) => (value.trim() === "" ? null : value.trim());
  return {
    eventTitle: form.title.trim(),
    eventCategory: form.category === "" ? null : Number(form.category),
    eventStart: wallOf(start),
    eventMinutes: minutesBetween(start, end),
    eventAllDay: form.allDay ? 1 : 0,
    eventLocation: text(form.location),
    eventLink: text(form.link),
    eventLinkTarget: Number(form.linkTarget),
    eventVisibleFor: Number(form.visibleFor),
    eventRecurrence: rule.recurrence,
    eventRecurrenceDays: rule.weekdays && rule.weekdays.length > 0 ? [...rule.weekdays].sort() : null,
    eventRecurrenceUntil: rule.until ?? null,
    eventRecurrenceCount: rule.count ?? null,
    eventDescription: text(form.description),
    attendees: [...form.attendees],
  };
}

/** The parts "This event" may change on its own: its time and its title. */
const OWN_PARTS: readonly EventFormField[] = ["title", "startDate", "startTime", "endDate", "endTime"];

/**
 * Whether an edit of one occurrence changed only what an occurrence may have of its own (its
 * time and title): else "This event" is not offered, as the whole series' parts changed.
 */
export function changesOnlyOccurrence(before: EventForm, after: EventForm): boolean {
  return (Object.keys(after) as EventFormField[])
    .filter((field) => !OWN_PARTS.includes(field))
    .every((field) => JSON.stringify(before[field]) === JSON.stringify(after[field]));
}
