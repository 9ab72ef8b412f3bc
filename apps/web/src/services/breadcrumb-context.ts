import type { RouteDef } from "@office/core";
import { createContext, type ReactNode, useContext, useEffect } from "react";

/**
 * What a page adds to its route's breadcrumb (docs/product-rules.md#breadcrumb); level 1 is
 * always the route's title.
 */
export interface Crumb {
  /** Level 2: "..." shows a loading animation until the page knows it. */
  level2?: string;
  /** Where level 2 links to, if anywhere. */
  target?: string;
  /** What clicking level 2 copies; the toast says "{value} copied". */
  clipboard?: string;
  /** The optional right-hand text. */
  extra?: ReactNode;
}

export const LOADING_CRUMB = "...";

export const SetCrumbContext = createContext<(crumb: Crumb | null) => void>(() => {});

/** Sets the page's part of the breadcrumb while the page is shown. */
export function useBreadcrumb(crumb: Crumb): void {
  const set = useContext(SetCrumbContext);
  const { level2, target, clipboard, extra } = crumb;
  useEffect(() => {
    set({ level2, target, clipboard, extra });
    return () => set(null);
  }, [set, level2, target, clipboard, extra]);
}

/**
 * The crumb a route has before its page says more: on a data-entry page opened with an id (an
 * area's record page, which looks the record up), '...' while its page is coming, else (and
 * once a failure stands in for the page) the id itself.
 */
export function defaultCrumb(route: Pick<RouteDef, "path">, search: string, pageComing = true): Crumb | null {
  const id = new URLSearchParams(search).get("id");
  if (!route.path.endsWith("/de") || !id) return null;
  return pageComing ? { level2: LOADING_CRUMB } : { level2: id, clipboard: id };
}

/** The page title: level 1, then level 2 when there is one. */
export function pageTitle(level1: string, level2: string | undefined): string {
  return level2 && level2 !== LOADING_CRUMB ? `${level1} - ${level2}` : level1;
}
