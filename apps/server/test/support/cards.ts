import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../src/db/schema.js";
import { tokenOf, withToken } from "./app.js";
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

/** The calls as each user makes them, signed in once each. */
export function cardCalls(app: FastifyInstance) {
  const tokens = new Map<string, string>();
  const as = async (name: string) => {
    let token = tokens.get(name);
    if (!token) {
      token = await tokenOf(app, name.toLowerCase());
      tokens.set(name, token);
    }
    return token;
  };
  const call = async (name: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    app.inject(withToken(await as(name), { method, url, ...(payload ? { payload } : {}) }));
  return {
    as,
    call,
    ask: (name: string, ccID: number, amount: unknown, extra: object = {}) =>
      call(name, "POST", "/API/CreditCard/Requests", {
        ccID,
        ccPermissionAmount: amount,
        ccPermissionPurpose: "Site supplies",
        ...extra,
      }),
    decide: (name: string, request: number, body: object) =>
      call(name, "POST", `/API/CreditCard/Requests/${request}/Decision`, body),
  };
}
