import {
  ERROR_MESSAGES,
  GRANTS,
  type Grant,
  type GrantName,
  grantAccess,
  type PageFlags,
  PERMISSION_FLAGS,
  type PermissionFlag,
  type PermissionSet,
  type Resource,
  writeReach,
} from "@office/core";
import { AppError } from "../http/app-error.js";

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

/** The session's map read by core's rules (access.ts): the server and the web app decide alike. */
function permissionsOf(permissions: ReadonlyMap<number, PageFlags>): PermissionSet {
  return { any: permissions.size > 0, flag: (page, flag) => permissions.get(page)?.[flag] === true };
}

/** Whether the caller may do an action a grant governs; the system may do anything someone may. */
function decide(actor: Actor, grant: Grant, flag: PermissionFlag) {
  if (actor.kind === "system") return grant === null ? "denied" : "allowed";
  return grantAccess(permissionsOf(actor.permissions), grant, flag);
}

export function may(actor: Actor, grant: Grant, flag: PermissionFlag): boolean {
  return decide(actor, grant, flag) === "allowed";
}

/**
 * Refuses an employee without any permission rows ('Access Denied!'), then one
 * without the flag the action needs.
 */
export function requireAccess(actor: Actor, grant: Grant, flag: PermissionFlag, what: string): void {
  const decision = decide(actor, grant, flag);
  if (decision === "accessDenied") throw new AppError(403, ERROR_MESSAGES.accessDenied);
  if (decision === "denied") throw new AppError(403, `You may not ${ACTIONS[flag]} ${what}.`);
}

/**
 * How far the caller's change or delete on a resource reaches (core's writeReach): every row,
 * or only their own; refused as requireAccess refuses. The system reaches every row.
 */
export function requireReach(actor: Actor, def: Resource, flag: "change" | "del"): "all" | "own" {
  if (actor.kind === "system") return "all";
  const reach = writeReach(permissionsOf(actor.permissions), def, flag);
  if (reach === "accessDenied") throw new AppError(403, ERROR_MESSAGES.accessDenied);
  if (reach === "denied") throw new AppError(403, `You may not ${ACTIONS[flag]} ${def.name}.`);
  return reach;
}

/** Whether the caller holds a named grant (core's GRANTS). */
export function mayAs(actor: Actor, name: GrantName): boolean {
  return may(actor, GRANTS[name], GRANTS[name].flag);
}

/**
 * Refuses a caller without a named grant, as requireAccess does: 'Access Denied!' without
 * permission rows, else a 403 that says whom the call is for. A route declares its grant
 * (`config.grant`) and http/access.ts calls this before the request is read.
 */
export function requireGrant(actor: Actor, name: GrantName): void {
  const grant = GRANTS[name];
  const decision = decide(actor, grant, grant.flag);
  if (decision === "accessDenied") throw new AppError(403, ERROR_MESSAGES.accessDenied);
  if (decision === "denied") throw new AppError(403, `Only ${grant.who} may do this.`);
}

const ACTIONS: Record<PermissionFlag, string> = { view: "read", add: "add to", change: "change", del: "delete from" };

export function actorEmpID(actor: Actor): number | null {
  return actor.kind === "employee" ? actor.empID : null;
}
