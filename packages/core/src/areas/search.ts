import { dateRangeWhere } from "../date-range.js";
import type { FieldKind } from "../resources/column.js";
import type { ResourceDef } from "../resources/resource.js";
import { checkField, type RuleSpec } from "../validation.js";
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
}

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

/** The message of each criterion whose value breaks its rules, by criterion name. */
export function criteriaMessages(criteria: readonly SearchCriterion[], values: Values): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const criterion of criteria) {
    if (criterion.kind !== "dateRange") continue;
    const message = checkField(dateRangeRules(criterion), rangeOf(criterion, values), criterion.label);
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
    for (const name of criterion.columns) {
      if (!Object.hasOwn(resource.columns, name)) throw new Error(`${resource.name} has no column ${name}`);
    }
  }
}
