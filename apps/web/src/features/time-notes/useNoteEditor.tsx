import type { NoteRow } from "@office/core";
import { NOTE_ROW_FIELDS } from "@office/core";
import { useState } from "react";
import { useChunkComponent } from "../../services/chunk-component";

// The dialog loads with the first note opened, as the header's button loads it: not with the page.
const loadDialog = async () => (await import("./ProjectNotesDialog")).ProjectNotesDialog;

/**
 * A time note opened from wherever notes are listed (a project's time notes, the notes search,
 * the hours tables): the note dialog over it, to correct or remove it where its rules allow.
 * `rowFields` are what a list must read for its rows to open.
 */
export function useNoteEditor() {
  const [note, setNote] = useState<NoteRow | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  const Dialog = useChunkComponent(loadDialog, note !== undefined);
  return {
    rowFields: NOTE_ROW_FIELDS,
    open(row: object) {
      setNote(row as unknown as NoteRow);
      setOpened(true);
    },
    // The note stays while the dialog closes, so its words do not change under the animation.
    element: Dialog ? <Dialog opened={opened} note={note} onClose={() => setOpened(false)} /> : null,
  };
}
