import { ACTIVE, type PageFlags, type PermissionRow, type ViewAsAnswer } from "@office/core";
import { type Kysely, sql } from "kysely";
import { type Actor, actorEmpID, permissionMap } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";

/** The most recent uses a person is shown in their settings. */
const SHOWN = 20;
const VIEW_AS_TABLE = { name: "viewAsLog", key: "viewAsID" };

interface Viewed {
  empID: number;
  permissions: ReadonlyMap<number, PageFlags>;
}

/** An active employee's rights, as the calls of someone viewing as them are answered; none for any other. */
export async function viewedEmployee(db: Kysely<DB>, empID: number): Promise<Viewed | null> {
  if (!Number.isSafeInteger(empID) || empID < 1) return null;
  const { rows } = await sql<{ permissions: number[][] | null }>`
    select (select json_agg(json_build_array(p."permissionPageID", p."permissionView", p."permissionAdd",
      p."permissionChange", p."permissionDel")) from "tblPermission" p where p."empID" = e."empID") as "permissions"
    from "tblEmployee" e where e."empID" = ${empID} and e."empActive" = ${ACTIVE.code.active}`.execute(db);
  const row = rows[0];
  return row ? { empID, permissions: permissionMap(row.permissions) } : null;
}

/**
 * An administrator starts viewing the product as an employee: an active one, not themselves.
 * Recorded (viewAsLog, and the audit trail), and answered with who they are and their rows.
 */
export async function startViewingAs(db: Kysely<DB>, actor: Actor, empID: number): Promise<ViewAsAnswer> {
  return db.transaction().execute(async (tx) => {
    const employee = await tx
      .selectFrom("tblEmployee as e")
      .leftJoin("authAccount as a", "a.empID", "e.empID")
      .select(["e.empID", "e.empFirstName", "e.empLastName", "e.empDepartment", "e.empActive"])
      .select((eb) => eb.fn.coalesce("a.username", eb.val("")).as("username"))
      .where("e.empID", "=", empID)
      .executeTakeFirst();
    if (!employee) throw new AppError(404, `No employee ${empID}`);
    if (employee.empActive !== ACTIVE.code.active)
      throw AppError.badRequest("Only an active employee can be viewed as.", { empID: "is not an active employee" });
    if (empID === actorEmpID(actor))
      throw AppError.badRequest("That is you.", { empID: "is yourself: the product already looks like this" });
    const adminEmpID = actorEmpID(actor) as number;
    const logged = await tx
      .insertInto("viewAsLog")
      .values({ adminEmpID, empID })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, actor, "insert", VIEW_AS_TABLE, [{ after: logged }]);
    const permissions = await tx
      .selectFrom("tblPermission")
      .select(["permissionPageID", "permissionView", "permissionAdd", "permissionChange", "permissionDel"])
      .where("empID", "=", empID)
      .orderBy("permissionPageID")
      .execute();
    const { empActive: _, ...user } = employee;
    return { user, permissions: permissions as PermissionRow[] };
  });
}

/** Who viewed the product as this person, latest first: shown in their settings. */
export async function viewedAsBy(db: Kysely<DB>, empID: number): Promise<{ by: string; at: string }[]> {
  const rows = await db
    .selectFrom("viewAsLog as v")
    .innerJoin("tblEmployee as e", "e.empID", "v.adminEmpID")
    .select(["e.empFirstName", "e.empLastName", "v.createdTS"])
    .where("v.empID", "=", empID)
    .orderBy("v.viewAsID", "desc")
    .limit(SHOWN)
    .execute();
  return rows.map((row) => ({
    by: `${row.empFirstName} ${row.empLastName}`,
    at: new Date(row.createdTS as unknown as string).toISOString(),
  }));
}
