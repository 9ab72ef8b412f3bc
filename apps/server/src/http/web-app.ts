import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import fastifyStatic from "@fastify/static";
import { deviceCookie, deviceCookieValue, deviceFromUserAgent } from "@office/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";

const BASE = "/webapp/";

/** A source map: the app's TypeScript source, whose files the build writes beside its bundles. */
const isSourceMap = (path: string) => path.endsWith(".map");
/** The build's compressed copies (compress-assets.ts): sent in place of their file, never by their own name. */
const isCompressedCopy = (path: string) => path.endsWith(".br") || path.endsWith(".gz");

/**
 * Serves the built web app under /webapp/ with history routing: a path that is a file of the
 * build is that file; any other path is index.html, so every deep link works on reload. Only
 * files listed at start-up are ever served, which rules out path traversal by construction.
 * Source maps are served to signed-in callers only (docs/decisions.md). Text files go compressed,
 * as the build wrote them (brotli, else gzip, else as they are).
 */
export async function webAppRoutes(app: FastifyInstance, { root }: { root: string }) {
  const built = existsSync(join(root, "index.html"));
  const listed = built ? listFiles(root) : [];
  const files = new Set(listed.filter((path) => !isSourceMap(path) && !isCompressedCopy(path)));
  const maps = new Set(listed.filter(isSourceMap));
  // Caching is set here per file kind; the plugin's own max-age=0 would override it. A file's
  // brotli or gzip copy is sent to a browser that accepts it (with Vary: Accept-Encoding).
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });

  app.get("/", { config: { access: "public" } }, (_request, reply) => reply.redirect(BASE, 302));
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) throw AppError.unavailable("The web app is not built: run `npm run build`.");
    reply.header("cache-control", "no-cache");
    reply.header("vary", "accept-encoding");
    // The layout cookie (docs/product-rules.md#shell), from the user agent the first time; the user may switch it.
    if (deviceCookieValue(request.headers.cookie ?? "") === undefined) {
      reply.header("set-cookie", deviceCookie(deviceFromUserAgent(request.headers["user-agent"])));
    }
    return reply.sendFile("index.html");
  };
  // The build names no map in its bundles (vite.config.ts: "hidden"), so no browser asks for
  // one; a signed-in developer fetches one with the token. Anyone else gets the same 401 for
  // every map, there or not.
  app.get(`${BASE}assets/:map(^.+\\.map$)`, { config: { access: "signedIn" } }, (request, reply) => {
    const path = `assets/${(request.params as { map: string }).map}`;
    if (!maps.has(path)) throw new AppError(404, "Not Found");
    reply.header("cache-control", "private, no-store");
    return reply.sendFile(path);
  });
  // With trailing slashes ignored this route is both /webapp and /webapp/.
  app.get("/webapp", { config: { access: "public" } }, (request, reply) => sendIndex(request, reply));
  app.get(`${BASE}*`, { config: { access: "public" } }, (request, reply) => {
    const path = (request.params as { "*": string })["*"];
    if (built && files.has(path) && path !== "index.html") {
      const hashed = path.startsWith("assets/");
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=300");
      // The plugin picks a compressed copy by Accept-Encoding, and says nothing of it to caches.
      reply.header("vary", "accept-encoding");
      return reply.sendFile(path);
    }
    if (path.startsWith("assets/")) throw new AppError(404, "Not Found");
    return sendIndex(request, reply);
  });
}

/**
 * The Content-Security-Policy sources of index.html's inline scripts (the boot shell's, which
 * must run before any file arrives): each by its hash, so no other inline script may run.
 */
export function inlineScriptSources(root: string): string[] {
  const index = join(root, "index.html");
  if (!existsSync(index)) return [];
  const scripts = readFileSync(index, "utf8").matchAll(/<script>([\s\S]*?)<\/script>/g);
  return Array.from(scripts, ([, body = ""]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`);
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split("\\").join("/"));
}
