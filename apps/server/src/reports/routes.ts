import { dateIn, isRefusal, readReportCall } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorOf } from "../data/context.js";
import type { ReadGate } from "../data/read-gate.js";
import { asRead } from "../db/caller.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import { runReport } from "./run.js";

const total = z.union([z.number(), z.string()]);
const reportAnswer = z.object({
  data: z.array(
    z.object({
      key: z.union([z.number(), z.string()]).nullable(),
      label: z.string().nullable(),
      count: z.number().int().min(0),
      total,
      values: z.record(z.string(), z.number()).optional(),
    }),
  ),
  series: z.array(z.object({ key: z.string(), label: z.string().nullable() })),
  meta: z.object({
    TotalRecords: z.number().int().min(0),
    count: z.number().int().min(0),
    total,
    by: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    asOf: z.string().nullable(),
  }),
});

/**
 * GET /API/Reports/:report (core's REPORT_OPERATIONS): page 25 (the grant reportReaders) is
 * checked before the request is read, core reads the call against the report's declaration (its groupings, its range of at
 * most ten years, an as-of day of a report that keeps one), and the answer is one of the data
 * service's reads: in a turn of the read gate when the app gives one, as Query and Totals run
 * (data/read-gate.ts), and on PGlite within the read budget (db/caller.ts).
 */
export async function reportRoutes(
  instance: FastifyInstance,
  { db, timeZone, reads }: { db: Kysely<DB>; timeZone: () => string; reads?: ReadGate },
) {
  instance.withTypeProvider<ZodTypeProvider>().route({
    ...served("report", {
      description: beyondTheSchemas(
        "a where outside the where language over the report's rows (`Bad where:`, or a value not of its column's type)",
        "a grouping the report does not declare",
        "a range that ends before it starts or is over ten years long, or a range given to a report of a state",
        "an as-of day after today, or given to a report that is not kept as of a day",
      ),
      response: { 200: reportAnswer },
    }),
    handler: async (request) => {
      const actor = actorOf(request);
      const today = dateIn(new Date(), timeZone());
      const call = readReportCall(request.params.report, request.query, today);
      if (isRefusal(call)) throw AppError.badRequest(call.message, call.fieldErrors);
      const work = () => runReport(db, call, actor, today);
      return reads && actor.kind === "employee" ? reads.run(actor.empID, work) : asRead(work);
    },
  });
}
