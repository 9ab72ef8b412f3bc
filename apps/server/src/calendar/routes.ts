import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import { occurrencesIn } from "./read.js";

const occurrence = z.object({
  eventID: z.number().int(),
  original: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  title: z.string(),
  eventCategory: z.number().int().nullable(),
  eventLocation: z.string().nullable(),
  recurring: z.boolean(),
  changed: z.boolean(),
});

/** The calendar's own calls (core's operations/calendar.ts). */
export async function calendarRoutes(
  instance: FastifyInstance,
  { db, timeZone }: { db: Kysely<DB>; timeZone: string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...served("calendarOccurrences", {
      description: beyondTheSchemas("a range that ends before it starts, or is longer than the bound"),
      response: { 200: z.object({ data: z.array(occurrence) }) },
    }),
    handler: async (request) => occurrencesIn(db, request.query, actorOf(request), timeZone),
  });
}
