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

/** One page whose rights a change of permissions alters: its row before and after (null: none). */
export interface PermissionChange {
  permissionPageID: number;
  before: PermissionRow | null;
  after: PermissionRow | null;
}

const FLAG_COLUMNS = GRID_FLAGS.map((f) => f.column);
const flagsOf = (row: PermissionRow): PermissionRow => ({
  permissionPageID: row.permissionPageID,
  ...(Object.fromEntries(FLAG_COLUMNS.map((column) => [column, row[column] === 1 ? 1 : 0])) as Omit<
    PermissionRow,
    "permissionPageID"
  >),
});
const grants = (row: PermissionRow) => FLAG_COLUMNS.some((column) => row[column] === 1);

/**
 * What making an employee's permissions `wanted` changes, page by page in id order: a page with
 * every flag off has no row. Both the grid's save and the bulk tools' preview and apply read it.
 */
export function permissionChanges(
  before: readonly PermissionRow[],
  wanted: readonly PermissionRow[],
): PermissionChange[] {
  const held = new Map(before.filter(grants).map((row) => [row.permissionPageID, flagsOf(row)]));
  const next = new Map(wanted.filter(grants).map((row) => [row.permissionPageID, flagsOf(row)]));
  const pages = [...new Set([...held.keys(), ...next.keys()])].sort((a, b) => a - b);
  return pages.flatMap((page) => {
    const [was, will] = [held.get(page) ?? null, next.get(page) ?? null];
    if (was && will && FLAG_COLUMNS.every((column) => was[column] === will[column])) return [];
    return [{ permissionPageID: page, before: was, after: will }];
  });
}

/** The employees one bulk change of permissions may reach at most. */
export const BULK_PERMISSION_TARGETS = 500;

/** A bulk change's effect on one employee: the pages it changes (none: already so). */
export interface BulkPermissionEmployee {
  empID: number;
  empName: string;
  changes: PermissionChange[];
}

/** The answer of a bulk change, previewed (`applied` false) or made. */
export interface BulkPermissionsAnswer {
  applied: boolean;
  employees: BulkPermissionEmployee[];
  /** The pages changed in all, over every employee. */
  count: number;
}

export const PASSWORD_MIN = 8;

/** GET /API/SignIn/:empID — the employee's sign-in, or null when they have none. */
export interface SignInInfo {
  username: string;
  disabled: boolean;
  passwordChangedTS: string;
}
