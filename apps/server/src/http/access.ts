import { ERROR_MESSAGES, type GrantName, VIEW_AS_HEADER, VIEW_AS_READ_ONLY } from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Sessions, SessionUser } from "../auth/session.js";
import { requireGrant } from "../data/actor.js";
import { addressCaller, asCaller, type Caller, employeeCaller } from "../db/caller.js";
import { AppError } from "./app-error.js";
import { undeclaredMethods } from "./methods.js";

/** Who may call a route. Every route declares one; start-up fails on a route without. */
export type Access = "public" | "signedIn";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** The named grant a signed-in caller needs (core's GRANTS), checked before the request is read. */
    grant?: GrantName;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** Who the request's work is for (db/caller.ts): its address, then its account once known. */
    caller: Caller;
  }
}

/** Whom an administrator views as (View as): an active employee's id and rights, or none. */
export type ViewedEmployee = (
  empID: number,
) => Promise<{ empID: number; permissions: SessionUser["permissions"] } | null>;

/** The calls someone viewing as another may make: reads (a GET of the API, the named queries), nothing that changes. */
const readOnly = (request: FastifyRequest) =>
  ((request.method === "GET" || request.method === "HEAD") && request.url.startsWith("/API/")) ||
  (request.method === "POST" && request.routeOptions.url === "/API/ExecuteQuery/");

export function registerAccess(
  app: FastifyInstance,
  sessions: Pick<Sessions, "claimsOf" | "check" | "authenticate">,
  viewed?: ViewedEmployee,
) {
  const { authenticate } = sessions;
  app.decorateRequest("user", null);
  app.decorateRequest("caller", null as unknown as Caller);

  // Everything a request does runs as its caller, so the database's turns are shared fairly
  // between callers (db/fair-queue.ts). A body is read in its socket's context, not the
  // request's: the hooks after it and the handler are put back into the caller's.
  app.addHook("onRequest", (request, _reply, done) => {
    request.caller = { key: addressCaller(request.ip) };
    asCaller(request.caller, done);
  });
  app.addHook("preValidation", (request, _reply, done) => asCaller(request.caller, done));

  app.addHook("onRoute", (route) => {
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    }
    if (route.config.grant && route.config.access !== "signedIn") {
      throw new Error(`Route ${String(route.method)} ${route.url} declares a grant but is not signed-in only`);
    }
  });

  app.addHook("onRequest", async (request) => {
    // Every route declares its access (checked above); the not-found handler checks its own.
    if (request.routeOptions.config.access !== "signedIn") return;
    const claims = await sessions.claimsOf(request.headers.authorization);
    // A signed token names its account: from here the request's turns are that account's.
    request.caller.key = employeeCaller(claims.empID);
    const user = await sessions.check(claims);
    request.user = user;
    // An administrator viewing the product as an employee (View as): the call is answered as
    // theirs, and only a read: nothing is ever done as them.
    const viewAs = request.headers[VIEW_AS_HEADER];
    if (viewAs !== undefined && viewed) {
      requireGrant({ kind: "employee", empID: user.empID, permissions: user.permissions }, "administrators");
      if (!readOnly(request)) throw new AppError(403, VIEW_AS_READ_ONLY);
      const target = typeof viewAs === "string" && /^[1-9]\d{0,9}$/.test(viewAs) ? await viewed(Number(viewAs)) : null;
      if (!target)
        throw AppError.badRequest("Only an active employee can be viewed as.", {
          [VIEW_AS_HEADER]: "is not an active employee",
        });
      request.user = { ...user, empID: target.empID, permissions: target.permissions };
    }
    const { grant } = request.routeOptions.config;
    if (grant)
      requireGrant({ kind: "employee", empID: request.user.empID, permissions: request.user.permissions }, grant);
  });

  // An unknown /API/ path is a 404, and a method a known one does not declare a 405 (with
  // Allow), only to a signed-in caller: the route map is not public.
  const refuseUndeclaredMethod = undeclaredMethods(app);
  app.setNotFoundHandler(async (request, reply) => {
    const api = request.url.startsWith("/API/");
    if (api) await authenticate(request.headers.authorization);
    refuseUndeclaredMethod(request, reply);
    throw new AppError(404, api ? ERROR_MESSAGES.apiNotFound : "Not Found");
  });
}

/** The signed-in user of a route whose access is "signedIn". */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.sessionExpired();
  return request.user;
}
