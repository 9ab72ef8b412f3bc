import { GRID_FLAGS, permissionRowsAnswer } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Sessions } from "../auth/session.js";
import { auditRecord } from "../data/audit-answer.js";
import { actorOf } from "../data/context.js";
import { reorderList } from "../data/list-order.js";
import { asRead } from "../db/caller.js";
import type { DB } from "../db/schema.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import { auditChanges } from "./audit-changes.js";
import { bulkPermissions } from "./bulk-permissions.js";
import { readPermissionGrid, savePermissionGrid } from "./permission-grid.js";
import { readSignIn, saveSignIn } from "./sign-in.js";
import { startViewingAs } from "./view-as.js";

const savedAnswer = z.object({ status: z.literal("success"), count: z.number().int().min(0) });
const signInAnswer = z.object({
  data: z.object({ username: z.string(), disabled: z.boolean(), passwordChangedTS: z.iso.datetime() }).nullable(),
});
const permissionRow = z.object({
  permissionPageID: z.number().int(),
  ...Object.fromEntries(GRID_FLAGS.map((f) => [f.column, z.number().int().min(0).max(1)])),
});
const bulkAnswer = z.object({
  applied: z.boolean(),
  employees: z.array(
    z.object({
      empID: z.number().int(),
      empName: z.string(),
      changes: z.array(
        z.object({
          permissionPageID: z.number().int(),
          before: permissionRow.nullable(),
          after: permissionRow.nullable(),
        }),
      ),
    }),
  ),
  count: z.number().int().min(0),
});
const statusAnswer = z.object({ status: z.literal("success") });
const auditPage = z.object({
  data: z.array(auditRecord.extend({ byName: z.string().nullable(), restorable: z.boolean() })),
  next: z.number().int().nullable(),
});
const viewAsAnswer = z.object({
  user: z.object({
    empID: z.number().int(),
    empFirstName: z.string(),
    empLastName: z.string(),
    empDepartment: z.number().int().nullable(),
    username: z.string(),
  }),
  permissions: permissionRowsAnswer.shape.data,
});

/** What administrators do on an employee's page, and the Lists page's reordering. */
export async function adminRoutes(
  instance: FastifyInstance,
  { db, sessions }: { db: Kysely<DB>; sessions: Pick<Sessions, "changed"> },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // An employee's page is for administrators: the operations name the grant, refused before
  // the request is read.
  app.route({
    ...served("permissionGrid", { response: { 200: permissionRowsAnswer } }),
    handler: async (request) => {
      const data = await readPermissionGrid(db, request.params.empID);
      return { data: data as z.output<typeof permissionRowsAnswer>["data"] };
    },
  });
  app.route({
    ...served("savePermissionGrid", {
      description: beyondTheSchemas("a grid that names a page twice"),
      response: { 200: savedAnswer },
    }),
    handler: async (request) => {
      const saved = await savePermissionGrid(db, request.params.empID, request.body, actorOf(request));
      // The employee's next call, here, has the new rights; other processes hear it from the database.
      sessions.changed(request.params.empID);
      return saved;
    },
  });
  app.route({
    ...served("signIn", { response: { 200: signInAnswer } }),
    handler: async (request) => ({ data: await readSignIn(db, request.params.empID) }),
  });
  app.route({
    ...served("saveSignIn", {
      description: beyondTheSchemas("a new sign-in without a password"),
      response: { 200: statusAnswer },
    }),
    handler: async (request) => {
      const saved = await saveSignIn(db, request.params.empID, request.body, actorOf(request));
      sessions.changed(request.params.empID);
      return saved;
    },
  });
  app.route({
    ...served("reorderList", { response: { 200: savedAnswer } }),
    handler: async (request) => reorderList(db, request.body, actorOf(request)),
  });

  // The administrators' tools (page 40): the audit trail browser, and View as.
  app.route({
    ...served("auditChanges", {
      description: beyondTheSchemas("a day the calendar does not have (30 February)"),
      response: { 200: auditPage },
    }),
    // A filter by table or days over a large trail may scan it: a read, within the read budget.
    handler: async (request) => asRead(() => auditChanges(db, request.query)),
  });
  app.route({
    ...served("bulkPermissions", {
      description: beyondTheSchemas(
        "an employee that does not exist, or the one copied from among those copied to",
        "applied, a result that would leave no administrator (409)",
      ),
      response: { 200: bulkAnswer },
    }),
    handler: async (request) => {
      const answer = await bulkPermissions(db, request.body, actorOf(request));
      // As for the grid: each employee changed has their new rights at their next call.
      if (answer.applied)
        for (const { empID, changes } of answer.employees) if (changes.length) sessions.changed(empID);
      return answer;
    },
  });
  app.route({
    ...served("viewAs", {
      description: beyondTheSchemas("an employee who is not active, or oneself"),
      response: { 200: viewAsAnswer },
    }),
    handler: async (request) => {
      const { user, permissions } = await startViewingAs(db, actorOf(request), request.body.empID);
      return { user, permissions: permissions as z.output<typeof permissionRowsAnswer>["data"] };
    },
  });
}
