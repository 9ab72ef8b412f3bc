import type { PermissionRow } from "./access.js";
import { PAGE_IDS, PAGE_TITLES, type PermissionFlag } from "./pages.js";

/*
 * What administrators (view on page 40) do on an employee's page: the permission grid (every
 * site page × view, add, change, delete, saved at once) and the employee's sign-in.
 */

/** The grid's columns: a flag, its column and its heading. */
export const GRID_FLAGS = [
  { flag: "view", column: "permissionView", label: "View" },
  { flag: "add", column: "permissionAdd", label: "Add" },
  { flag: "change", column: "permissionChange", label: "Change" },
  { flag: "del", column: "permissionDel", label: "Delete" },
] as const satisfies ReadonlyArray<{ flag: PermissionFlag; column: keyof PermissionRow; label: string }>;

/** The grid of an employee: every site page in id order, with the rows they hold (none: all 0). */
export function permissionGrid(rows: readonly PermissionRow[]): Array<PermissionRow & { title: string }> {
  return PAGE_IDS.map((id) => {
    const row = rows.find((r) => r.permissionPageID === id);
    return {
      permissionPageID: id,
      title: PAGE_TITLES[id],
      permissionView: row?.permissionView ?? 0,
      permissionAdd: row?.permissionAdd ?? 0,
      permissionChange: row?.permissionChange ?? 0,
      permissionDel: row?.permissionDel ?? 0,
    };
  });
}

export const PASSWORD_MIN = 8;

/** GET /API/SignIn/:empID — the employee's sign-in, or null when they have none. */
export interface SignInInfo {
  username: string;
  disabled: boolean;
  passwordChangedTS: string;
}
