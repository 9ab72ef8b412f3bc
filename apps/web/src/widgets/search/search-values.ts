import { criterionParams, type SearchCriterion } from "@office/core";

/** A search's boxes by their names in the address (a range's two ends each under its own). */
export type SearchValues = Record<string, string>;

/** Every name the criteria take in the address, in their order. */
export const paramNames = (criteria: readonly SearchCriterion[]): string[] => criteria.flatMap(criterionParams);

/** Whether a search has a range that must be given (its end defaults to today). */
export const needsToday = (criteria: readonly SearchCriterion[]): boolean =>
  criteria.some((criterion) => criterion.kind === "dateRange" && criterion.required);

/**
 * The boxes of the search in an address. A required range with neither end in it ends
 * `today` (MM/DD/YYYY): a bare page, or a link that names other boxes (the dashboard's
 * /project?status=…), then searches everything up to now instead of stopping at the range's
 * 'is required'.
 */
export function addressValues(
  criteria: readonly SearchCriterion[],
  params: URLSearchParams,
  today: string,
): SearchValues {
  const values: SearchValues = {};
  for (const name of paramNames(criteria)) values[name] = params.get(name) ?? "";
  for (const criterion of criteria) {
    if (criterion.kind !== "dateRange" || !criterion.required) continue;
    const [from, to] = criterionParams(criterion) as [string, string];
    if (!values[from] && !values[to]) values[to] = today;
  }
  return values;
}

/** The address of a search: its filled boxes, as typed, in the criteria's order. */
export function searchAddress(criteria: readonly SearchCriterion[], values: SearchValues): URLSearchParams {
  return new URLSearchParams(
    paramNames(criteria).flatMap((name) => {
      const value = values[name] ?? "";
      return value.trim() === "" ? [] : [[name, value]];
    }),
  );
}

/** Whether an address names none of a search's boxes: the page was opened bare. */
export const isBare = (criteria: readonly SearchCriterion[], params: URLSearchParams): boolean =>
  paramNames(criteria).every((name) => !params.get(name));
