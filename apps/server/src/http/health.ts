import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.js";
import type { Lifecycle } from "./lifecycle.js";

const PING_TIMEOUT_MS = 2_000;

/** Liveness (the process answers) and readiness (the database answers, not shutting down). */
export async function healthRoutes(app: FastifyInstance, deps: { database: Database; lifecycle: Lifecycle }) {
  app.get("/healthz", { config: { access: "public" }, logLevel: "warn" }, async () => ({ status: "ok" }));

  app.get("/readyz", { config: { access: "public" }, logLevel: "warn" }, async (_request, reply) => {
    if (deps.lifecycle.draining) return reply.code(503).send({ status: "draining" });
    const reachable = await deps.database.ping(PING_TIMEOUT_MS);
    return reachable ? { status: "ready" } : reply.code(503).send({ status: "database unreachable" });
  });
}
