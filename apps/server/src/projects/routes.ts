import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { idPath } from "../http/validate.js";
import { projectFromOrder } from "./portal-orders.js";

const orderPath = idPath("portalOrderID");
const projectAnswer = z.object({ id: z.number().int().positive() });

/** The projects area's own call: a portal order becomes a project. */
export async function projectRoutes(instance: FastifyInstance, { db }: { db: Kysely<DB> }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/API/PortalOrders/:portalOrderID/Project",
    {
      config: { access: "signedIn" },
      schema: {
        summary: "Makes an approved portal order a project, in one step; answers the project's id.",
        tags: ["Projects"],
        params: orderPath,
        response: { 200: projectAnswer },
      },
    },
    async (request) => projectFromOrder(db, request.params.portalOrderID, actorOf(request)),
  );
}
