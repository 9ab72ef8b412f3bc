import { CALENDAR_OPERATIONS, dayWindow } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { operationQuery } from "../../services/operations";

/**
 * The occurrences around a company day (`dayWindow`: the instants it lies within in any zone) of
 * the events the user may see: the server filters them by visibility and expands the series;
 * Home's "Today" keeps those on the day (`todaysEvents`). Read again whenever an event changes
 * (its key starts with the tables the call reads).
 */
export const dayOccurrencesQuery = (day: string) =>
  queryOptions({
    ...operationQuery(CALENDAR_OPERATIONS.calendarOccurrences, dayWindow(day)),
    select: (answer) => answer.data,
  });
