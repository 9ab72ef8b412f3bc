import { addDays, parseUsDate } from "./formats.js";
import type { DateRange } from "./validation.js";
import type { Where } from "./where/ast.js";
import { whereBuilder } from "./where/build.js";

/**
 * The condition of a date range typed in a form (US dates, either end optional) over a date
 * or date-time column: from the start of the first day to the end of the last, inclusive.
 * Null when neither end is a date.
 */
export function dateRangeWhere(column: string, range: DateRange): Where | null {
  const w = whereBuilder();
  const start = parseUsDate(range.start ?? "");
  const end = parseUsDate(range.end ?? "");
  const parts = [...(start ? [w.ge(column, start)] : []), ...(end ? [w.lt(column, addDays(end, 1))] : [])];
  return parts.length ? w.and(...parts) : null;
}
