import type { DayRange } from "./company-time.js";
import { formatMinutes } from "./formats.js";
import { whereBuilder } from "./where/build.js";

/**
 * Today's and this week's hours (docs/product-rules.md#time-notes): the signed-in user's time
 * notes of a range of the company's days, as the header's two tables show them.
 */

/** The columns the hours tables read of `vwMyProjectNotes`. */
export const LOGGED_NOTE_FIELDS = [
  "projectNotesID",
  "projectID",
  "empID",
  "projectNoteCategory",
  "projectName",
  "ProjectNotesDesc",
  "ProjectNotesMinutes",
  "createdTS",
] as const;

export interface LoggedNote {
  projectNotesID: number;
  projectID: number;
  empID: number;
  projectNoteCategory: number;
  projectName: string;
  ProjectNotesDesc: string | null;
  ProjectNotesMinutes: number;
  /** As the data service sends times: with the company's offset, so its date is the company's. */
  createdTS: string;
}

/** A note as a list brings it to be opened (the note dialog): what it shows, and whose it is. */
export type NoteRow = Pick<
  LoggedNote,
  | "projectNotesID"
  | "projectID"
  | "projectName"
  | "empID"
  | "projectNoteCategory"
  | "ProjectNotesMinutes"
  | "ProjectNotesDesc"
>;

/** The fields a list of notes reads so that a row opens its note. */
export const NOTE_ROW_FIELDS = [
  "projectNotesID",
  "projectID",
  "projectName",
  "empID",
  "projectNoteCategory",
  "ProjectNotesMinutes",
  "ProjectNotesDesc",
] as const satisfies readonly (keyof NoteRow)[];

/** The where of a range of days: from the first day's midnight to the end's, in the database session's zone. */
export function loggedRangeWhere(range: DayRange): string {
  const w = whereBuilder<"createdTS">();
  return w.print(w.and(w.ge("createdTS", range.start), w.lt("createdTS", range.end)));
}

/** One row of an hours table, with the columns the product names (docs/product-rules.md#time-notes). */
export interface HoursRow {
  index: number;
  projectNotesID: number;
  projectName: string;
  ProjectNotesDesc: string;
  HHmm: string;
  createdTS: string;
  /** The note the row shows, as read: what opens it to be corrected. */
  note: LoggedNote;
}

export interface HoursTable {
  rows: HoursRow[];
  minutes: number;
  /** The total as HH:mm. */
  total: string;
}

/**
 * The notes of a range, oldest first and numbered from 1, with their total. The range is read
 * from each note's own date (the company's), so one week's notes give both tables.
 */
export function hoursTable(notes: readonly LoggedNote[], range: DayRange): HoursTable {
  const within = notes
    .filter((note) => {
      const day = note.createdTS.slice(0, 10);
      return day >= range.start && day < range.end;
    })
    .sort((a, b) => Date.parse(a.createdTS) - Date.parse(b.createdTS) || a.projectNotesID - b.projectNotesID);
  const minutes = within.reduce((sum, note) => sum + note.ProjectNotesMinutes, 0);
  return {
    rows: within.map((note, i) => ({
      index: i + 1,
      projectNotesID: note.projectNotesID,
      projectName: note.projectName,
      ProjectNotesDesc: note.ProjectNotesDesc ?? "",
      HHmm: formatMinutes(note.ProjectNotesMinutes),
      createdTS: note.createdTS,
      note,
    })),
    minutes,
    total: formatMinutes(minutes),
  };
}
