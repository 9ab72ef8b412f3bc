import { STATEMENT_MAX_BYTES } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorEmpID } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import type { ReadGate } from "../data/read-gate.js";
import { zoneTimes } from "../data/zoned-times.js";
import type { DB } from "../db/schema.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import type { CompanySettings } from "../settings/company.js";
import { enterCharge, isValidCode } from "./charges.js";
import { inbox } from "./inbox.js";
import { cardsToAsk, myRequests } from "./mine.js";
import { myMissingReceipts, receiptRule } from "./receipts.js";
import { askToUse, decide } from "./requests.js";
import { importAllowance, importStatement } from "./statements.js";

const rows = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  meta: z.object({ TotalRecords: z.number() }),
});
const request = z.record(z.string(), z.unknown());

/**
 * The credit card area's own calls: asking to use a card, deciding a step of a request, the
 * requests waiting for the caller (the inbox), and the caller's own requests with their codes.
 * Who may decide is a rule of people (the holder, their team, page 45), not a page flag, so
 * these are calls of their own rather than writes of the data service.
 */
export async function creditCardRoutes(
  instance: FastifyInstance,
  {
    db,
    timeZone,
    reads,
    company,
  }: { db: Kysely<DB>; timeZone: () => string; reads: ReadGate; company: CompanySettings },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const answer = (list: Array<Record<string, unknown>>, total = list.length) => ({
    data: zoneTimes(list, timeZone()),
    meta: { TotalRecords: total },
  });
  // The charges each account imported in the last minute, in this process.
  const imported = importAllowance();

  app.route({
    ...served("cardInbox", { response: { 200: rows } }),
    handler: async (req) => {
      const { rows: list, total } = await inbox(db, actorOf(req));
      return answer(list, total);
    },
  });

  app.route({
    ...served("myCardRequests", { response: { 200: rows } }),
    handler: async (req) => answer(await myRequests(db, actorOf(req))),
  });

  app.route({
    ...served("cardsToAsk", { response: { 200: rows } }),
    handler: async (req) => answer(await cardsToAsk(db, actorOf(req))),
  });

  app.route({
    ...served("askToUseCard", {
      description: beyondTheSchemas("a project that does not exist"),
      response: { 200: request },
    }),
    handler: async (req) => {
      const body = req.body;
      const row = await askToUse(db, actorOf(req), {
        ccID: body.ccID as number,
        amount: body.ccPermissionAmount as string,
        purpose: body.ccPermissionPurpose as string,
        projectID: (body.projectID as number | null | undefined) ?? null,
      });
      // The requester's own: with its approval code where it needed no one's decision.
      return zoneTimes([row], timeZone())[0] ?? row;
    },
  });

  app.route({
    ...served("decideCardRequest", { response: { 200: request } }),
    handler: async (req) => {
      const { step, decision, reason, version } = req.body;
      const row = await decide(db, actorOf(req), req.params.ccPermissionID, {
        step,
        approve: decision === "approve",
        reason: reason || null,
        version,
      });
      return publicRow(zoneTimes([row], timeZone())[0] ?? row);
    },
  });

  app.route({
    ...served("validateApprovalCode", { response: { 200: z.object({ valid: z.boolean() }) } }),
    handler: async (req) => ({ valid: await isValidCode(db, actorOf(req), req.body.code) }),
  });

  app.route({
    ...served("enterCharge", {
      description: beyondTheSchemas(
        "an approval code that is not the caller's, approved and unused",
        "an amount over the one approved",
      ),
      response: { 200: request },
    }),
    handler: async (req) => {
      const { code, ccChargeDate, ccChargeAmount, ccChargeMerchant } = req.body;
      const row = await enterCharge(db, actorOf(req), {
        code,
        date: String(ccChargeDate).slice(0, 10),
        amount: ccChargeAmount as string,
        merchant: ccChargeMerchant as string,
      });
      return zoneTimes([row], timeZone())[0] ?? row;
    },
  });

  app.route({
    ...served(
      "importStatement",
      {
        description: beyondTheSchemas(
          "a CSV the statement reader cannot read: its columns, its lines, their dates and amounts",
        ),
        response: { 200: statementAnswer },
      },
      // The file's text in JSON, at most STATEMENT_MAX_BYTES of it (quotes escaped on the way).
      { bodyLimit: STATEMENT_MAX_BYTES * 2 },
    ),
    handler: async (req) => {
      const { ccID, fileName, csv, preview } = req.body;
      const actor = actorOf(req);
      const key = actorEmpID(actor) ?? 0;
      // Its reads and its transaction take heavy read turns like a search's: however many
      // imports come at once, they share the heavy turns with everyone's long reads. On PGlite
      // they take none: their statements are bounded, and others' come between them
      // (db/pglite-pool.ts).
      return importStatement(db, actor, { ccID, fileName: fileName ?? null, csv }, !preview, {
        allowance: imported,
        step: (_kind, work) => reads.run(key, work, { heavy: true, bounded: true }),
      });
    },
  });

  const rule = z.object({ minAmount: z.string(), days: z.number() });
  app.route({
    ...served("receiptRule", { response: { 200: rule } }),
    handler: async () => receiptRule(company),
  });

  app.route({
    ...served("missingReceipts", { response: { 200: rows } }),
    handler: async (req) => {
      const { rows: list, total } = await myMissingReceipts(db, actorOf(req), req.query.rowLimit);
      return answer(list, total);
    },
  });
}

/** A statement line as a preview or an import reports it. */
const statementAnswer = z.object({
  ccStatementID: z.number().nullable(),
  counts: z.object({ lines: z.number(), matched: z.number(), unmatched: z.number(), duplicate: z.number() }),
  lines: z.array(
    z.object({
      line: z.number(),
      date: z.string(),
      amount: z.string(),
      merchant: z.string(),
      reference: z.string().nullable(),
      card: z.string().nullable(),
      fate: z.enum(["matched", "unmatched", "duplicate"]),
      ccPermissionID: z.number().nullable(),
    }),
  ),
});

/** A request as a decider sees it: never its approval code, which is the requester's alone. */
function publicRow(row: Record<string, unknown>) {
  const { ccPermissionApprovalCode: _, ...rest } = row;
  return rest;
}
