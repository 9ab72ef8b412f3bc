import {
  DELETED_SHOWN,
  NAMED_QUERIES,
  type NamedQueryName,
  permissionRowsAnswer,
  resourceName,
  tableFor,
} from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { Sessions } from "../auth/session.js";
import type { DB } from "../db/schema.js";
import { signedInUser } from "../http/access.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import { documentedOnly } from "../http/validate.js";
import { type Actor, requireAccess, requireReach } from "./actor.js";
import { restoreDeleted, undoDelete } from "./audit.js";
import { type AuditRow, auditEntry, auditRecord } from "./audit-answer.js";
import { actorOf, resourceOf } from "./context.js";
import { languageText, REFUSED, updatable } from "./inputs.js";
import { streamAnswer } from "./json-stream.js";
import type { KnownSearches } from "./known-searches.js";
import { NAMED_QUERY_RUNS } from "./named-queries.js";
import { type BatchTurn, queryInput, runQuery } from "./query.js";
import type { ReadGate } from "./read-gate.js";
import { runTotals, totalsInput } from "./totals.js";
import { deleteRecords, insertRecord, updateRecords } from "./write.js";
import { zoneTimes } from "./zoned-times.js";

const insertBody = z.object({
  table: resourceName(tableFor("add"), "is not a table one may insert into"),
  fields: z.record(z.string(), z.unknown()),
});
const updateBody = z.object({
  table: resourceName(updatable, "is not a table one may update"),
  where: languageText("where", { required: true }),
  fields: z.record(z.string(), z.unknown()),
  // The product's calls send 0 (docs/product-rules.md#calls); it changes nothing.
  debug: z.union([z.literal(0), z.literal(1)]).optional(),
});
const deleteBody = z.object({
  table: resourceName(tableFor("del"), "is not a table one may delete from"),
  where: languageText("where", { required: true }),
});
const executeBody = z.object({
  query: z.enum(Object.keys(NAMED_QUERIES) as [NamedQueryName, ...NamedQueryName[]], { error: "is not a known query" }),
});
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, "must be 1 to 128 letters, digits or _.:-");
// The error page's Debug button re-sends a failed call with DEBUG=1 in its query string.
const debugQuery = z.strictObject({ DEBUG: z.enum(["0", "1"]).optional() });
// The audit trail is of tables, and of the files attached to their records.

// What the calls answer on success: the route schemas, so the handlers are typed by them and the
// documentation made from them cannot drift from what is sent (and, but on the reads of rows,
// each answer is checked against its schema as it is written).
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
      total: z.union([z.number(), z.string()]),
    }),
  ),
  meta: z.object({
    TotalRecords: z.number().int().min(0),
    count: z.number().int().min(0),
    total: z.union([z.number(), z.string()]),
  }),
});
const insertAnswer = z.object({ id: z.number().int().positive() });
const updateAnswer = z.object({ status: z.literal("success"), count: z.number().int().positive() });
const deleteAnswer = z.object({ id: z.number().int().positive(), keys: z.array(z.unknown()) });
const executeAnswer = z.object({ data: z.array(row) });
const auditAnswer = z.object({ data: z.array(auditRecord) });
const deletedAnswer = auditRecord.extend({ byName: z.string().nullable() });

/** The data service's calls under the one tag of the document. */
const tags = ["Data service"];

/**
 * Logs a write re-sent by the error page's Debug button (DEBUG=1), for administrators to
 * find: the call, its table and where, and the names of its fields. Values stay out: they
 * may hold secrets, and request bodies are never echoed.
 */
function logDebugResend(
  request: FastifyRequest & { query: z.output<typeof debugQuery> },
  body: { table?: string; where?: string; fields?: object; query?: string },
) {
  if (request.query.DEBUG !== "1") return;
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
/** How long a load's later batch may wait for its turn: its answer is being written, and a cut one is lost. */
const BATCH_WAIT_MS = 30_000;

/**
 * Whether a write may change who may sign in or what they may do (a permission row, an
 * employee's being active): the session checks this process keeps forget it at once, so the
 * next call sees it (auth/session.ts); other processes hear of it from the database.
 */
const changesSignIns = (table: string, fields?: object) =>
  table === "tblPermission" || (table === "tblEmployee" && (fields === undefined || "empActive" in fields));

/**
 * The generic data service (docs/product-rules.md#calls), over the resource declarations of core. Each
 * route's schemas are checked by Fastify before its handler (a failure is a 400 naming the
 * fields) and make its part of the API document.
 */
export async function dataRoutes(
  instance: FastifyInstance,
  {
    db,
    timeZone,
    reads,
    sessions,
    searches,
  }: {
    db: Kysely<DB>;
    timeZone: () => string;
    reads: ReadGate;
    sessions: Pick<Sessions, "changed">;
    searches?: KnownSearches;
  },
) {
  const afterWrite = <T>(table: string, fields: object | undefined, answer: T): T => {
    if (changesSignIns(table, fields)) sessions.changed();
    return answer;
  };
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/API/Query/",
    {
      config: { access: "signedIn" },
      schema: {
        summary:
          "Rows of a table or view and their total. A full load (no rowLimit, or one over 100) of more than 20,000 rows without `continue` answers the total alone; a page (rowLimit up to 100) never does. rowLimit over 20,000 needs `continue`. At most 2 reads of one account run at once and 16 wait; past that, 429 with Retry-After. A read that runs too long is stopped (503 with Retry-After) and the account's reads, updates and deletes pause for 30 s (429).",
        description: beyondTheSchemas(REFUSED.language, "a rowLimit over 20,000 without continue=1"),
        tags,
        querystring: queryInput,
        response: { 200: queryAnswer },
        "x-office-rows": true,
      },
      // Thousands of rows: the answer is documented, not checked again (a load is streamed).
      serializerCompiler: documentedOnly,
    },
    async (request, reply) => {
      const input = request.query;
      if (input.DEBUG === "1") request.log.info({ debugResend: input }, "debug re-send of a query");
      const actor = actorOf(request);
      const key = keyOf(actor);
      // A load's later batches are reads of their own, each in a heavy turn: between them the
      // turns go to others, and their time counts to the caller (read-gate.ts).
      const batchTurn: BatchTurn = (read) => reads.run(key, read, { heavy: true, waitMs: BATCH_WAIT_MS });
      const result = await reads.run(key, () =>
        runQuery(db, resourceOf(input.table), input, actor, batchTurn, searches),
      );
      if (!result.batches) return { data: zoneTimes(result.data, timeZone()), meta: result.meta } as never;
      // A stream is sent as it is: the schema documents what it writes.
      return reply.type("application/json").send(streamAnswer(result.batches, result.meta, timeZone()) as never);
    },
  );

  app.get(
    "/API/Totals/",
    {
      config: { access: "signedIn" },
      schema: {
        summary: "The rows a where matches, counted and summed by one of the columns the table declares totals by.",
        description: beyondTheSchemas(REFUSED.language, "a `by` the table is not totalled by (its `x-office-totals`)"),
        tags,
        querystring: totalsInput,
        response: { 200: totalsAnswer },
      },
      serializerCompiler: documentedOnly,
    },
    async (request) => {
      const input = request.query;
      const actor = actorOf(request);
      return reads.run(keyOf(actor), () => runTotals(db, resourceOf(input.table), input, actor));
    },
  );

  app.post(
    "/API/Insert/",
    {
      config: { access: "signedIn" },
      schema: {
        summary: "Inserts one record; a retry with the same Idempotency-Key answers as the first.",
        description: beyondTheSchemas(REFUSED.references, REFUSED.constraints),
        tags,
        headers: z.object({ "idempotency-key": idempotencyKey.optional() }),
        querystring: debugQuery,
        body: insertBody,
        response: { 200: insertAnswer },
        "x-office-fields": "insert",
      },
    },
    async (request) => {
      const body = request.body;
      logDebugResend(request, body);
      const key = request.headers["idempotency-key"];
      const def = resourceOf(body.table);
      return afterWrite(def.name, {}, await insertRecord(db, def, body.fields, actorOf(request), key));
    },
  );

  app.route({
    method: ["PUT", "POST"],
    url: "/API/Update/",
    config: { access: "signedIn" },
    schema: {
      summary: "Updates the records the where matches (at most 1,000); none matched is a 404.",
      description: beyondTheSchemas(REFUSED.language, REFUSED.tooMany, REFUSED.references, REFUSED.constraints),
      tags,
      querystring: debugQuery,
      body: updateBody,
      response: { 200: updateAnswer },
      "x-office-fields": "update",
    },
    handler: async (request) => {
      const body = request.body;
      logDebugResend(request, body);
      const actor = actorOf(request);
      // The rows are found by the caller's where: a read's turn, budget and pause (read-gate.ts).
      const def = resourceOf(body.table);
      return afterWrite(
        def.name,
        body.fields,
        await reads.run(keyOf(actor), () => updateRecords(db, def, body, actor)),
      );
    },
  });

  app.post(
    "/API/Delete/",
    {
      config: { access: "signedIn" },
      schema: {
        summary: "Deletes the records the where matches (kept in the audit trail); `id` is how many.",
        description: beyondTheSchemas(REFUSED.language, REFUSED.tooMany),
        tags,
        querystring: debugQuery,
        body: deleteBody,
        response: { 200: deleteAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      logDebugResend(request, body);
      const actor = actorOf(request);
      const def = resourceOf(body.table);
      return afterWrite(def.name, undefined, await reads.run(keyOf(actor), () => deleteRecords(db, def, body, actor)));
    },
  );

  app.post(
    "/API/ExecuteQuery/",
    {
      config: { access: "signedIn" },
      schema: {
        summary: `Runs a query registered on the server by name: ${Object.keys(NAMED_QUERIES).join(", ")}.`,
        tags,
        querystring: debugQuery,
        body: executeBody,
        response: { 200: executeAnswer },
      },
      serializerCompiler: documentedOnly,
    },
    async (request) => {
      const { query } = request.body;
      logDebugResend(request, { query });
      // The body's schema admits declared names alone: no text of a request becomes a statement.
      const named: NamedQueryName = query;
      const actor = actorOf(request);
      requireAccess(actor, NAMED_QUERIES[named].access, "view", `the query ${named}`);
      return { data: await NAMED_QUERY_RUNS[named](db, actor) };
    },
  );

  // The signed-in user's permissions, for the web app's route guard.
  app.route({
    ...served("myPermissions", { response: { 200: permissionRowsAnswer } }),
    handler: async (request) => {
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
  });

  // The audit trail of a record and the restore of a deleted one: administrators, refused
  // before the request is read (a refused caller learns nothing from their input).
  app.route({
    ...served("auditTrail", { response: { 200: auditAnswer } }),
    handler: async (request) => {
      const input = request.query;
      const data = await db
        .selectFrom("auditLog")
        .selectAll()
        .where("tableName", "=", input.table)
        .where("recordKey", "=", input.key)
        .orderBy("auditID")
        .execute();
      return { data: data.map(auditEntry) };
    },
  });

  app.route({
    ...served("deletedRecords", { response: { 200: z.object({ data: z.array(deletedAnswer) }) } }),
    handler: async (request) => {
      const { rows } = await sql<AuditRow & { byName: string | null }>`
        select a.*, case when e."empID" is not null then e."empFirstName" || ' ' || e."empLastName" end as "byName"
        from "auditLog" a left join "tblEmployee" e on e."empID" = a."empID"
        where a."tableName" = ${request.query.table} and a."action" = 'delete'
          and not exists (select 1 from "auditLog" later where later."tableName" = a."tableName"
            and later."recordKey" = a."recordKey" and later."auditID" > a."auditID")
        order by a."auditID" desc
        limit ${DELETED_SHOWN}`.execute(db);
      return { data: rows.map((entry) => ({ ...auditEntry(entry), byName: entry.byName })) };
    },
  });

  app.route({
    ...served("restoreDeleted", {
      description: beyondTheSchemas("an audit record that is not a delete"),
      // A record's key, or a removed file's id.
      response: { 200: z.object({ id: z.union([z.number().int().positive(), z.uuid()]) }) },
    }),
    handler: async (request) => {
      const restored = await restoreDeleted(db, request.body.auditID, actorOf(request));
      // Any table's record: a permission row put back is a right given again (a rare call).
      sessions.changed();
      return restored;
    },
  });

  app.route({
    ...served("undoDelete", {
      description: beyondTheSchemas("records the caller did not delete in the last minutes (404)"),
      response: { 200: z.object({ count: z.number().int().positive() }) },
    }),
    handler: async (request) => {
      const actor = actorOf(request);
      const def = resourceOf(request.body.table);
      // The right to delete there still, as a delete's: a right taken away takes Undo with it.
      requireReach(actor, def, "del");
      const answer = await undoDelete(db, def, request.body.keys, actor);
      // As a delete's: an employee or a permission row back may change what a session check knew.
      return afterWrite(def.name, undefined, answer);
    },
  });
}
