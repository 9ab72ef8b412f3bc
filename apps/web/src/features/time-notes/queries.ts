import {
  type DayRange,
  LOGGED_NOTE_FIELDS,
  type LoggedNote,
  loggedRangeWhere,
  type OfficeHours,
  vwMyProjectNotes,
  vwNoteCategories,
} from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { executeQuery } from "../../api/client";
import { namedKey } from "../../services/query-keys";
import { rowsQuery } from "../../services/rows-query";

/** The note types (the lookups of group 68), for the dialog's Type. */
export const noteCategoriesQuery = queryOptions({
  ...rowsQuery<{ id: number; value: string }>({ table: vwNoteCategories.name, fields: "id,value" }),
  staleTime: 5 * 60_000,
});

/** The signed-in user's notes of a range of the company's days (the header's hours tables). */
export const loggedNotesQuery = (range: DayRange) =>
  rowsQuery<LoggedNote>({
    table: vwMyProjectNotes.name,
    fields: LOGGED_NOTE_FIELDS.join(","),
    where: loggedRangeWhere(range),
    order: "createdTS",
  });

/** The signed-in user's office hours of each day (Home's "My week"), which change seldom. */
export const myOfficeHoursQuery = queryOptions({
  // Read again when an employee (their office hours) changes.
  queryKey: namedKey("myOfficeHours"),
  queryFn: async (): Promise<OfficeHours> => (await executeQuery("myOfficeHours"))[0] ?? {},
  staleTime: 5 * 60_000,
});
