import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { projectFromOrder } from "./portal-orders.js";

// Digits only: "1e3" or "0x10" name no order, though a number would read them as one.
const orderPath = z.strictObject({
  portalOrderID: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a positive whole number")
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
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
