import { useCallback, useState } from "react";

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

/** A kept value as it should be: anything else (a hand-edited entry, an old shape) counts as none. */
function read(empID: number, list: string): ListPrefs {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(empID, list)) ?? "null");
    if (typeof kept !== "object" || kept === null) return NONE;
    const { hidden, views } = kept as Partial<ListPrefs>;
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

/** A page's list's kept columns and views for the signed-in user; without one, nothing is kept. */
export function useListPrefs(empID: number | undefined, list: string) {
  const [prefs, setPrefs] = useState<ListPrefs>(() => (empID === undefined ? NONE : read(empID, list)));
  const save = useCallback(
    (next: ListPrefs) => {
      setPrefs(next);
      if (empID === undefined) return;
      try {
        localStorage.setItem(keyOf(empID, list), JSON.stringify(next));
      } catch {
        // A browser that keeps nothing keeps them until the page is left.
      }
    },
    [empID, list],
  );
  return { prefs, save };
}

/** A view's name as kept: trimmed and cut; a name taken already replaces that view. */
export function withView(prefs: ListPrefs, view: SavedView): ListPrefs {
  const name = view.name.trim().slice(0, MAX_NAME);
  const others = prefs.views.filter((v) => v.name !== name);
  return { ...prefs, views: [...others, { ...view, name }].slice(-MAX_VIEWS) };
}
