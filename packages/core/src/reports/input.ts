import { z } from "zod";
import { isIsoDay, REPORT_DAY, REPORT_DAY_MESSAGE, REPORT_WHERE_MAX_LENGTH } from "./call.js";
import { GROUPING_NAMES, REPORT_IDS } from "./catalogue.js";

/*
 * What a report's call takes, as zod schemas: the server's route checks them before its handler,
 * and the web's fake server its calls. Only they validate; as operations/inputs.ts keeps its
 * schemas, the web app imports nothing of this module, so zod stays out of its bundle. What
 * depends on the report named (its groupings, whether it takes a range or an as-of day) is
 * core's readReportCall, and the where's grammar and columns the server's.
 */

// Its pattern is the document's; a day the calendar has not (30 February) is refused beside it.
const day = z.string().regex(REPORT_DAY, REPORT_DAY_MESSAGE).refine(isIsoDay, REPORT_DAY_MESSAGE);

export const reportParams = z.strictObject({
  report: z.enum(REPORT_IDS, { error: "is not a report" }),
});

export const reportQuery = z.strictObject({
  by: z.enum(GROUPING_NAMES, { error: "is not a grouping of any report" }).optional(),
  from: day.optional(),
  to: day.optional(),
  where: z
    .string()
    .max(REPORT_WHERE_MAX_LENGTH)
    .describe("a where of the where language over the report's rows (the columns of its resource the caller may read)")
    .optional(),
  asOf: day.optional(),
});

/** The report call's input by Fastify's parts, as OPERATION_INPUTS holds each operation's. */
export const REPORT_INPUT = { params: reportParams, querystring: reportQuery };
