/** Chunk-load failures reload the page, at most once per 60 s: after a deploy, an open tab asks for files that are gone. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
const KEY = "office.chunkReloadAt";

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** Whether to reload now: not if the last reload for this reason was less than the window ago. */
export function mayReload(now: number, last: number | null, windowMs = CHUNK_RELOAD_WINDOW_MS): boolean {
  return last === null || !Number.isFinite(last) || now - last >= windowMs || now < last;
}

let opening: () => string | undefined = () => undefined;

/**
 * Tells the reload where a navigation under way is going (the router knows): the browser
 * still shows the previous address, and the reload must land where the user was going.
 */
export function reloadInto(target: () => string | undefined): void {
  opening = target;
}

function reloadPage() {
  const href = opening();
  if (href) location.assign(href);
  else location.reload();
}

/**
 * Reloads the page once per window; answers whether it did (otherwise the failure stands). Not
 * while the browser is offline: a chunk that cannot load then is no deploy, and a reload would
 * only trade the app's own error for the browser's offline page (a chunk loaded in the
 * background, as the palette's is, fails this way when the connection drops).
 */
export function reloadForChunk(
  storage: Storage = sessionStorage,
  reload = reloadPage,
  online = () => globalThis.navigator?.onLine !== false,
): boolean {
  if (!online()) return false;
  const now = Date.now();
  const stored = storage.getItem(KEY);
  if (!mayReload(now, stored === null ? null : Number(stored))) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Loads a page's module; a chunk that fails to load reloads the page, at most once a minute. */
export async function importPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadForChunk()) return new Promise<T>(() => {});
    throw error;
  }
}
