import type { SortingState } from "@tanstack/react-table";
import { useCallback, useContext, useMemo, useState } from "react";
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from "react-router";

/**
 * What a list shows besides its rows: what is typed in its search box, its sort, its page and
 * whether it shows every row. A page's main list keeps it in the address
 * (docs/decisions.md#lists-that-remember): Back from a record finds it as it was, a link shares
 * it, a reload keeps it. Lists inside a record keep it to themselves.
 */
export interface ListView {
  search: string;
  sorting: SortingState;
  /** From 0. */
  pageIndex: number;
  all: boolean;
}

export const FIRST_VIEW: ListView = { search: "", sorting: [], pageIndex: 0, all: false };

/** The address's name of a page's tab: a record's (`?id=7&tab=contacts`), the inbox's (`?tab=mine`). */
export const TAB_PARAM = "tab";

/**
 * A page's tab kept in the address (replacing the entry, as a list's view is): one of `tabs`,
 * the first when the address names none or one the page does not have.
 */
export function useTabInAddress(tabs: readonly string[]): [string, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0] ?? "";
  const asked = params.get(TAB_PARAM) ?? first;
  const current = tabs.includes(asked) ? asked : first;
  const choose = (tab: string | null) =>
    setParams(
      (now) => {
        if (!tab || tab === first) now.delete(TAB_PARAM);
        else now.set(TAB_PARAM, tab);
        return now;
      },
      { replace: true },
    );
  return [current, choose];
}

/** The address's names for them: short, and none a search page's box is named (docs/decisions.md). */
export const LIST_PARAMS = { search: "q", sort: "sort", page: "page", rows: "rows" } as const;

/** Only a column name, so that an address typed by hand sorts by nothing stranger. */
const COLUMN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** A list's view as an address holds it: ?q=oak&sort=-projectDueDate&page=3 (a `-` sorts descending). */
export function readListView(params: URLSearchParams, columns: readonly string[]): ListView {
  const sort = params.get(LIST_PARAMS.sort) ?? "";
  const desc = sort.startsWith("-");
  const id = desc ? sort.slice(1) : sort;
  const page = Number(params.get(LIST_PARAMS.page));
  return {
    search: (params.get(LIST_PARAMS.search) ?? "").slice(0, 200),
    sorting: COLUMN.test(id) && columns.includes(id) ? [{ id, desc }] : [],
    pageIndex: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page - 1 : 0,
    all: params.get(LIST_PARAMS.rows) === "all",
  };
}

/** Writes a view into an address, leaving out what is as a list opens (no empty ?q=, no page=1). */
export function writeListView(params: URLSearchParams, view: ListView): URLSearchParams {
  const set = (name: string, value: string | undefined) => {
    if (value) params.set(name, value);
    else params.delete(name);
  };
  const [sort] = view.sorting;
  set(LIST_PARAMS.search, view.search.trim());
  set(LIST_PARAMS.sort, sort ? `${sort.desc ? "-" : ""}${sort.id}` : undefined);
  set(LIST_PARAMS.page, view.pageIndex > 0 ? String(view.pageIndex + 1) : undefined);
  set(LIST_PARAMS.rows, view.all ? "all" : undefined);
  return params;
}

/**
 * A list's view and its change: in the address for a page's list (`inAddress`), in the
 * component otherwise. A change replaces the address's entry: a list's every keystroke is not
 * a step for Back.
 */
export function useListView(inAddress: boolean, columns: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const [own, setOwn] = useState(FIRST_VIEW);
  const fromAddress = useMemo(() => readListView(params, columns), [params, columns]);
  const view = inAddress ? fromAddress : own;
  // The router's own address, not this render's: a navigation is a transition React may render
  // after an effect of this list (the search typed, after its pause) has run, and a view written
  // over the render's address would replace the entry a row just opened (`?id=`) without it.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { pathname } = useLocation();
  const change = useCallback(
    (patch: Partial<ListView>) => {
      if (!inAddress) {
        setOwn((now) => ({ ...now, ...patch }));
        return;
      }
      // A page left already (a row's record opened): its list's view is no longer the address's.
      if (router && router.state.location.pathname !== pathname) return;
      setParams(
        (now) => {
          const latest = router ? new URLSearchParams(router.state.location.search) : now;
          return writeListView(latest, { ...readListView(latest, columns), ...patch });
        },
        { replace: true },
      );
    },
    [inAddress, setParams, columns, router, pathname],
  );
  return { view, change };
}
