/**
 * A request to open the header's Project Notes dialog from elsewhere (the command palette's
 * Log time): the header's button listens, so there is one dialog, opened as its button opens it.
 */
const listeners = new Set<() => void>();

export function requestProjectNotes() {
  for (const listener of listeners) listener();
}

export function onProjectNotesRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
