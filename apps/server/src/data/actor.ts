import { ERROR_MESSAGES, type Grant, grantedFlag, PERMISSION_FLAGS, type PermissionFlag } from "@office/core";
import { AppError } from "../http/app-error.js";

export type PageFlags = Record<PermissionFlag, boolean>;

/**
 * Who is calling the data service: a signed-in employee with the permissions read for this
 * request, or the system (jobs, seeds). Every data-service function takes one; there is no
 * call without an actor and so no way to skip the checks by leaving it out.
 */
export type Actor =
  | { kind: "employee"; empID: number; permissions: ReadonlyMap<number, PageFlags> }
  | { kind: "system" };

export const SYSTEM: Actor = { kind: "system" };

/** Permission rows as the session query returns them: [pageID, view, add, change, del]. */
export function permissionMap(rows: ReadonlyArray<readonly number[]> | null): Map<number, PageFlags> {
  const map = new Map<number, PageFlags>();
  for (const [page, ...flags] of rows ?? []) {
    map.set(page as number, Object.fromEntries(PERMISSION_FLAGS.map((flag, i) => [flag, flags[i] === 1])) as PageFlags);
  }
  return map;
}

export function may(actor: Actor, grant: Grant, flag: PermissionFlag): boolean {
  if (actor.kind === "system") return grant !== null;
  if (grant === null) return false;
  if (grant === "anyone" || grant === "everyone") return true;
  const needed = grantedFlag(grant, flag);
  return needed !== null && actor.permissions.get(needed.page)?.[needed.flag] === true;
}

/**
 * Refuses an employee without any permission rows (spec 6: 'Access Denied!'), then one
 * without the flag the action needs.
 */
export function requireAccess(actor: Actor, grant: Grant, flag: PermissionFlag, what: string): void {
  if (grant === "everyone") return;
  if (actor.kind === "employee" && actor.permissions.size === 0) throw new AppError(403, ERROR_MESSAGES.accessDenied);
  if (!may(actor, grant, flag)) throw new AppError(403, `You may not ${ACTIONS[flag]} ${what}.`);
}

const ACTIONS: Record<PermissionFlag, string> = { view: "read", add: "add to", change: "change", del: "delete from" };

export function actorEmpID(actor: Actor): number | null {
  return actor.kind === "employee" ? actor.empID : null;
}
