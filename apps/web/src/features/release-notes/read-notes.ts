import { type RowOf, tblReleaseNote } from "@office/core";
import { useCallback, useSyncExternalStore } from "react";
import { rowsQuery } from "../../services/rows-query";

/** A release note's columns, as the feed reads them and the table lists them. */
export const NOTE_FIELDS = [
  "releaseNoteID",
  "releaseNoteVersion",
  "releaseNoteDate",
  "releaseNoteTitle",
  "releaseNoteBody",
] as const;
const FIELDS = NOTE_FIELDS.join(",");

/** A release note as the feed reads it: those of the table's columns. */
export type ReleaseNote = Pick<RowOf<typeof tblReleaseNote>, (typeof NOTE_FIELDS)[number]>;
export const RELEASE_NOTE_ORDER = "releaseNoteDate DESC, releaseNoteID DESC";

/** The newest release notes (Home shows a few; the feed pages through them all). */
export const newestReleaseNotesQuery = (rowLimit: number) =>
  rowsQuery<ReleaseNote>({ table: tblReleaseNote.name, fields: FIELDS, order: RELEASE_NOTE_ORDER, rowLimit });

/*
 * Which notes a user has read: the highest note id they have seen on /rn, kept in this browser
 * for each user (docs/decisions.md#home): a note with a higher id is unread. A user who never
 * opened /rn has read none.
 */
const keyOf = (empID: number) => `office.releaseNotesRead.${empID}`;
const listeners = new Set<() => void>();

function readMark(empID: number): number {
  try {
    const value = Number(localStorage.getItem(keyOf(empID)));
    return Number.isSafeInteger(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** The user has seen these notes: the mark moves up to the newest of them, never down. */
export function markReleaseNotesRead(empID: number, notes: readonly Pick<ReleaseNote, "releaseNoteID">[]) {
  const newest = Math.max(0, ...notes.map((n) => n.releaseNoteID));
  if (newest <= readMark(empID)) return;
  try {
    localStorage.setItem(keyOf(empID), String(newest));
  } catch {
    // A browser that keeps nothing (private mode, full storage) shows the notes as unread again.
  }
  for (const listener of listeners) listener();
}

/** Whether a note is unread by the user, kept current when the feed marks notes read. */
export function useUnread(empID: number | undefined): (note: Pick<ReleaseNote, "releaseNoteID">) => boolean {
  const mark = useSyncExternalStore(subscribe, () => (empID === undefined ? Number.MAX_SAFE_INTEGER : readMark(empID)));
  // One function per mark: the feed marks notes read when it changes, not on every render.
  return useCallback((note) => note.releaseNoteID > mark, [mark]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
