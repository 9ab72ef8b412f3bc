import { listOrderBody, PAGES, permissionGridBody, permissionRowsAnswer, signInBody, tblAppLookup } from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import { requireAccess } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import { reorderList } from "../data/list-order.js";
import type { DB } from "../db/schema.js";
import { signedIn } from "../http/openapi.js";
import { validate } from "../http/validate.js";
import { readPermissionGrid, savePermissionGrid } from "./permission-grid.js";
import { readSignIn, saveSignIn } from "./sign-in.js";

const employeePath = z.strictObject({ empID: z.coerce.number().int().positive().max(2_147_483_647) });
const savedAnswer = z.object({ status: z.literal("success"), count: z.number().int().min(0) });
const signInAnswer = z.object({
  data: z.object({ username: z.string(), disabled: z.boolean(), passwordChangedTS: z.iso.datetime() }).nullable(),
});
const statusAnswer = z.object({ status: z.literal("success") });
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

/**
 * The administrator calling and the employee the call is about. Access is checked before the
 * request is read, as in the data service: a refused caller learns nothing from their input.
 */
function employeeCall(request: FastifyRequest) {
  const actor = actorOf(request);
  requireAccess(actor, PAGES.administrator, "view", "employees' permissions and sign-ins");
  return { actor, empID: validate(employeePath, request.params, "path").empID };
}

/** What administrators do on an employee's page, and the Lists page's reordering. */
export async function adminRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }) {
  app.get(
    "/API/Permissions/:empID",
    signedIn({
      summary: "An employee's permission rows (administrators).",
      params: employeePath,
      response: permissionRowsAnswer,
    }),
    async (request): Answer<typeof permissionRowsAnswer> => {
      const { actor, empID } = employeeCall(request);
      return { data: (await readPermissionGrid(db, empID, actor)) as z.input<typeof permissionRowsAnswer>["data"] };
    },
  );
  app.put(
    "/API/Permissions/:empID",
    signedIn({
      summary: "Replaces an employee's permissions with the grid, in one transaction (administrators).",
      params: employeePath,
      body: permissionGridBody,
      response: savedAnswer,
    }),
    async (request): Answer<typeof savedAnswer> => {
      const { actor, empID } = employeeCall(request);
      return savePermissionGrid(db, empID, validate(permissionGridBody, request.body), actor);
    },
  );
  app.get(
    "/API/SignIn/:empID",
    signedIn({
      summary: "An employee's sign-in, or null (administrators).",
      params: employeePath,
      response: signInAnswer,
    }),
    async (request): Answer<typeof signInAnswer> => {
      const { actor, empID } = employeeCall(request);
      return { data: await readSignIn(db, empID, actor) };
    },
  );
  app.put(
    "/API/SignIn/:empID",
    signedIn({
      summary:
        "Sets an employee's username, password or disabling; a new password ends their sessions (administrators).",
      params: employeePath,
      body: signInBody,
      response: statusAnswer,
    }),
    async (request): Answer<typeof statusAnswer> => {
      const { actor, empID } = employeeCall(request);
      return saveSignIn(db, empID, validate(signInBody, request.body), actor);
    },
  );
  app.put(
    "/API/ListOrder/",
    signedIn({
      summary: "Puts a list's values in a new order (change on Lists).",
      body: listOrderBody,
      response: savedAnswer,
    }),
    async (request): Answer<typeof savedAnswer> => {
      const actor = actorOf(request);
      requireAccess(actor, tblAppLookup.access.change, "change", tblAppLookup.name);
      return reorderList(db, validate(listOrderBody, request.body), actor);
    },
  );
}
