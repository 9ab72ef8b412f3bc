import { ERROR_MESSAGES } from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Authenticator, SessionUser } from "../auth/session.js";
import { AppError } from "./app-error.js";

/** Who may call a route. Every route declares one; start-up fails on a route without. */
export type Access = "public" | "signedIn";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function registerAccess(app: FastifyInstance, authenticate: Authenticator) {
  app.decorateRequest("user", null);

  app.addHook("onRoute", (route) => {
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    }
  });

  app.addHook("onRequest", async (request) => {
    // Every route declares its access (checked above); the not-found handler checks its own.
    if (request.routeOptions.config.access !== "signedIn") return;
    request.user = await authenticate(request.headers.authorization);
  });

  // An unknown /API/ path is a 404 only to a signed-in caller: the route map is not public.
  app.setNotFoundHandler(async (request) => {
    if (request.url.startsWith("/API/")) {
      await authenticate(request.headers.authorization);
      throw new AppError(404, ERROR_MESSAGES.apiNotFound);
    }
    throw new AppError(404, "Not Found");
  });
}

/** The signed-in user of a route whose access is "signedIn". */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.sessionExpired();
  return request.user;
}
