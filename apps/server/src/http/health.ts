import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/database.js";
import type { Lifecycle } from "./lifecycle.js";

const PING_TIMEOUT_MS = 2_000;
const tags = ["Operations"];

/** Liveness (the process answers) and readiness (the database answers, not shutting down). */
export async function healthRoutes(instance: FastifyInstance, deps: { database: Database; lifecycle: Lifecycle }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/healthz",
    {
      config: { access: "public" },
      schema: {
        summary: "Liveness: the process answers.",
        tags,
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
      logLevel: "warn",
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      config: { access: "public" },
      schema: {
        summary: "Readiness: 503 while the database is unreachable or the server drains.",
        tags,
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z
            .object({ status: z.enum(["draining", "database unreachable"]) })
            .describe("Not ready: the server drains, or the database does not answer"),
        },
      },
      logLevel: "warn",
    },
    async (_request, reply) => {
      if (deps.lifecycle.draining) return reply.code(503).send({ status: "draining" });
      const reachable = await deps.database.ping(PING_TIMEOUT_MS);
      return reachable ? { status: "ready" as const } : reply.code(503).send({ status: "database unreachable" });
    },
  );
}
