import { PAGES } from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import { validate } from "../http/validate.js";
import { requireAccess } from "./actor.js";
import { restoreDeleted } from "./audit.js";
import { actorOf, resourceOf } from "./context.js";
import { NAMED_QUERIES } from "./named-queries.js";
import { queryInput, runQuery } from "./query.js";
import { deleteRecords, insertRecord, updateRecords } from "./write.js";

const tableName = z.string().min(1).max(64);
const insertBody = z.object({ table: tableName, fields: z.record(z.string(), z.unknown()) });
const updateBody = z.object({
  table: tableName,
  where: z.string(),
  fields: z.record(z.string(), z.unknown()),
  debug: z.unknown().optional(),
});
const deleteBody = z.object({ table: tableName, where: z.string() });
const executeBody = z.object({ query: z.string().max(10_000) });
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, "must be 1 to 128 letters, digits or _.:-");

/** The generic data service of spec section 7, over the resource declarations of core. */
export async function dataRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }) {
  const signedIn = { config: { access: "signedIn" as const } };

  app.get("/API/Query/", signedIn, async (request) => {
    const input = validate(queryInput, request.query, "query");
    if (input.DEBUG === "1") request.log.info({ debugResend: input }, "debug re-send of a query");
    return runQuery(db, resourceOf(input.table), input, actorOf(request));
  });

  app.post("/API/Insert/", signedIn, async (request) => {
    const body = validate(insertBody, request.body);
    const header = request.headers["idempotency-key"];
    const key = header === undefined ? undefined : validate(idempotencyKey, header, "Idempotency-Key header");
    return insertRecord(db, resourceOf(body.table), body.fields, actorOf(request), key);
  });

  const update = async (request: FastifyRequest) => {
    const body = validate(updateBody, request.body);
    return updateRecords(db, resourceOf(body.table), body, actorOf(request));
  };
  app.put("/API/Update/", signedIn, update);
  app.post("/API/Update/", signedIn, update);

  app.post("/API/Delete/", signedIn, async (request) => {
    const body = validate(deleteBody, request.body);
    return deleteRecords(db, resourceOf(body.table), body, actorOf(request));
  });

  app.post("/API/ExecuteQuery/", signedIn, async (request) => {
    const { query } = validate(executeBody, request.body);
    const named = NAMED_QUERIES.get(query.trim());
    if (!named)
      throw AppError.badRequest("Unknown query: ExecuteQuery runs named queries only.", {
        query: "is not a known query",
      });
    const actor = actorOf(request);
    requireAccess(actor, named.access, "view", `the query ${query.trim()}`);
    return { data: await named.run(db, actor) };
  });

  // The signed-in user's permissions, for the web app's route guard.
  app.get("/API/Permissions/", signedIn, async (request) => {
    const user = signedInUser(request);
    const data = [...user.permissions].map(([permissionPageID, flags]) => ({
      permissionPageID,
      permissionView: Number(flags.view),
      permissionAdd: Number(flags.add),
      permissionChange: Number(flags.change),
      permissionDel: Number(flags.del),
    }));
    return { data };
  });

  // The audit trail of a record and the restore of a deleted one: administrators (page 40).
  app.get("/API/Audit/", signedIn, async (request) => {
    const actor = actorOf(request);
    requireAccess(actor, PAGES.administrator, "view", "the audit trail");
    const input = validate(
      z.strictObject({ table: tableName, key: z.string().min(1).max(64) }),
      request.query,
      "query",
    );
    const data = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("tableName", "=", input.table)
      .where("recordKey", "=", input.key)
      .orderBy("auditID")
      .execute();
    return { data };
  });

  app.post("/API/Restore/", signedIn, async (request) => {
    const actor = actorOf(request);
    requireAccess(actor, PAGES.administrator, "view", "the audit trail");
    const { auditID } = validate(z.object({ auditID: z.number().int().positive() }), request.body);
    return restoreDeleted(db, auditID, actor);
  });
}
