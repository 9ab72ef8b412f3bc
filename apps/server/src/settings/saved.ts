/** A saved setting's JSON text read back; anything unreadable is nothing saved (the initial values stand). */
export function parseSaved(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
