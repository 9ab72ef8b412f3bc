/**
 * The last search of each search page, kept for the browser tab's session (sessionStorage)
 * and forgotten when its user signs out: the next person at the tab starts afresh.
 */
const PREFIX = "office.search.";

export const rememberedSearch = (path: string, storage: Storage = sessionStorage): string | null =>
  storage.getItem(PREFIX + path);

/** Keeps a page's search; an empty one forgets it. */
export function rememberSearch(path: string, address: URLSearchParams, storage: Storage = sessionStorage): void {
  if (address.size > 0) storage.setItem(PREFIX + path, address.toString());
  else storage.removeItem(PREFIX + path);
}

export function forgetSearches(storage: Storage = sessionStorage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  for (const key of keys) if (key?.startsWith(PREFIX)) storage.removeItem(key);
}
