import { ACTIVE, GRANTS, type NamedQueryName, WEEKDAYS } from "@office/core";
import type { Kysely } from "kysely";
import { pendingApprovalCount } from "../credit-cards/inbox.js";
import type { DB } from "../db/schema.js";
import type { Actor } from "./actor.js";

/** The most granters named: a company's administrators, not its staff. */
const ACCESS_GRANTERS_SHOWN = 10;

type Run = (db: Kysely<DB>, actor: Actor) => Promise<Array<Record<string, unknown>>>;

/**
 * What each of core's named queries (NAMED_QUERIES: who may run it, what it reads, its row)
 * runs, by its name. A body that is not one of these names (raw SQL, say) is refused: no text
 * of a request ever becomes a statement.
 */
export const NAMED_QUERY_RUNS: Record<NamedQueryName, Run> = {
  // The inbox count (docs/decisions.md, Credit cards): exactly the requests the inbox lists.
  pendingApprovalCount: async (db, actor) => [{ TotalCount: await pendingApprovalCount(db, actor) }],
  // Who can grant access (view on page 40, administrators), active ones, for a signed-in user
  // with no permission rows yet: the page they land on names them (docs/decisions.md).
  accessGranters: async (db) =>
    db
      .selectFrom("tblEmployee as e")
      .innerJoin("tblPermission as p", "p.empID", "e.empID")
      .where("p.permissionPageID", "=", GRANTS.administrators.page)
      .where("p.permissionView", "=", 1)
      .where("e.empActive", "=", ACTIVE.code.active)
      .select(["e.empID", "e.empFirstName", "e.empLastName", "e.empEmail", "e.empOfficeExtention"])
      .orderBy("e.empLastName")
      .orderBy("e.empFirstName")
      .orderBy("e.empID")
      .limit(ACCESS_GRANTERS_SHOWN)
      .execute(),
  // The signed-in employee's own office hours of each day, for Home's "My week".
  myOfficeHours: async (db, actor) =>
    actor.kind !== "employee"
      ? []
      : db
          .selectFrom("tblEmployee")
          .where("empID", "=", actor.empID)
          .select(WEEKDAYS.map((day) => `empOfficeHours${day}` as const))
          .execute(),
};
