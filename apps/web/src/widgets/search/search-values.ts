import { criterionParams, rangeDefault, type SearchCriterion } from "@office/core";

/** A search's boxes by their names in the address (a range's two ends each under its own). */
export type SearchValues = Record<string, string>;

/** Every name the criteria take in the address, in their order. */
export const paramNames = (criteria: readonly SearchCriterion[]): string[] => criteria.flatMap(criterionParams);

/** Whether a search has a range that takes a default from today's date. */
export const needsToday = (criteria: readonly SearchCriterion[]): boolean =>
  criteria.some((criterion) => criterion.otherwise !== undefined);

/** Each range with a default, its two names and that default for `today` (YYYY-MM-DD). */
function defaults(criteria: readonly SearchCriterion[], today: string) {
  return criteria.flatMap((criterion) => {
    const range = rangeDefault(criterion, today);
    const [from, to] = criterionParams(criterion) as [string, string];
    return range ? [{ from, to, range }] : [];
  });
}

/**
 * The boxes of the search in an address. A range with a default and neither end in it takes
 * that default for `today`: a bare page, or a link that names other boxes (the dashboard's
 * /project?status=…), then searches up to now (the project search) or this week (the notes
 * search) instead of stopping at 'is required' or asking to load every note.
 */
export function addressValues(
  criteria: readonly SearchCriterion[],
  params: URLSearchParams,
  today: string,
): SearchValues {
  const values: SearchValues = {};
  for (const name of paramNames(criteria)) values[name] = params.get(name) ?? "";
  for (const { from, to, range } of defaults(criteria, today)) {
    if (!values[from] && !values[to]) Object.assign(values, { [from]: range.from, [to]: range.to });
  }
  return values;
}

/**
 * The values without a range that is its default for `today`: the address and the remembered
 * search then leave it out, so that they mean "up to today" on a later day too, not a date.
 */
export function withoutDefaults(
  criteria: readonly SearchCriterion[],
  values: SearchValues,
  today: string,
): SearchValues {
  const kept = { ...values };
  for (const { from, to, range } of defaults(criteria, today)) {
    if ((values[from] ?? "").trim() === range.from && (values[to] ?? "").trim() === range.to) {
      delete kept[from];
      delete kept[to];
    }
  }
  return kept;
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
