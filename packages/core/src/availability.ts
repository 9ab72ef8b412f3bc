import { formatMinutes } from "./formats.js";

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
  return {
    empID: source.empID,
    name: `${source.empLastName}, ${source.empFirstName}`,
    officeExt: source.empOfficeExtention ?? "",
    todayHours: source.todayHours ?? "",
    department: source.departmentName ?? "No department",
    duration: durationSince(source.empAvailabilityTS, now),
    status: availabilityText(source.empAvailabilityType),
    misc: source.departmentEmail ?? "",
    colour: availabilityColour(source.empAvailabilityType),
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

/** How many colleagues of each department are In, on Break, Out or without a status, in the groups' order. */
export function departmentCounts(groups: readonly DepartmentGroup[]): DepartmentCounts[] {
  return groups.map(({ department, name, own, people }) => {
    const counts: DepartmentCounts = { department, name, own, In: 0, Break: 0, Out: 0, none: 0 };
    for (const person of people) {
      const type = person.empAvailabilityType;
      if (type === "In" || type === "Break" || type === "Out") counts[type] += 1;
      else counts.none += 1;
    }
    return counts;
  });
}
