import { weekdayOf } from "../company-time.js";
import { INT4 } from "../constants.js";
import { dateRangeWhere } from "../date-range.js";
import { addDays, formatUsDate } from "../formats.js";
import type { FieldKind } from "../resources/column.js";
import type { ResourceDef } from "../resources/resource.js";
import { checkField, MESSAGES, type RuleSpec } from "../validation.js";
import type { Where } from "../where/ast.js";
import { whereBuilder } from "../where/build.js";

/**
 * One box of an advanced search: words found in any of some columns, one column's value, or
 * a range of days of one date column.
 */
export interface SearchCriterion {
  /** Its name in the search page's address (?name=…); a range has two: nameFrom and nameTo. */
  name: string;
  label: string;
  kind: "contains" | "equals" | "dateRange";
  /** contains: the columns looked in; equals and dateRange: the one column. */
  columns: readonly string[];
  /** How the value is picked, where the column's own field does not say (an author's key). */
  field?: FieldKind;
  /** A range that must have a start or an end (the requireddaterange rule). */
  required?: true;
  /**
   * What a range missing from the address searches: every day up to today, or this week
   * (from its Sunday, as the header's hours count it). The page then opens on it.
   */
  otherwise?: "untilToday" | "thisWeek";
  /** A choice of an equals box that finds the rows whose column is empty ("No status"); ?name=none. */
  none?: string;
}

/** The address value of a box's `none` choice. */
export const NONE = "none";

/** The names a criterion takes in the address. */
export function criterionParams(criterion: SearchCriterion): string[] {
  return criterion.kind === "dateRange" ? [`${criterion.name}From`, `${criterion.name}To`] : [criterion.name];
}

/** The rules of spec 5 a date range of a search must pass. */
export function dateRangeRules(criterion: SearchCriterion): readonly RuleSpec[] {
  const format: RuleSpec[] = ["daterangevalidformat", "daterange"];
  return criterion.required ? ["requireddaterange", ...format] : format;
}

type Values = Readonly<Record<string, string | undefined>>;

const rangeOf = (criterion: SearchCriterion, values: Values) => {
  const [from, to] = criterionParams(criterion) as [string, string];
  return { start: values[from]?.trim() ?? "", end: values[to]?.trim() ?? "" };
};

/**
 * The range a date range criterion searches when the address gives neither end, as the form
 * shows it (MM/DD/YYYY); `today` is the company's (YYYY-MM-DD).
 */
export function rangeDefault(criterion: SearchCriterion, today: string): { from: string; to: string } | null {
  if (criterion.kind !== "dateRange" || !criterion.otherwise) return null;
  const to = formatUsDate(today) ?? "";
  if (criterion.otherwise === "untilToday") return { from: "", to };
  return { from: formatUsDate(addDays(today, -weekdayOf(today))) ?? "", to };
}

/** Whether a box takes a number typed as text (an id): its own rule then applies. */
const typedNumber = (criterion: SearchCriterion, resource: ResourceDef) =>
  criterion.kind === "equals" &&
  !criterion.field &&
  resource.columns[criterion.columns[0] ?? ""]?.type === "integer" &&
  !resource.columns[criterion.columns[0] ?? ""]?.field;

/** An id typed into a box: whole digits within the column's range (the number rule's message). */
const idMessage = (text: string) =>
  text === "" || (/^\d{1,10}$/.test(text) && Number(text) <= INT4.max) ? null : MESSAGES.number;

/** The message of each criterion whose value breaks its rules, by criterion name. */
export function criteriaMessages(
  criteria: readonly SearchCriterion[],
  resource: ResourceDef,
  values: Values,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const criterion of criteria) {
    const message =
      criterion.kind === "dateRange"
        ? checkField(dateRangeRules(criterion), rangeOf(criterion, values), criterion.label)
        : typedNumber(criterion, resource)
          ? idMessage(values[criterion.name]?.trim() ?? "")
          : null;
    if (message) messages[criterion.name] = message;
  }
  return messages;
}

/**
 * The where of an advanced search: every filled box must match (AND); words match anywhere
 * in any of their columns; a value equals its column (numbers compared as numbers); a range
 * takes whole days. A box whose value is not valid for its column is left out (the form
 * shows its message and does not search).
 */
export function criteriaWhere(
  criteria: readonly SearchCriterion[],
  resource: ResourceDef,
  values: Values,
): Where | null {
  const w = whereBuilder();
  const parts: Where[] = [];
  for (const criterion of criteria) {
    const column = criterion.columns[0] as string;
    if (criterion.kind === "dateRange") {
      const range = dateRangeWhere(column, rangeOf(criterion, values));
      if (range) parts.push(range);
      continue;
    }
    const text = values[criterion.name]?.trim();
    if (!text) continue;
    if (criterion.none && text === NONE) {
      parts.push(w.isNull(column));
      continue;
    }
    if (criterion.kind === "contains") {
      parts.push(w.or(...criterion.columns.map((c) => w.contains(c, text))));
      continue;
    }
    const numeric = resource.columns[column]?.type === "integer";
    if (numeric && !/^-?\d{1,10}$/.test(text)) continue;
    parts.push(w.eq(column, numeric ? Number(text) : text));
  }
  return parts.length ? w.and(...parts) : null;
}

/** Checks that a search's criteria name columns of the resource it reads. */
export function checkCriteria(resource: ResourceDef, criteria: readonly SearchCriterion[]): void {
  for (const criterion of criteria) {
    if (criterion.none && criterion.kind !== "equals") throw new Error(`${criterion.name}: only a value has a none`);
    if (criterion.otherwise && criterion.kind !== "dateRange") {
      throw new Error(`${criterion.name}: only a range has a default`);
    }
    for (const name of criterion.columns) {
      if (!Object.hasOwn(resource.columns, name)) throw new Error(`${resource.name} has no column ${name}`);
    }
  }
}
