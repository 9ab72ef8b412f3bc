import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.js";
import type { Lifecycle } from "./lifecycle.js";

const PING_TIMEOUT_MS = 2_000;

/** Liveness (the process answers) and readiness (the database answers, not shutting down). */
export async function healthRoutes(app: FastifyInstance, deps: { database: Database; lifecycle: Lifecycle }) {
  const healthz = { access: "public" as const, docs: { summary: "Liveness: the process answers." } };
  app.get("/healthz", { config: healthz, logLevel: "warn" }, async () => ({ status: "ok" }));

  const readyz = {
    access: "public" as const,
    docs: { summary: "Readiness: 503 while the database is unreachable or the server drains." },
  };
  app.get("/readyz", { config: readyz, logLevel: "warn" }, async (_request, reply) => {
    if (deps.lifecycle.draining) return reply.code(503).send({ status: "draining" });
    const reachable = await deps.database.ping(PING_TIMEOUT_MS);
    return reachable ? { status: "ready" } : reply.code(503).send({ status: "database unreachable" });
  });
}
