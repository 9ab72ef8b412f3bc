import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import FindMyWay from "find-my-way";
import { AppError } from "./app-error.js";

type Method = FindMyWay.HTTPMethod;

/**
 * The 405 of a known path called with a method it does not declare (`DELETE /API/Query/`,
 * `POST /healthz`), with the `Allow` header that names those it does (RFC 9110 15.5.6): Fastify
 * answers such a request as an unknown path. The routes are collected as they are added and
 * matched by find-my-way, Fastify's own router, with the app's options, so a path matches the
 * same pattern here as there (a parameter, a wildcard, a trailing slash). Call it before any
 * route is added; the not-found handler calls what it answers.
 */
export function undeclaredMethods(app: FastifyInstance) {
  const { routerOptions = {}, caseSensitive } = app.initialConfig;
  const router = FindMyWay({
    caseSensitive,
    ignoreTrailingSlash: routerOptions.ignoreTrailingSlash,
    ignoreDuplicateSlashes: routerOptions.ignoreDuplicateSlashes,
    maxParamLength: routerOptions.maxParamLength,
  });
  const declared = new Set<Method>();
  // Fastify adds the HEAD of each GET as a route of its own, so it is collected here too; a
  // path takes each method once here, whatever declares it twice.
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat() as Method[]) {
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, () => undefined);
      declared.add(method);
    }
  });

  /** The methods declared for a concrete path, in alphabetical order; none for an unknown one. */
  const allowedFor = (url: string): Method[] => {
    const path = url.split("?")[0] ?? url;
    return [...declared].filter((method) => router.find(method, path) !== null).sort();
  };

  /** Throws the 405 of a request whose path other methods are declared for; returns otherwise. */
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const allowed = allowedFor(request.url);
    if (allowed.length === 0) return;
    const allow = allowed.join(", ");
    reply.header("allow", allow);
    throw new AppError(405, `This path takes ${allow}, not ${request.method}.`);
  };
}
