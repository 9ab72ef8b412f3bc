import { wallMs, wallText } from "../company-time.js";
import { addDays } from "../formats.js";
import { RECURRENCE } from "../lookups/enumerations.js";
import { type SeriesRule, seriesWeekdays } from "./series.js";

/**
 * What an edit of one occurrence of a series does under each answer to "This event / This and
 * following events / All events" (spec 3's recurring edit scope; docs/decisions.md#recurrence),
 * as plans: pure, so the server carries one out in one transaction and the property tests check
 * them against the occurrences.
 */

/** A series as its times are kept: its first start on its zone's clock, its length, its rule. */
export interface SeriesShape {
  start: string;
  minutes: number;
  rule: SeriesRule;
}

/** One occurrence changed or removed on its own, named by its start as the series makes it. */
export interface SeriesException {
  original: string;
  /** Its own start and length when moved or resized; none when only removed. */
  start?: string | undefined;
  minutes?: number | undefined;
  cancelled?: boolean | undefined;
}

/** An edit of an occurrence's time: moved (or resized) to a new start and length, or removed. */
export type OccurrenceEdit = { kind: "move"; start: string; minutes: number } | { kind: "delete" };

const DAY_MS = 86_400_000;

/** Whole days from one wall-clock date to another's. */
const daysBetween = (from: string, to: string) =>
  Math.round((wallMs(`${to.slice(0, 10)}T00:00`) - wallMs(`${from.slice(0, 10)}T00:00`)) / DAY_MS);

/** A rule moved by whole days: a weekly series' days of the week, and its last day, follow the move. */
function shiftRule(rule: SeriesRule, start: string, days: number): SeriesRule {
  const weekdays =
    rule.recurrence === RECURRENCE.code.weekly
      ? seriesWeekdays(rule, start).map((day) => (((day + days) % 7) + 7) % 7)
      : rule.weekdays;
  return { ...rule, weekdays, until: rule.until ? addDays(rule.until, days) : rule.until };
}

/** "This event": an exception for that occurrence alone, replacing any it had. */
export function planThisEvent(original: string, edit: OccurrenceEdit): SeriesException {
  return edit.kind === "delete"
    ? { original, cancelled: true }
    : { original, start: edit.start, minutes: edit.minutes };
}

export interface FollowingPlan {
  /** The series up to the occurrence before the one edited; null when that was the first (the whole series changes). */
  head: SeriesShape | null;
  /** The series from the edited occurrence on, changed; null when they are deleted. */
  tail: SeriesShape | null;
  /** Exceptions before the edited occurrence: they stay with the head. */
  kept: SeriesException[];
  /** Exceptions from it on: the new series drops them, and the dialog says how many. */
  dropped: SeriesException[];
}

/**
 * "This and following events": the series ends before the occurrence and a new one starts
 * there with the change, as Google, Odoo and Nextcloud split it. `before` is how many
 * occurrences precede the edited one (its index): a count is shared between the two halves.
 * Moving it to another day moves a weekly series' days, and its last day, by as many days.
 */
export function planFollowing(
  series: SeriesShape,
  exceptions: readonly SeriesException[],
  original: string,
  edit: OccurrenceEdit,
  before: number,
): FollowingPlan {
  const { rule } = series;
  const head: SeriesShape | null =
    before === 0
      ? null
      : {
          ...series,
          rule:
            rule.count != null
              ? { ...rule, count: before, until: null }
              : { ...rule, until: addDays(original, -1), count: null },
        };
  const tail: SeriesShape | null =
    edit.kind === "delete"
      ? null
      : {
          start: edit.start,
          minutes: edit.minutes,
          rule: {
            ...shiftRule(rule, series.start, daysBetween(original, edit.start)),
            count: rule.count != null ? rule.count - before : null,
          },
        };
  return {
    head,
    tail,
    kept: exceptions.filter((exception) => exception.original < original),
    dropped: exceptions.filter((exception) => exception.original >= original),
  };
}

export interface AllPlan {
  /** The series changed; null when deleted. */
  series: SeriesShape | null;
  /** Exceptions renamed to their occurrences' new starts that are still occurrences of it. */
  kept: SeriesException[];
  /** Those that no longer fit an occurrence (or all, on delete). */
  dropped: SeriesException[];
}

/**
 * "All events": the series moves as the occurrence moved (by the same time, its length the
 * new one), and keeps the exceptions that still fit: each renamed by the same move, kept when
 * the moved series still has an occurrence there (`fits`, the expander's answer).
 */
export function planAll(
  series: SeriesShape,
  exceptions: readonly SeriesException[],
  original: string,
  edit: OccurrenceEdit,
  fits: (series: SeriesShape, original: string) => boolean,
): AllPlan {
  if (edit.kind === "delete") return { series: null, kept: [], dropped: [...exceptions] };
  const moved = wallMs(edit.start) - wallMs(original);
  const days = daysBetween(original, edit.start);
  const changed: SeriesShape = {
    start: wallText(wallMs(series.start) + moved),
    minutes: edit.minutes,
    rule: shiftRule(series.rule, series.start, days),
  };
  const renamed = exceptions.map((exception) => ({
    ...exception,
    original: wallText(wallMs(exception.original) + moved),
  }));
  return {
    series: changed,
    kept: renamed.filter((exception) => fits(changed, exception.original)),
    dropped: renamed.filter((exception) => !fits(changed, exception.original)),
  };
}
