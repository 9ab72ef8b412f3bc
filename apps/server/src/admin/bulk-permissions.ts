import {
  type BulkPermissionsAnswer,
  type BulkPermissionsBody,
  type PermissionRow,
  permissionChanges,
} from "@office/core";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Actor } from "../data/actor.js";
import type { DB, TblPermission } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { writePermissionChanges } from "./permission-grid.js";

/** What an employee's rows become: the source's (a copy), or theirs with one page set. */
function wantedFor(body: BulkPermissionsBody, theirs: readonly PermissionRow[], source: readonly PermissionRow[]) {
  if (body.kind === "copy") return source;
  return [...theirs.filter((row) => row.permissionPageID !== body.page.permissionPageID), body.page];
}

/**
 * A bulk change of permissions (administrators): one employee's copied to others, or one page's
 * rights set for many. Previewed, it only reads; applied, every employee's rows are locked and
 * changed in one transaction, audited as the grid's save is, and a result that would leave no
 * administrator is refused at commit (409): all of it lands or none.
 */
export async function bulkPermissions(
  db: Kysely<DB>,
  body: BulkPermissionsBody,
  actor: Actor,
): Promise<BulkPermissionsAnswer> {
  if (body.kind === "copy" && body.to.includes(body.from))
    throw AppError.badRequest("The employee copied from is among those copied to.", {
      to: "names the employee copied from",
    });
  const run = async (tx: Kysely<DB>): Promise<BulkPermissionsAnswer> => {
    const ids = body.kind === "copy" ? [body.from, ...body.to] : body.to;
    const employees = tx
      .selectFrom("tblEmployee")
      .select(["empID", sql<string>`"empLastName" || ', ' || "empFirstName"`.as("empName")])
      .where("empID", "in", ids)
      .orderBy("empLastName")
      .orderBy("empFirstName")
      .orderBy("empID");
    const found = await (body.apply ? employees.forNoKeyUpdate() : employees).execute();
    const missing = ids.filter((id) => !found.some((row) => row.empID === id));
    if (missing.length > 0)
      throw AppError.badRequest(`There is no employee with the id ${missing.join(", ")}.`, {
        [body.kind === "copy" && missing.includes(body.from) ? "from" : "to"]:
          `names no employee: ${missing.join(", ")}`,
      });
    const rows = tx.selectFrom("tblPermission").selectAll().where("empID", "in", ids);
    const held = await (body.apply ? rows.forNoKeyUpdate() : rows).execute();
    const byEmployee = new Map<number, Selectable<TblPermission>[]>();
    for (const row of held) byEmployee.set(row.empID, [...(byEmployee.get(row.empID) ?? []), row]);
    const rowsOf = (empID: number): Selectable<TblPermission>[] => byEmployee.get(empID) ?? [];
    const source = body.kind === "copy" ? rowsOf(body.from) : [];
    const answer: BulkPermissionsAnswer = { applied: body.apply, employees: [], count: 0 };
    for (const { empID, empName } of found) {
      if (!body.to.includes(empID)) continue;
      const before = rowsOf(empID);
      const changes = permissionChanges(before, wantedFor(body, before, source));
      if (body.apply) await writePermissionChanges(tx, empID, before, changes, actor);
      answer.employees.push({ empID, empName, changes });
      answer.count += changes.length;
    }
    return answer;
  };
  return body.apply ? db.transaction().execute(run) : run(db);
}
