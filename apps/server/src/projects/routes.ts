import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { served } from "../http/operations.js";
import { projectFromOrder } from "./portal-orders.js";

const projectAnswer = z.object({ id: z.number().int().positive() });

/** The projects area's own call: a portal order becomes a project. */
export async function projectRoutes(instance: FastifyInstance, { db }: { db: Kysely<DB> }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...served("projectFromPortalOrder", { response: { 200: projectAnswer } }),
    handler: async (request) => projectFromOrder(db, request.params.portalOrderID, actorOf(request)),
  });
}
