import { weekdayOf } from "../company-time.js";
import { INT4 } from "../constants.js";
import { dateRangeWhere } from "../date-range.js";
import { addDays, formatUsDate } from "../formats.js";
import type { FieldKind } from "../resources/column.js";
import type { Resource } from "../resources/resource.js";
import { checkField, checkRule, MESSAGES, type RuleSpec } from "../validation.js";
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

/** The form rules (docs/product-rules.md#forms) a date range of a search must pass. */
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

/** The value of an integer column a box holds, or null when it is none (out of the column's range). */
const integerOf = (text: string): number | null => {
  const n = /^-?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  return n >= INT4.min && n <= INT4.max ? n : null;
};

/** Whether a box takes a number typed as text (an id), not picked: the number rule then applies. */
function typedNumber(criterion: SearchCriterion, resource: Resource): boolean {
  const column = resource.columns[criterion.columns[0] ?? ""];
  return criterion.kind === "equals" && !criterion.field && column?.type === "integer" && !column.field;
}

/** An id typed into a box: the number rule's digits, within the column's range (its message either way). */
const idMessage = (text: string, label: string) =>
  text === "" ? null : (checkRule("number", text, label) ?? (integerOf(text) === null ? MESSAGES.number : null));

/** The message of each criterion whose value breaks its rules, by criterion name. */
export function criteriaMessages(
  criteria: readonly SearchCriterion[],
  resource: Resource,
  values: Values,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const criterion of criteria) {
    const message =
      criterion.kind === "dateRange"
        ? checkField(dateRangeRules(criterion), rangeOf(criterion, values), criterion.label)
        : typedNumber(criterion, resource)
          ? idMessage(values[criterion.name]?.trim() ?? "", criterion.label)
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
export function criteriaWhere(criteria: readonly SearchCriterion[], resource: Resource, values: Values): Where | null {
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
    const value = resource.columns[column]?.type === "integer" ? integerOf(text) : text;
    if (value !== null) parts.push(w.eq(column, value));
  }
  return parts.length ? w.and(...parts) : null;
}

/** Checks that a declaration names columns its resource has. */
export function checkColumns(resource: Resource, names: readonly string[]): void {
  for (const name of names) {
    if (!Object.hasOwn(resource.columns, name)) throw new Error(`${resource.name} has no column ${name}`);
  }
}

/** Checks that a search's criteria name columns of the resource it reads, each with what its kind allows. */
export function checkCriteria(resource: Resource, criteria: readonly SearchCriterion[]): void {
  for (const criterion of criteria) {
    if (criterion.none && criterion.kind !== "equals") throw new Error(`${criterion.name}: only a value has a none`);
    if (criterion.otherwise && criterion.kind !== "dateRange") {
      throw new Error(`${criterion.name}: only a range has a default`);
    }
    checkColumns(resource, criterion.columns);
  }
}
