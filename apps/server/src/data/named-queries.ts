import { type Grant, PAGES, WEEKDAYS } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { type Actor, may } from "./actor.js";

/** The most granters named: a company's administrators, not its staff. */
const ACCESS_GRANTERS_SHOWN = 10;

interface NamedQuery {
  /** Who may run it (checked like a resource's view: no permission rows is 'Access Denied!'). */
  access: Grant;
  run(db: Kysely<DB>, actor: Actor): Promise<Array<Record<string, unknown>>>;
}

/**
 * The queries POST /API/ExecuteQuery/ runs, by name. A body that is not one of these names
 * (raw SQL, say) is refused: no text of a request ever becomes a statement.
 */
export const NAMED_QUERIES: ReadonlyMap<string, NamedQuery> = new Map<string, NamedQuery>([
  [
    // The inbox count (docs/product-rules.md#access): over-limit requests (status 1) for
    // approvers of page 45, and used-card requests (status 1) of the caller's team on cards
    // the caller owns.
    "pendingApprovalCount",
    {
      // The shell loads it for everyone signed in: the inbox is always allowed.
      access: "everyone",
      async run(db, actor) {
        if (actor.kind !== "employee") return [{ TotalCount: 0 }];
        const approver = may(actor, PAGES.overLimitApproval, "view");
        const { rows } = await sql<{ TotalCount: number }>`
        with recursive team as (
          select "empID" from "tblEmployee" where "empManagerID" = ${actor.empID}
          union
          select e."empID" from "tblEmployee" e join team t on e."empManagerID" = t."empID"
        )
        select (
          (case when ${approver} then (select count(*) from "tblCCPermission"
            where "ccPermissionOverLimitApprovalStatus" = 1) else 0 end)
          + (select count(*) from "tblCCPermission" cp join "tblCC" c on c."ccID" = cp."ccID"
            where c."empID" = ${actor.empID} and cp."ccPermissionCCUsedApprovalStatus" = 1
              and cp."empID" in (select "empID" from team))
        )::int as "TotalCount"`.execute(db);
        return rows;
      },
    },
  ],
  [
    // Who can grant access (view on page 40, administrators), active ones, for a signed-in user
    // with no permission rows yet: the page they land on names them (docs/decisions.md).
    "accessGranters",
    {
      access: "everyone",
      async run(db) {
        return db
          .selectFrom("tblEmployee as e")
          .innerJoin("tblPermission as p", "p.empID", "e.empID")
          .where("p.permissionPageID", "=", PAGES.administrator)
          .where("p.permissionView", "=", 1)
          .where("e.empActive", "=", 1)
          .select(["e.empID", "e.empFirstName", "e.empLastName", "e.empEmail", "e.empOfficeExtention"])
          .orderBy("e.empLastName")
          .orderBy("e.empFirstName")
          .orderBy("e.empID")
          .limit(ACCESS_GRANTERS_SHOWN)
          .execute();
      },
    },
  ],
  [
    // The signed-in employee's own office hours of each day, for Home's "My week": read by
    // anyone signed in, of their own row only, whoever may or may not view tblEmployee.
    "myOfficeHours",
    {
      access: "anyone",
      async run(db, actor) {
        if (actor.kind !== "employee") return [];
        return db
          .selectFrom("tblEmployee")
          .where("empID", "=", actor.empID)
          .select(WEEKDAYS.map((day) => `empOfficeHours${day}` as const))
          .execute();
      },
    },
  ],
]);
