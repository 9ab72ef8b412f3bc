import { useCallback, useMemo, useState } from "react";

/**
 * What a user keeps of a page's list in this browser (docs/decisions.md#saved-views): the
 * columns they hid, and their saved views, each a name for the list's address (its search,
 * sort and the page's own boxes) and the columns then hidden. Kept per user, per page and list.
 */
export interface SavedView {
  name: string;
  /** The page's address query, without its page number: `?q=oak&sort=-projectDueDate`. */
  address: string;
  hidden: string[];
}

export interface ListPrefs {
  hidden: string[];
  views: SavedView[];
}

const NONE: ListPrefs = { hidden: [], views: [] };
/** Views one list keeps: past this, the oldest goes. */
export const MAX_VIEWS = 20;
const MAX_NAME = 60;

const keyOf = (empID: number, list: string) => `office.list.${empID}.${list}`;

/** What a browser that keeps nothing (its storage refused) keeps until the page is left. */
const kept = new Map<string, ListPrefs>();

/** A kept value as it should be: anything else (a hand-edited entry, an old shape) counts as none. */
function read(empID: number, list: string): ListPrefs {
  let stored: string | null;
  try {
    stored = localStorage.getItem(keyOf(empID, list));
  } catch {
    return kept.get(keyOf(empID, list)) ?? NONE;
  }
  try {
    const value: unknown = JSON.parse(stored ?? "null");
    if (typeof value !== "object" || value === null) return NONE;
    const { hidden, views } = value as Partial<ListPrefs>;
    const names = (value: unknown) =>
      Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    return {
      hidden: names(hidden),
      views: (Array.isArray(views) ? views : [])
        .filter((v): v is SavedView => typeof v?.name === "string" && typeof v?.address === "string")
        .map((v) => ({ name: v.name.slice(0, MAX_NAME), address: v.address, hidden: names(v.hidden) }))
        .slice(-MAX_VIEWS),
    };
  } catch {
    return NONE;
  }
}

/**
 * A page's list's kept columns and views for the signed-in user (read again when the user is
 * known, or another list is shown); without a user, nothing is kept.
 */
export function useListPrefs(empID: number | undefined, list: string) {
  const [version, setVersion] = useState(0);
  const key = empID === undefined ? null : keyOf(empID, list);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a save (version) is read back too.
  const prefs = useMemo(
    () => (key === null || empID === undefined ? NONE : read(empID, list)),
    [key, empID, list, version],
  );
  const save = useCallback(
    (next: ListPrefs) => {
      if (key === null) return;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Kept in `kept` until the page is left.
        kept.set(key, next);
      }
      setVersion((v) => v + 1);
    },
    [key],
  );
  return { prefs, save };
}

/** A view's name as kept: trimmed and cut; a name taken already replaces that view. */
export function withView(prefs: ListPrefs, view: SavedView): ListPrefs {
  const name = view.name.trim().slice(0, MAX_NAME);
  const others = prefs.views.filter((v) => v.name !== name);
  return { ...prefs, views: [...others, { ...view, name }].slice(-MAX_VIEWS) };
}
