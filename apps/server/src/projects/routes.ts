import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import { projectFromOrder } from "./portal-orders.js";
import { setProjectsStatus } from "./statuses.js";

const projectAnswer = z.object({ id: z.number().int().positive() });

/** The projects area's own calls: a portal order becomes a project; several projects take one status. */
export async function projectRoutes(instance: FastifyInstance, { db }: { db: Kysely<DB> }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...served("projectFromPortalOrder", { response: { 200: projectAnswer } }),
    handler: async (request) => projectFromOrder(db, request.params.portalOrderID, actorOf(request)),
  });
  app.route({
    ...served("setProjectsStatus", {
      description: beyondTheSchemas("a status not of the list, or a project that does not exist"),
      response: { 200: z.object({ count: z.number().int() }) },
    }),
    handler: async (request) => setProjectsStatus(db, request.body, actorOf(request)),
  });
}
