import { type Column, PAGES, RESOURCES, type ResourceDef } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { Authenticator } from "../auth/session.js";
import { requireAccess } from "../data/actor.js";
import { actorOf } from "../data/context.js";

interface RouteInfo {
  method: string;
  url: string;
  access: string;
}

const SUMMARIES: Record<string, string> = {
  "POST /API/Authenticate/": "Sign in with {username, password}; answers {token}.",
  "GET /authenticate/refreshtoken": "A new token for the session: {token, expire}.",
  "GET /API/EmployeeInfo/": "The signed-in user: {data: [user]}.",
  "POST /API/Logout/": "Revokes the token on every server.",
  "GET /API/Query/":
    "Rows of a table or view: table, fields, where, order, rowLimit, offset, continue → {data, meta: {TotalRecords}}.",
  "POST /API/Insert/": "Inserts {table, fields}; honours Idempotency-Key → {id}.",
  "PUT /API/Update/": "Updates {table, where, fields} → {status: 'success', count}.",
  "POST /API/Update/": "As PUT /API/Update/.",
  "POST /API/Delete/": "Deletes {table, where} → {id: rows deleted, keys}.",
  "POST /API/ExecuteQuery/": "Runs a named server query {query} → {data}.",
  "GET /API/Permissions/": "The signed-in user's permission rows.",
  "GET /API/AppConfig/": "The installation's settings the web app needs: {timeClockUrl}.",
  "GET /API/Audit/": "The audit trail of a record (administrators).",
  "POST /API/Restore/": "Restores a deleted record from its audit record (administrators).",
  "POST /API/Upload/": "Attaches a file to a record (multipart: table, key, file).",
  "GET /API/Upload/": "The files of a record.",
  "GET /API/Upload/:uploadID": "One file.",
  "GET /healthz": "Liveness.",
  "GET /readyz": "Readiness: 503 while the database is unreachable or the server drains.",
};

function columnSchema(column: Column): Record<string, unknown> {
  const base =
    column.type === "integer"
      ? { type: "integer" }
      : column.type === "text"
        ? { type: "string" }
        : { type: "string", format: "date-time" };
  return column.nullable ? { ...base, type: [base.type, "null"] } : base;
}

function resourceSchema(def: ResourceDef): Record<string, unknown> {
  return {
    type: "object",
    "x-office-kind": def.kind,
    "x-office-key": def.key,
    "x-office-access": def.access,
    properties: Object.fromEntries(
      Object.entries(def.columns).map(([name, column]) => [
        name,
        {
          ...columnSchema(column),
          ...(column.serverOwned ? { readOnly: true, "x-office-server-owned": column.serverOwned } : {}),
          ...(column.generated ? { readOnly: true } : {}),
        },
      ]),
    ),
  };
}

/** The OpenAPI document, made from the registered routes and the resource declarations. */
export function openApiDocument(routes: readonly RouteInfo[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const documented = /^\/(API|authenticate)\//.test(route.url) || route.url === "/healthz" || route.url === "/readyz";
    if (route.method === "HEAD" || !documented) continue;
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = {
      summary: SUMMARIES[`${route.method} ${route.url}`] ?? "",
      security: route.access === "public" ? [] : [{ bearer: [] }],
      responses: {
        default: {
          description: "On failure, an ErrorBody",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Office API",
      version: "1",
      description: "The data service of spec section 7 over the resource declarations of packages/core.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        ErrorBody: {
          type: "object",
          required: ["statusCode", "error", "message", "path"],
          properties: {
            statusCode: { type: "integer" },
            error: { type: "string" },
            message: { type: "string" },
            path: { type: "string" },
            params: { type: "object", additionalProperties: { type: "string" } },
            fieldErrors: { type: "object", additionalProperties: { type: "string" } },
            requestId: { type: "string" },
          },
        },
        ...Object.fromEntries([...RESOURCES.values()].map((def) => [def.name, resourceSchema(def)])),
      },
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(doc: ReturnType<typeof openApiDocument>): string {
  const calls = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, op]) =>
          `<tr><td>${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml((op as { summary: string }).summary)}</td></tr>`,
      ),
    )
    .join("");
  const resources = [...RESOURCES.values()]
    .map(
      (def) =>
        `<h3 id="${escapeHtml(def.name)}">${escapeHtml(def.name)} <small>(${def.kind}, key ${escapeHtml(def.key)})</small></h3><p>access: ${escapeHtml(JSON.stringify(def.access))}</p><ul>${Object.entries(
          def.columns,
        )
          .map(
            ([name, c]) =>
              `<li><code>${escapeHtml(name)}</code> ${c.type}${c.nullable ? ", nullable" : ""}${c.serverOwned ? `, set by the server (${c.serverOwned})` : ""}${c.searchable ? ", searchable" : ""}</li>`,
          )
          .join("")}</ul>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Office API</title></head><body><main><h1>Office API</h1><p><a href="/API/docs/openapi.json">OpenAPI document</a></p><h2>Calls</h2><table><thead><tr><th>Method</th><th>Path</th><th>What</th></tr></thead><tbody>${calls}</tbody></table><h2>Tables and views</h2>${resources}</main></body></html>`;
}

/** Records every route as it is registered, for the document. */
export function collectRoutes(app: FastifyInstance): RouteInfo[] {
  const routes: RouteInfo[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, access: String(route.config?.access) });
  });
  return routes;
}

// What a browser tab opened at /API/docs gets: it sends no Bearer token, so this page only
// loads the web app's viewer, which fetches the documentation with the signed-in user's token.
const VIEWER_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Office API</title></head><body><main><h1>Office API</h1><p>Loading…</p></main><script src="/webapp/api-docs.js"></script></body></html>';

/**
 * GET /API/docs (HTML) and /API/docs/openapi.json, for administrators (page 40). The page is
 * public only as the bare viewer above, for a browser asking for HTML without a token; with a
 * token it is checked like any call, and other callers without one get the usual 401.
 */
export async function openApiRoutes(
  app: FastifyInstance,
  { routes, authenticate }: { routes: readonly RouteInfo[]; authenticate: Authenticator },
) {
  app.get("/API/docs/openapi.json", { config: { access: "signedIn" } }, async (request) => {
    requireAccess(actorOf(request), PAGES.administrator, "view", "the API documentation");
    return openApiDocument(routes);
  });
  app.get("/API/docs", { config: { access: "public" } }, async (request, reply) => {
    const header = request.headers.authorization;
    let page = VIEWER_PAGE;
    if (header || !request.headers.accept?.includes("text/html")) {
      request.user = await authenticate(header);
      requireAccess(actorOf(request), PAGES.administrator, "view", "the API documentation");
      page = html(openApiDocument(routes));
    }
    return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(page);
  });
}
