import { dateIn, instantToWall, weekdayOf } from "./company-time.js";
import { formatMinutes, formatTime12h } from "./formats.js";

/**
 * Colleague availability as the avatar panel shows it (docs/product-rules.md#availability).
 */

/** The colour of a status: In green, Break yellow, Out red, anything else neutral. */
export type AvailabilityColour = "green" | "yellow" | "red" | "neutral";

export function availabilityColour(type: string | null | undefined): AvailabilityColour {
  if (type === "In") return "green";
  if (type === "Break") return "yellow";
  if (type === "Out") return "red";
  return "neutral";
}

/** A status as text: an empty one is the text NULL (spec 4, the data's value). */
export const availabilityText = (type: string | null | undefined) => (type ? type : "NULL");

/** A status as the screen shows it: an empty one as a dash, as an empty value anywhere else. */
export const availabilityLabel = (type: string | null | undefined) => (type ? type : "—");

/**
 * One's own status in words, beside the header's avatar, whose colour alone a colour-blind
 * user cannot read: "In", "On break", "Out", or "No status" before the first switch.
 */
export function ownStatusWords(type: string | null | undefined): string {
  if (type === "Break") return "On break";
  if (type === "In" || type === "Out") return type;
  return "No status";
}

/** HH:mm since the last change; empty when there was none. Never negative (clocks differ). */
export function durationSince(changed: string | null | undefined, now: Date): string {
  if (!changed) return "";
  const at = Date.parse(changed);
  if (Number.isNaN(at)) return "";
  return formatMinutes(Math.max(0, Math.floor((now.getTime() - at) / 60_000)));
}

/** One colleague as the view `vwEmployeeAvailability` gives them. */
export interface AvailabilitySource {
  empID: number;
  empFirstName: string;
  empLastName: string;
  empDepartment: number | null;
  departmentName: string | null;
  departmentEmail: string | null;
  empOfficeExtention: string | null;
  todayHours: string | null;
  empAvailabilityType: string | null;
  empAvailabilityTS: string | null;
  /**
   * Their absences now or soon (events of the category "Out of office" they attend), which the
   * server adds to the view's row (the call colleaguesOutOfOffice, the live stream's rows);
   * left out when there are none.
   */
  outOfOffice?: Absence[];
}

/**
 * An absence: occurrences of "Out of office" events a person attends, end to end (one that
 * starts when or before another ends continues it), as the server tells them. Instants with
 * the company's offset (their digits are the company's clock).
 */
export interface Absence {
  from: string;
  until: string;
  /** Whole days out (it ends with an all-day event): its last day is what shows, not a time. */
  allDay: boolean;
}

/** An absence as the server's call answers it: whose it is. */
export type ColleagueAbsence = Absence & { empID: number };

/** The view's rows with each person's absences (`outOfOffice`, left out when they have none). */
export function withAbsences<Row extends AvailabilitySource>(
  rows: readonly Row[],
  absences: readonly ColleagueAbsence[],
): Row[] {
  const byPerson = new Map<number, Absence[]>();
  for (const { empID, ...absence } of absences) {
    const own = byPerson.get(empID);
    if (own) own.push(absence);
    else byPerson.set(empID, [absence]);
  }
  return rows.map((row) => {
    const { outOfOffice: _, ...rest } = row;
    const own = byPerson.get(row.empID);
    return (own ? { ...rest, outOfOffice: own } : rest) as Row;
  });
}

/**
 * The absence that holds someone out at `now`: begun and not yet ended. Their own status wins
 * when they set it after the absence began (back early, they switched to In); one set before
 * it (In since yesterday, never switched Out) does not.
 */
export function absenceAt(source: AvailabilitySource, now: Date): Absence | null {
  const at = now.getTime();
  const set = source.empAvailabilityTS ? Date.parse(source.empAvailabilityTS) : Number.NaN;
  for (const absence of source.outOfOffice ?? []) {
    const from = Date.parse(absence.from);
    if (from <= at && at < Date.parse(absence.until) && !(set > from)) return absence;
  }
  return null;
}

/** Someone's status at `now`: Out since their absence began while one holds them, else their own. */
export function statusAt(
  source: AvailabilitySource,
  now: Date,
): { type: string | null; since: string | null; absence: Absence | null } {
  const absence = absenceAt(source, now);
  if (absence) return { type: "Out", since: absence.from, absence };
  return { type: source.empAvailabilityType, since: source.empAvailabilityTS, absence: null };
}

/** The next moment after `now` at which someone's absence begins or ends (their status may turn); null if none. */
export function nextAbsenceTurn(people: readonly AvailabilitySource[], now: Date): number | null {
  let next: number | null = null;
  for (const person of people)
    for (const absence of person.outOfOffice ?? [])
      for (const at of [Date.parse(absence.from), Date.parse(absence.until)])
        if (at > now.getTime() && (next === null || at < next)) next = at;
  return next;
}

const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mon, Dec 1" of an ISO date. */
function dayWords(date: string): string {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${DAY_NAMES[weekdayOf(date)]}, ${MONTH_NAMES[month - 1]} ${day}`;
}

/**
 * An absence as the panel's status says it, on the company's clock: "Out until 05:00 PM" when
 * it ends today, "Out until Tue, Dec 2, 09:00 AM" on a later day, and for whole days out its
 * last day, "Out until Mon, Dec 1" (out all of that day, back the next). Never the event's title.
 */
export function outUntilText(absence: Absence, now: Date, timeZone: string): string {
  const until = Date.parse(absence.until);
  if (absence.allDay) return `Out until ${dayWords(dateIn(new Date(until - 1), timeZone))}`;
  const wall = new Date(instantToWall(until, timeZone));
  const time = formatTime12h(wall.getUTCHours() * 60 + wall.getUTCMinutes());
  const day = dateIn(new Date(until), timeZone);
  return day === dateIn(now, timeZone) ? `Out until ${time}` : `Out until ${dayWords(day)}, ${time}`;
}

/** The availability row as displayed (docs/product-rules.md#availability). */
export interface AvailabilityRow {
  empID: number;
  name: string;
  officeExt: string;
  todayHours: string;
  department: string;
  duration: string;
  status: string;
  misc: string;
  colour: AvailabilityColour;
}

export function availabilityRow(source: AvailabilitySource, now: Date): AvailabilityRow {
  const { type, since } = statusAt(source, now);
  return {
    empID: source.empID,
    name: `${source.empLastName}, ${source.empFirstName}`,
    officeExt: source.empOfficeExtention ?? "",
    todayHours: source.todayHours ?? "",
    department: source.departmentName ?? "No department",
    duration: durationSince(since, now),
    status: availabilityText(type),
    misc: source.departmentEmail ?? "",
    colour: availabilityColour(type),
  };
}

// One collator for every comparison: localeCompare with options builds one per call.
const NAME_ORDER = new Intl.Collator("en", { sensitivity: "base" });

export interface DepartmentGroup {
  department: number | null;
  name: string;
  /** The department's contact address (tblAppLookup appLookupMisc). */
  email: string;
  /** Only the user's own department starts expanded. */
  own: boolean;
  people: AvailabilitySource[];
}

/**
 * Colleagues grouped by department: the user's own department first, the others by
 * name; people by last name, then first name.
 */
export function departmentGroups(
  people: readonly AvailabilitySource[],
  ownDepartment: number | null | undefined,
): DepartmentGroup[] {
  const groups = new Map<number | null, DepartmentGroup>();
  for (const person of people) {
    let group = groups.get(person.empDepartment);
    if (!group) {
      group = {
        department: person.empDepartment,
        name: person.departmentName ?? "No department",
        email: person.departmentEmail ?? "",
        own: person.empDepartment === (ownDepartment ?? null),
        people: [],
      };
      groups.set(person.empDepartment, group);
    }
    group.people.push(person);
  }
  const byName = NAME_ORDER.compare;
  for (const group of groups.values())
    group.people.sort((a, b) => byName(a.empLastName, b.empLastName) || byName(a.empFirstName, b.empFirstName));
  return [...groups.values()].sort((a, b) => Number(b.own) - Number(a.own) || byName(a.name, b.name));
}

/** A name as a person types it: no case, no accents, single spaces. */
const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/**
 * The colleagues whose name holds every word typed ("ann", "lee ann", "Lee, Ann"; no case or
 * accents), in their departments, the departments without any left out. A blank term finds
 * everyone.
 */
export function findColleagues(groups: readonly DepartmentGroup[], term: string): DepartmentGroup[] {
  const words = folded(term.replace(/,/g, " ")).split(" ").filter(Boolean);
  if (words.length === 0) return [...groups];
  const matches = (person: AvailabilitySource) => {
    const name = folded(`${person.empFirstName} ${person.empLastName}`);
    return words.every((word) => name.includes(word));
  };
  return groups.flatMap((group) => {
    const people = group.people.filter(matches);
    return people.length > 0 ? [{ ...group, people }] : [];
  });
}

export interface DepartmentCounts {
  department: number | null;
  name: string;
  own: boolean;
  In: number;
  Break: number;
  Out: number;
  /** Colleagues who have not set a status yet (NULL in the data, "—" on screen). */
  none: number;
}

/**
 * How many colleagues of each department are In, on Break, Out or without a status at `now`,
 * in the groups' order: someone out of office counts as Out (statusAt).
 */
export function departmentCounts(groups: readonly DepartmentGroup[], now = new Date()): DepartmentCounts[] {
  return groups.map(({ department, name, own, people }) => {
    const counts: DepartmentCounts = { department, name, own, In: 0, Break: 0, Out: 0, none: 0 };
    for (const person of people) {
      const { type } = statusAt(person, now);
      if (type === "In" || type === "Break" || type === "Out") counts[type] += 1;
      else counts.none += 1;
    }
    return counts;
  });
}
