import { addDays, LOOKUP_GROUPS, RECURRENCE, type SeriesRule, VISIBILITY } from "@office/core";
import { seriesSpan } from "../../calendar/occurrences.js";
import { listIDs } from "./demo-directory.js";
import { Random } from "./random.js";

/*
 * The demo company's calendar (issue 35): three months either side of the anchor of weekly
 * stand-ups for each department and a company kickoff, a monthly review, the company's
 * holidays, meetings, site visits and inspections, and employees out of office. A generator of
 * its own, so the rest of the company stays as it was; `scale` multiplies the meetings and the
 * days out (the series stay a few: a company has as many departments at any size).
 */

type Row = Record<string, string | number | null>;

const MEETINGS_AT_SCALE_1 = 300;
const DAYS_OUT_AT_SCALE_1 = 40;
const WINDOW_DAYS = 91;
const [MEETING, SITE_VISIT, INSPECTION, DEADLINE, OUT_OF_OFFICE, HOLIDAY] = listIDs(LOOKUP_GROUPS.scheduleCategories);
const MEETING_TITLES = [
  "Design review",
  "Budget check-in",
  "Client call",
  "Subcontractor coordination",
  "Schedule review",
  "Safety briefing",
  "Estimating session",
  "Closeout walkthrough",
];
const PLACES = ["Conference Room A", "Conference Room B", "Site trailer", "Video call", "Client's office"];

interface Employee {
  empID: number;
  empFirstName: string;
  empLastName: string;
  empDepartment: number | null;
  empActive: number;
}

/** The day of a month's nth weekday (0 Sunday), or its last with n = -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return new Date(Date.UTC(year, month - 1, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7))
      .toISOString()
      .slice(0, 10);
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return new Date(lastDay.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The company's holidays of a year (the US federal ones, and the day after Thanksgiving). */
function holidays(year: number): Array<[string, string]> {
  const day = (month: number, date: number) =>
    `${year}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  return [
    [day(1, 1), "New Year's Day"],
    [nthWeekday(year, 1, 1, 3), "Martin Luther King Jr. Day"],
    [nthWeekday(year, 2, 1, 3), "Presidents' Day"],
    [nthWeekday(year, 5, 1, -1), "Memorial Day"],
    [day(6, 19), "Juneteenth"],
    [day(7, 4), "Independence Day"],
    [nthWeekday(year, 9, 1, 1), "Labor Day"],
    [day(11, 11), "Veterans Day"],
    [thanksgiving, "Thanksgiving"],
    [addDays(thanksgiving, 1), "Day after Thanksgiving"],
    [day(12, 25), "Christmas Day"],
  ];
}

/** The demo's events and their attendees, on the clock of the company's zone. */
export function demoEvents(scale: number, anchor: Date, employees: readonly Employee[], zone: string) {
  const random = new Random(35_035);
  const today = anchor.toISOString().slice(0, 10);
  const [first, last] = [addDays(today, -WINDOW_DAYS), addDays(today, WINDOW_DAYS)];
  const active = employees.filter((e) => e.empActive === 1);
  const events: Row[] = [];
  const attendees: Row[] = [];
  const add = (
    event: {
      title: string;
      category: number | undefined;
      start: string;
      minutes: number;
      allDay?: boolean;
      everybody?: boolean;
      rule?: SeriesRule;
      location?: string;
      creator: number;
    },
    who: readonly number[] = [],
  ) => {
    const rule = event.rule ?? { recurrence: RECURRENCE.code.once };
    const span = seriesSpan({ start: event.start, minutes: event.minutes, allDay: event.allDay === true, rule, zone });
    const eventID = events.length + 1;
    events.push({
      eventID,
      eventTitle: event.title,
      eventCategory: event.category ?? null,
      eventStart: event.start,
      eventMinutes: event.minutes,
      eventAllDay: event.allDay ? 1 : 0,
      eventZone: zone,
      eventLocation: event.location ?? null,
      eventVisibleFor: event.everybody ? VISIBILITY.code.everybody : VISIBILITY.code.attendees,
      eventRecurrence: rule.recurrence,
      eventRecurrenceDays: rule.weekdays?.length ? `|${rule.weekdays.join("|")}|` : null,
      eventRecurrenceUntil: rule.until ?? null,
      eventRecurrenceCount: rule.count ?? null,
      eventFrom: new Date(span.from).toISOString(),
      eventTo: new Date(span.to).toISOString(),
      empID: event.creator,
      // Entered two weeks ahead: the same in every seed.
      createdTS: new Date(span.from - 14 * 86_400_000).toISOString(),
    });
    for (const empID of new Set(who)) attendees.push({ eventID, empID });
  };

  // The first weekday on or after the window's start.
  const firstOn = (weekday: number) => addDays(first, (weekday - new Date(`${first}T00:00:00Z`).getUTCDay() + 7) % 7);
  const weekly = (weekdays: number[]): SeriesRule => ({ recurrence: RECURRENCE.code.weekly, weekdays, until: last });
  add({
    title: "Company kickoff",
    category: MEETING,
    start: `${firstOn(1)}T08:30`,
    minutes: 30,
    everybody: true,
    rule: weekly([1]),
    location: "Video call",
    creator: 1,
  });
  // The first 15th in the window: this month's, or (from the 1st, 32 days on) the next month's.
  const fifteenth = `${(first.slice(8, 10) <= "15" ? first : addDays(`${first.slice(0, 8)}01`, 32)).slice(0, 8)}15`;
  add({
    title: "Monthly review",
    category: MEETING,
    start: `${fifteenth}T14:00`,
    minutes: 60,
    everybody: true,
    rule: { recurrence: RECURRENCE.code.monthly, until: last },
    location: "Conference Room A",
    creator: 1,
  });
  const departments = [...new Set(active.map((e) => e.empDepartment).filter((d): d is number => d !== null))].sort(
    (a, b) => a - b,
  );
  for (const [i, department] of departments.entries()) {
    const team = active.filter((e) => e.empDepartment === department).map((e) => e.empID);
    add(
      {
        title: "Team stand-up",
        category: MEETING,
        start: `${firstOn(1)}T09:${String(i * 5).padStart(2, "0")}`,
        minutes: 15,
        rule: weekly([1, 3, 5]),
        creator: team[0] ?? 1,
      },
      team,
    );
  }
  const year = Number(today.slice(0, 4));
  for (const [date, title] of [...holidays(year - 1), ...holidays(year), ...holidays(year + 1)])
    if (date >= first && date <= last)
      add({
        title,
        category: HOLIDAY,
        start: `${date}T00:00`,
        minutes: 1_440,
        allDay: true,
        everybody: true,
        creator: 1,
      });

  const kinds = [MEETING, MEETING, MEETING, SITE_VISIT, INSPECTION, DEADLINE];
  for (let i = 0; i < Math.round(MEETINGS_AT_SCALE_1 * scale); i++) {
    let date = addDays(first, random.int(0, 2 * WINDOW_DAYS));
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) date = addDays(date, weekday === 0 ? 1 : 2);
    const who = Array.from({ length: random.int(2, 5) }, () => random.pick(active).empID);
    const category = random.pick(kinds);
    add(
      {
        title:
          category === MEETING
            ? random.pick(MEETING_TITLES)
            : category === SITE_VISIT
              ? "Site visit"
              : category === INSPECTION
                ? "Inspection"
                : "Submittal deadline",
        category,
        start: `${date}T${String(random.int(9, 16)).padStart(2, "0")}:${random.pick(["00", "30"])}`,
        minutes: random.pick([30, 45, 60, 90]),
        everybody: random.chance(0.4),
        location: random.pick(PLACES),
        creator: who[0] ?? 1,
      },
      who,
    );
  }
  for (let i = 0; i < Math.round(DAYS_OUT_AT_SCALE_1 * scale); i++) {
    const { empID: person, empFirstName, empLastName } = random.pick(active);
    add(
      {
        // Whose: the calendar shows everybody's days out side by side.
        title: `Out of office: ${empFirstName} ${empLastName}`,
        category: OUT_OF_OFFICE,
        start: `${addDays(first, random.int(0, 2 * WINDOW_DAYS))}T00:00`,
        minutes: 1_440 * random.int(1, 5),
        allDay: true,
        everybody: true,
        creator: person,
      },
      [person],
    );
  }
  return { events, attendees };
}
