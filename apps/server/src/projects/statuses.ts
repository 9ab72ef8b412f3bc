import { tblProjectStatus } from "@office/core";
import type { Kysely } from "kysely";
import { type Actor, requireAccess } from "../data/actor.js";
import { insertRows, insertValues } from "../data/write.js";
import type { DB } from "../db/schema.js";

/**
 * POST /API/Projects/Status: one status set on several projects (a list's rows chosen
 * together), as the data service's Insert sets it on one: the same rules (the status one of
 * the list, each project there), the same audit and owner's notification for each, a statement
 * of each kind for them all, in one transaction, so a project that may not have it keeps every
 * one of them as it was.
 */
export async function setProjectsStatus(
  db: Kysely<DB>,
  { projectIDs, projectStatusCodeID }: { projectIDs: number[]; projectStatusCodeID: number },
  actor: Actor,
): Promise<{ count: number }> {
  requireAccess(actor, tblProjectStatus.access.add, "add", tblProjectStatus.name);
  const projects = [...new Set(projectIDs)];
  // Checked once, before the transaction: the same fields for every project but its id.
  const values = projects.map((projectID) => insertValues(tblProjectStatus, { projectID, projectStatusCodeID }, actor));
  return db.transaction().execute(async (tx) => ({
    count: (await insertRows(tx, tblProjectStatus, values, actor)).length,
  }));
}
