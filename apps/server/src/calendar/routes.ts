import {
  type CalendarEventInput,
  calendarEventSchema,
  calendarOccurrenceSchema,
  dayOffSchema,
  type Holiday,
} from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import { changeEvent, type EventChange } from "./change.js";
import { daysOffOf } from "./days-off.js";
import { eventOf, occurrencesIn } from "./read.js";
import { createEvent, removeEvent } from "./write.js";

/** The calendar's own calls (core's operations/calendar.ts). */
export async function calendarRoutes(
  instance: FastifyInstance,
  { db, timeZone, holidays }: { db: Kysely<DB>; timeZone: () => string; holidays: () => readonly Holiday[] },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...served("calendarOccurrences", {
      description: beyondTheSchemas("a range that ends before it starts, or is longer than the bound"),
      response: { 200: z.object({ data: z.array(calendarOccurrenceSchema) }) },
    }),
    handler: async (request) => occurrencesIn(db, request.query, actorOf(request), timeZone()),
  });
  app.route({
    ...served("calendarEvent", {
      description: beyondTheSchemas("an event the caller may not see, as one that does not exist"),
      response: { 200: calendarEventSchema },
    }),
    handler: async (request) => eventOf(db, (request.params as { eventID: number }).eventID, actorOf(request)),
  });
  app.route({
    ...served("eventDaysOff", {
      description: beyondTheSchemas("what a new event is refused for"),
      response: { 200: z.object({ data: z.array(dayOffSchema) }) },
    }),
    handler: async (request) =>
      daysOffOf(db, request.body as CalendarEventInput, actorOf(request), timeZone(), holidays()),
  });
  app.route({
    ...served("createEvent", {
      description: beyondTheSchemas(
        "a series whose end is before its start, past ten years, both or neither; an all-day event not of whole days; a category not of the list; an attendee who is not an active employee; an occurrence to skip that is not one of the series",
      ),
      response: { 200: z.object({ id: z.number().int().positive() }) },
    }),
    // The body's schema is core's eventBody, of the operation's declared input.
    handler: async (request) =>
      createEvent(db, request.body as CalendarEventInput & { skip?: string[] }, actorOf(request), timeZone()),
  });
  app.route({
    ...served("changeEvent", {
      description: beyondTheSchemas(
        "what a new event is refused for; a series without a scope; an occurrence that is not one of the series; This event with more than its time and title",
      ),
      response: { 200: z.object({ id: z.number().int().positive(), dropped: z.number().int() }) },
    }),
    handler: async (request) =>
      changeEvent(db, { ...(request.body as CalendarEventInput), ...request.params } as EventChange, actorOf(request)),
  });
  app.route({
    ...served("removeEvent", {
      description: beyondTheSchemas("a series without a scope, or an occurrence that is not one of the series"),
      response: { 200: z.object({ count: z.number().int() }) },
    }),
    handler: async (request) => removeEvent(db, { ...request.params, ...request.body }, actorOf(request)),
  });
}
