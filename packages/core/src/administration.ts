import { z } from "zod";
import type { PermissionRow } from "./access.js";
import { PASSWORD_MAX, USERNAME_MAX } from "./auth.js";
import { PAGE_IDS, PAGE_TITLES, type PageId, type PermissionFlag } from "./pages.js";

/*
 * What administrators (view on page 40) do on an employee's page: the permission grid (every
 * site page × view, add, change, delete, saved at once) and the employee's sign-in.
 */

const flag = z.union([z.literal(0), z.literal(1)]);
const pageId = z
  .number()
  .int()
  .refine((id): id is PageId => (PAGE_IDS as number[]).includes(id), "is not a site page");

export const permissionGridRow = z.strictObject({
  permissionPageID: pageId,
  permissionView: flag,
  permissionAdd: flag,
  permissionChange: flag,
  permissionDel: flag,
});

/** GET /API/Permissions/ (the user's own) and /API/Permissions/:empID (an employee's): their rows. */
export const permissionRowsAnswer = z.object({
  data: z.array(
    z.object({
      permissionPageID: z.number().int(),
      permissionView: flag,
      permissionAdd: flag,
      permissionChange: flag,
      permissionDel: flag,
    }),
  ),
});

/** PUT /API/Permissions/:empID — the employee's whole grid; a page left out has no rights. */
export const permissionGridBody = z.strictObject({
  rows: z
    .array(permissionGridRow)
    .max(PAGE_IDS.length)
    .refine((rows) => new Set(rows.map((r) => r.permissionPageID)).size === rows.length, "names a page twice"),
});
export type PermissionGridBody = z.infer<typeof permissionGridBody>;

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

/** PUT /API/SignIn/:empID — set an employee's username and, to set or reset it, a password. */
export const signInBody = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1)
    .max(USERNAME_MAX)
    .regex(/^[A-Za-z0-9._@-]+$/, "may hold letters, digits and . _ @ - only"),
  password: z.string().min(PASSWORD_MIN, `must have at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX).optional(),
  disabled: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

/** GET /API/SignIn/:empID — the employee's sign-in, or null when they have none. */
export interface SignInInfo {
  username: string;
  disabled: boolean;
  passwordChangedTS: string;
}
