import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import fastifyStatic from "@fastify/static";
import { deviceCookie, deviceCookieValue, deviceFromUserAgent } from "@office/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";

const BASE = "/webapp/";

/**
 * Serves the built web app under /webapp/ with history routing: a path that is a file of the
 * build is that file; any other path is index.html, so every deep link works on reload. Only
 * files listed at start-up are ever served, which rules out path traversal by construction.
 */
export async function webAppRoutes(app: FastifyInstance, { root }: { root: string }) {
  const built = existsSync(join(root, "index.html"));
  const files = new Set(built ? listFiles(root) : []);
  // Caching is set here per file kind; the plugin's own max-age=0 would override it.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });

  app.get("/", { config: { access: "public" } }, (_request, reply) => reply.redirect(BASE, 302));
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) throw AppError.unavailable("The web app is not built: run `npm run build`.");
    reply.header("cache-control", "no-cache");
    // The layout cookie (docs/product-rules.md#shell), from the user agent the first time; the user may switch it.
    if (deviceCookieValue(request.headers.cookie ?? "") === undefined) {
      reply.header("set-cookie", deviceCookie(deviceFromUserAgent(request.headers["user-agent"])));
    }
    return reply.sendFile("index.html");
  };
  // With trailing slashes ignored this route is both /webapp and /webapp/.
  app.get("/webapp", { config: { access: "public" } }, (request, reply) => sendIndex(request, reply));
  app.get(`${BASE}*`, { config: { access: "public" } }, (request, reply) => {
    const path = (request.params as { "*": string })["*"];
    if (built && files.has(path) && path !== "index.html") {
      const hashed = path.startsWith("assets/");
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=300");
      return reply.sendFile(path);
    }
    if (path.startsWith("assets/")) throw new AppError(404, "Not Found");
    return sendIndex(request, reply);
  });
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split("\\").join("/"));
}
