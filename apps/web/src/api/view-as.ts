import { type ErrorBody, VIEW_AS_HEADER, VIEW_AS_READ_ONLY } from "@office/core";

/**
 * View as (issue 37): an administrator sees the product as an employee would. Kept for the tab
 * (a reload stays in it, another tab is the administrator's own). While it is on, reads carry
 * the employee's id and the server answers them as theirs; anything that would change something
 * is refused here and never sent (sent without the header, it would be done as the administrator).
 */
export interface ViewingAs {
  empID: number;
  name: string;
}

const KEY = "office.viewAs";
const listeners = new Set<() => void>();
let current: ViewingAs | null | undefined;

export function viewingAs(): ViewingAs | null {
  if (current === undefined) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as ViewingAs | null;
      current = kept && Number.isSafeInteger(kept.empID) && typeof kept.name === "string" ? kept : null;
    } catch {
      current = null;
    }
  }
  return current;
}

export function setViewingAs(next: ViewingAs | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // A browser that keeps nothing keeps it until the page is left.
  }
  for (const listener of listeners) listener();
}

export function subscribeViewingAs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls that may go while viewing as someone without being theirs: signing out, starting to view another. */
const OWN_CALLS = new Set(["/API/Logout/", "/API/ViewAs/"]);

/**
 * The header a call carries while viewing as someone, or the refusal of a call that would change
 * something (its error body), or nothing when not viewing.
 */
export function viewAsOf(method: string, path: string): { header: Record<string, string> } | { refused: ErrorBody } {
  const viewing = viewingAs();
  if (!viewing || !path.startsWith("/API/") || OWN_CALLS.has(path)) return { header: {} };
  if (method === "GET" || path === "/API/ExecuteQuery/") return { header: { [VIEW_AS_HEADER]: String(viewing.empID) } };
  return { refused: { statusCode: 403, error: "Forbidden", message: VIEW_AS_READ_ONLY, path } };
}
