import { finished } from "node:stream/promises";
import { PAGES, permissionRowsAnswer } from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import { signedIn } from "../http/openapi.js";
import { validate } from "../http/validate.js";
import { type Actor, requireAccess } from "./actor.js";
import { restoreDeleted } from "./audit.js";
import { actorOf, resourceOf } from "./context.js";
import { streamAnswer } from "./json-stream.js";
import { NAMED_QUERIES } from "./named-queries.js";
import { queryInput, runQuery } from "./query.js";
import type { ReadGate } from "./read-gate.js";
import { runTotals, totalsInput } from "./totals.js";
import { deleteRecords, insertRecord, updateRecords } from "./write.js";
import { zoneTimes } from "./zoned-times.js";

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
// The error page's Debug button re-sends a failed call with DEBUG=1 in its query string.
const debugQuery = z.strictObject({ DEBUG: z.enum(["0", "1"]).optional() });
const auditQuery = z.strictObject({ table: tableName, key: z.string().min(1).max(64) });
const restoreBody = z.object({ auditID: z.number().int().positive() });

// What the calls answer on success. The handlers are typed by these, so the documentation
// made from them cannot drift from what is sent.
const row = z.record(z.string(), z.unknown());
const queryAnswer = z.object({
  data: z.array(row),
  meta: z.object({ TotalRecords: z.number().int().min(0), confirmRequired: z.literal(true).optional() }),
});
const totalsAnswer = z.object({
  data: z.array(
    z.object({
      key: z.union([z.number(), z.string()]).nullable(),
      label: z.string().nullable(),
      count: z.number().int().min(0),
      total: z.number(),
    }),
  ),
  meta: z.object({ TotalRecords: z.number().int().min(0), count: z.number().int().min(0), total: z.number() }),
});
const insertAnswer = z.object({ id: z.number().int().positive() });
const updateAnswer = z.object({ status: z.literal("success"), count: z.number().int().positive() });
const deleteAnswer = z.object({ id: z.number().int().positive(), keys: z.array(z.unknown()) });
const executeAnswer = z.object({ data: z.array(row) });
const auditAnswer = z.object({
  data: z.array(
    z.object({
      auditID: z.number().int(),
      empID: z.number().int().nullable(),
      action: z.enum(["insert", "update", "delete", "restore"]),
      tableName: z.string(),
      recordKey: z.string(),
      before: row.nullable(),
      after: row.nullable(),
      createdTS: z.iso.datetime(),
    }),
  ),
});
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

/**
 * Logs a write re-sent by the error page's Debug button (DEBUG=1), for administrators to
 * find: the call, its table and where, and the names of its fields. Values stay out: they
 * may hold secrets, and request bodies are never echoed.
 */
function logDebugResend(
  request: FastifyRequest,
  body: { table?: string; where?: string; fields?: object; query?: string },
) {
  const { DEBUG } = validate(debugQuery, request.query, "query");
  if (DEBUG !== "1") return;
  const fields = body.fields ? Object.keys(body.fields) : undefined;
  const call = {
    method: request.method,
    path: request.routeOptions.url,
    table: body.table,
    where: body.where,
    fields,
    query: body.query,
  };
  request.log.info({ debugResend: call }, "debug re-send of a call");
}

const keyOf = (actor: Actor) => (actor.kind === "employee" ? actor.empID : 0);

/** The generic data service of spec section 7, over the resource declarations of core. */
export async function dataRoutes(
  app: FastifyInstance,
  { db, timeZone, reads }: { db: Kysely<DB>; timeZone: string; reads: ReadGate },
) {
  app.get(
    "/API/Query/",
    signedIn({
      summary:
        "Rows of a table or view and their total. A full load (no rowLimit, or one over 100) of more than 20,000 rows without `continue` answers the total alone; a page (rowLimit up to 100) never does. rowLimit over 20,000 needs `continue`. At most 2 reads of one account run at once and 16 wait; past that, 429 with Retry-After.",
      query: queryInput,
      response: queryAnswer,
      rows: true,
    }),
    async (request, reply): Answer<typeof queryAnswer> => {
      const input = validate(queryInput, request.query, "query");
      if (input.DEBUG === "1") request.log.info({ debugResend: input }, "debug re-send of a query");
      const actor = actorOf(request);
      // A load keeps its turn until its last batch is read and written: its batches are reads too.
      const answer = await reads.run(keyOf(actor), async () => {
        const result = await runQuery(db, resourceOf(input.table), input, actor);
        if (!result.batches) return { data: zoneTimes(result.data, timeZone), meta: result.meta };
        const stream = streamAnswer(result.batches, result.meta, timeZone);
        reply.type("application/json").send(stream);
        await finished(stream).catch(() => {});
        return reply;
      });
      return answer as never;
    },
  );

  app.get(
    "/API/Totals/",
    signedIn({
      summary: "The rows a where matches, counted and summed by one of the columns the table declares totals by.",
      query: totalsInput,
      response: totalsAnswer,
    }),
    async (request): Answer<typeof totalsAnswer> => {
      const input = validate(totalsInput, request.query, "query");
      const actor = actorOf(request);
      return reads.run(keyOf(actor), () => runTotals(db, resourceOf(input.table), input, actor));
    },
  );

  app.post(
    "/API/Insert/",
    signedIn({
      summary: "Inserts one record; a retry with the same Idempotency-Key answers as the first.",
      headers: z.object({ "Idempotency-Key": idempotencyKey.optional() }),
      query: debugQuery,
      body: insertBody,
      fields: "insert",
      response: insertAnswer,
    }),
    async (request): Answer<typeof insertAnswer> => {
      const body = validate(insertBody, request.body);
      logDebugResend(request, body);
      const header = request.headers["idempotency-key"];
      const key = header === undefined ? undefined : validate(idempotencyKey, header, "Idempotency-Key header");
      return insertRecord(db, resourceOf(body.table), body.fields, actorOf(request), key);
    },
  );

  const updateDocs = signedIn({
    summary: "Updates the records the where matches (at most 1,000); none matched is a 404.",
    query: debugQuery,
    body: updateBody,
    fields: "update",
    response: updateAnswer,
  });
  const update = async (request: FastifyRequest): Answer<typeof updateAnswer> => {
    const body = validate(updateBody, request.body);
    logDebugResend(request, body);
    return updateRecords(db, resourceOf(body.table), body, actorOf(request));
  };
  app.put("/API/Update/", updateDocs, update);
  app.post("/API/Update/", updateDocs, update);

  app.post(
    "/API/Delete/",
    signedIn({
      summary: "Deletes the records the where matches (kept in the audit trail); `id` is how many.",
      query: debugQuery,
      body: deleteBody,
      response: deleteAnswer,
    }),
    async (request): Answer<typeof deleteAnswer> => {
      const body = validate(deleteBody, request.body);
      logDebugResend(request, body);
      return deleteRecords(db, resourceOf(body.table), body, actorOf(request));
    },
  );

  app.post(
    "/API/ExecuteQuery/",
    signedIn({
      summary: `Runs a query registered on the server by name: ${[...NAMED_QUERIES.keys()].join(", ")}.`,
      query: debugQuery,
      body: executeBody,
      response: executeAnswer,
    }),
    async (request): Answer<typeof executeAnswer> => {
      const { query } = validate(executeBody, request.body);
      logDebugResend(request, { query });
      const named = NAMED_QUERIES.get(query.trim());
      if (!named)
        throw AppError.badRequest("Unknown query: ExecuteQuery runs named queries only.", {
          query: "is not a known query",
        });
      const actor = actorOf(request);
      requireAccess(actor, named.access, "view", `the query ${query.trim()}`);
      return { data: await named.run(db, actor) };
    },
  );

  // The signed-in user's permissions, for the web app's route guard.
  app.get(
    "/API/Permissions/",
    signedIn({ summary: "The signed-in user's permission rows.", response: permissionRowsAnswer }),
    async (request): Answer<typeof permissionRowsAnswer> => {
      const user = signedInUser(request);
      const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);
      const data = [...user.permissions].map(([permissionPageID, flags]) => ({
        permissionPageID,
        permissionView: flag(flags.view),
        permissionAdd: flag(flags.add),
        permissionChange: flag(flags.change),
        permissionDel: flag(flags.del),
      }));
      return { data };
    },
  );

  // The audit trail of a record and the restore of a deleted one: administrators (page 40).
  app.get(
    "/API/Audit/",
    signedIn({ summary: "The audit trail of a record (administrators).", query: auditQuery, response: auditAnswer }),
    async (request): Answer<typeof auditAnswer> => {
      const actor = actorOf(request);
      requireAccess(actor, PAGES.administrator, "view", "the audit trail");
      const input = validate(auditQuery, request.query, "query");
      const data = await db
        .selectFrom("auditLog")
        .selectAll()
        .where("tableName", "=", input.table)
        .where("recordKey", "=", input.key)
        .orderBy("auditID")
        .execute();
      // before and after are the jsonb of rows the audit wrote: objects, or null.
      type Image = Record<string, unknown> | null;
      return {
        data: data.map((entry) => ({
          ...entry,
          before: entry.before as Image,
          after: entry.after as Image,
          createdTS: entry.createdTS.toISOString(),
        })),
      };
    },
  );

  app.post(
    "/API/Restore/",
    signedIn({
      summary: "Puts a deleted record back from its audit record, with its own key (administrators).",
      body: restoreBody,
      response: insertAnswer,
    }),
    async (request): Answer<typeof insertAnswer> => {
      const actor = actorOf(request);
      requireAccess(actor, PAGES.administrator, "view", "the audit trail");
      const { auditID } = validate(restoreBody, request.body);
      return restoreDeleted(db, auditID, actor);
    },
  );
}
