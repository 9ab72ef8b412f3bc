import { weekdayOf } from "./company-time.js";
import { WEEKDAYS, type Weekday } from "./constants.js";
import { addDays } from "./formats.js";
import type { LoggedNote } from "./hours.js";

/**
 * The Home page's "My week" (docs/decisions.md#home): the signed-in user's logged time of each
 * day of this week against their office hours, and the working days with nothing logged.
 */

/** An employee's office hours of each day of the week, as tblEmployee keeps them (free text). */
export type OfficeHours = Partial<Record<`empOfficeHours${Weekday}`, string | null>>;

const CLOCK = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*$/i;

function clockMinutes(text: string): { minutes: number; meridiem: boolean } | null {
  const m = CLOCK.exec(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const meridiem = m[3]?.[0]?.toLowerCase();
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  } else if (hour > 24 || (hour === 24 && minute > 0)) return null;
  return { minutes: hour * 60 + minute, meridiem: meridiem !== undefined };
}

/**
 * The length in minutes of one day's office hours ("9:00 AM - 5:00 PM", "8:30-17", "10pm - 6am"),
 * or null when the text is empty or not a range of two clock times: the day then expects
 * nothing, and the page shows the text as it is rather than guess.
 */
export function officeHoursMinutes(text: string | null | undefined): number | null {
  if (!text) return null;
  const parts = text.split(/\s*(?:-|–|—|to)\s*/i);
  if (parts.length !== 2) return null;
  const [from, to] = parts.map(clockMinutes);
  if (!from || !to) return null;
  const length = to.minutes - from.minutes;
  // An end before the start crosses midnight (a night shift); equal ends are no hours.
  return length > 0 ? length : length < 0 ? length + 24 * 60 : null;
}

export interface WeekDay {
  date: string;
  weekday: Weekday;
  logged: number;
  /** The minutes of the day's office hours; null when the day has none (or none that reads as a range). */
  expected: number | null;
}

export interface MyWeek {
  days: WeekDay[];
  today: WeekDay;
  logged: number;
  /** The office hours of the whole week, Sunday to Saturday. */
  expected: number;
  /** Working days (with office hours) up to today with no time logged, oldest first. */
  missing: WeekDay[];
}

/**
 * This week (Sunday to Saturday) of the day `today` (the company's): each day's logged minutes
 * (read from each note's own date, as the hours tables do) and office hours.
 */
export function myWeek(notes: readonly LoggedNote[], today: string, hours: OfficeHours): MyWeek {
  const sunday = addDays(today, -weekdayOf(today));
  const logged = new Map<string, number>();
  for (const note of notes) {
    const day = note.createdTS.slice(0, 10);
    logged.set(day, (logged.get(day) ?? 0) + note.ProjectNotesMinutes);
  }
  const days = WEEKDAYS.map((weekday, i): WeekDay => {
    const date = addDays(sunday, i);
    return {
      date,
      weekday,
      logged: logged.get(date) ?? 0,
      expected: officeHoursMinutes(hours[`empOfficeHours${weekday}`]),
    };
  });
  const todays = days[weekdayOf(today)] as WeekDay;
  return {
    days,
    today: todays,
    logged: days.reduce((sum, day) => sum + day.logged, 0),
    expected: days.reduce((sum, day) => sum + (day.expected ?? 0), 0),
    missing: days.filter((day) => day.date <= today && day.expected !== null && day.logged === 0),
  };
}
