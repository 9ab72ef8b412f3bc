import { EXCLUDED_PROJECT_STATUS_IDS, INT4 } from "./constants.js";
import type { vwProjectSearch } from "./resources/vwProjectSearch.js";
import { whereBuilder } from "./where/build.js";

type Column = keyof typeof vwProjectSearch.columns;

/**
 * The where of the project dropdown: the term anywhere in the name or either
 * source number, or the project id itself, among projects whose latest status is none of
 * 56, 66, 194 (a project without a status yet is open), or with `closedToo` among every
 * project (the header's "Search closed projects too"). Quotes are escaped by the printer.
 */
export function projectSearchWhere(term: string, closedToo = false): string {
  const w = whereBuilder<Column>();
  const text = term.trim();
  const matches = [
    w.contains("projectName", text),
    w.contains("projectFirstSourceNumber", text),
    w.contains("projectSecondSourceNumber", text),
  ];
  if (/^\d{1,10}$/.test(text) && Number(text) <= INT4.max) matches.unshift(w.eq("projectID", Number(text)));
  return w.print(closedToo ? w.or(...matches) : w.and(w.or(...matches), isOpen(w)));
}

/** The where of one project, when it is open (the dropdown would offer it). */
export function openProjectWhere(projectID: number): string {
  const w = whereBuilder<Column>();
  return w.print(w.and(w.eq("projectID", projectID), isOpen(w)));
}

const isOpen = (w: ReturnType<typeof whereBuilder<Column>>) =>
  w.or(w.isNull("latestStatusCodeID"), w.notIn("latestStatusCodeID", EXCLUDED_PROJECT_STATUS_IDS));
