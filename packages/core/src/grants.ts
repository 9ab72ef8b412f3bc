import { can, type Permissions } from "./access.js";
import { PAGES } from "./pages.js";
import type { PageFlag } from "./resources/resource.js";

/** A grant a call or a part of a page needs, with whom it names (the words of a refusal and of the API document). */
export interface NamedGrant extends PageFlag {
  who: string;
}

/**
 * The grants that are no table's, each named once (docs/product-rules.md#access): a server
 * route declares one (`config.grant`), one hook enforces it, the API document shows it, and
 * the web app asks the same to show a part or not.
 */
export const GRANTS = {
  /** Administrators: view on the Administrator page (40). */
  administrators: { page: PAGES.administrator, flag: "view", who: "administrators" },
  /** Who may open Reports: view on page 25. */
  reportReaders: { page: PAGES.reports, flag: "view", who: "those who may read reports" },
  /** Who decides a request over a card's limit: view on page 45. */
  overLimitApprovers: { page: PAGES.overLimitApproval, flag: "view", who: "over-limit approvers" },
} as const satisfies Record<string, NamedGrant>;

export type GrantName = keyof typeof GRANTS;

/** Whether the user holds a named grant. */
export function holds(permissions: Permissions, name: GrantName): boolean {
  const { page, flag } = GRANTS[name];
  return can(permissions, page, flag);
}
