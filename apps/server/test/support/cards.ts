import { OPERATIONS } from "@office/core";
import type { Kysely } from "kysely";
import type { DB } from "../../src/db/schema.js";
import type { TestContext } from "./context.js";
import { setPermissions } from "./db.js";

/*
 * The credit card tests' world: employees who can sign in, placed in a manager chain; cards;
 * and the calls of /API/CreditCard/ as each of them makes them.
 */

/** An employee under `manager` who signs in as `name` lower-cased (with a permission row, so not 'Access Denied!'). */
export async function employeeWithLogin(db: Kysely<DB>, name: string, manager: number | null, active = 1) {
  const { empID } = await db
    .insertInto("tblEmployee")
    .values({ empFirstName: "Test", empLastName: name, empManagerID: manager, empDepartment: null, empActive: active })
    .returning("empID")
    .executeTakeFirstOrThrow();
  const { passwordHash } = await db
    .selectFrom("authAccount")
    .select("passwordHash")
    .where("username", "=", "staff")
    .executeTakeFirstOrThrow();
  await db.insertInto("authAccount").values({ username: name.toLowerCase(), empID, passwordHash }).execute();
  await setPermissions(db, empID, [{ page: 1, view: 1 }]);
  return empID;
}

export async function cardOf(db: Kysely<DB>, holder: number, limit: string, lastFour = "4242") {
  const { ccID } = await db
    .insertInto("tblCC")
    .values({ empID: holder, ccName: "Test card", ccLastFour: lastFour, ccMonthlyLimit: limit })
    .returning("ccID")
    .executeTakeFirstOrThrow();
  return ccID;
}

/** The card calls as each employee makes them, by the name `employeeWithLogin` was given. */
export function cardCalls(t: Pick<TestContext, "as">) {
  const as = (name: string) => t.as(name.toLowerCase());
  return {
    as,
    ask: (name: string, ccID: number, amount: unknown, extra: object = {}) =>
      as(name).operation(OPERATIONS.askToUseCard, {
        ccID,
        ccPermissionAmount: amount,
        ccPermissionPurpose: "Site supplies",
        ...extra,
      }),
    decide: (name: string, request: number | string, body: object) =>
      as(name).operation(OPERATIONS.decideCardRequest, { ...body, ccPermissionID: request }),
  };
}
