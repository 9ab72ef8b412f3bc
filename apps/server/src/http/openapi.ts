import { type Column, insertSchema, PAGES, RESOURCES, type ResourceDef } from "@office/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Authenticator } from "../auth/session.js";
import { requireAccess } from "../data/actor.js";
import { actorOf } from "../data/context.js";

/**
 * What a route tells the API documentation, beside the zod schemas its handler validates
 * with and answers: the document is made from these, so it says what the code checks.
 */
export interface RouteDocs {
  summary: string;
  /** The query string (each property a parameter). */
  query?: z.ZodType;
  /** The path parameters. */
  params?: z.ZodType;
  /** Headers besides Authorization (each property a parameter). */
  headers?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body: its fields, the file among them. */
  multipart?: z.ZodType;
  /**
   * The body's `fields` are the columns of the table it names: all its required ones on
   * insert, any on update. The document then has one body per writable table.
   */
  fields?: "insert" | "update";
  /** The JSON answer on success. */
  response?: z.ZodType;
  /** The answer's `data` holds rows of the table or view the call names. */
  rows?: true;
  /** The answer on success is a file, not JSON. */
  file?: true;
  /** The answer on success is a stream of server-sent events. */
  stream?: true;
}

/** The options of a route for signed-in callers, with its documentation. */
export const signedIn = (docs: RouteDocs) => ({ config: { access: "signedIn" as const, docs } });

declare module "fastify" {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

interface RouteInfo {
  method: string;
  url: string;
  access: string;
  docs?: RouteDocs;
}

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema (what a client sends: the input side of transforms). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** Each property of an object schema as an OpenAPI parameter. */
function parameters(schema: z.ZodType | undefined, where: "query" | "path" | "header"): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema);
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function columnSchema(column: Column): JsonSchema {
  const type = column.type === "integer" ? "integer" : "string";
  const schema: JsonSchema = { type: column.nullable ? [type, "null"] : type };
  if (column.type === "timestamp") schema.format = "date-time";
  // The value limits the column's zod schema checks: an enumeration (or a union of
  // constants, as a flag's 0 | 1), a number's range (zod's own safe-integer bounds say nothing).
  const checked = jsonSchema(column.schema);
  const options = ((checked.anyOf as JsonSchema[] | undefined) ?? [checked]).filter((s) => s.type !== "null");
  const constants = options.length > 0 && options.every((s) => "const" in s) ? options.map((s) => s.const) : undefined;
  // A lookup list's column accepts its values only (its zod check is a custom one JSON Schema cannot say).
  const choices = column.field?.kind === "choice" ? column.field.options.map((o) => o.value) : undefined;
  const values =
    choices ?? (options.length === 1 ? (options[0]?.enum as unknown[] | undefined) : undefined) ?? constants;
  if (values) schema.enum = column.nullable ? [...values, null] : values;
  for (const key of ["minimum", "maximum"]) {
    const bound = options.length === 1 ? options[0]?.[key] : undefined;
    if (typeof bound === "number" && Math.abs(bound) !== Number.MAX_SAFE_INTEGER) schema[key] = bound;
  }
  for (const rule of column.rules ?? []) {
    if (typeof rule === "object" && "max" in rule && column.type === "text") schema.maxLength = rule.max;
  }
  return schema;
}

/**
 * A table's or view's columns. One schema serves both ways: what the server sets is
 * `readOnly` (never sent), a secret is `writeOnly` (never answered).
 */
function resourceSchema(def: ResourceDef): JsonSchema {
  return {
    type: "object",
    "x-office-kind": def.kind,
    "x-office-key": def.key,
    "x-office-access": def.access,
    ...(def.authorWrites ? { "x-office-author-writes": def.authorWrites } : {}),
    properties: Object.fromEntries(
      Object.entries(def.columns).map(([name, column]) => [
        name,
        {
          ...columnSchema(column),
          ...(column.serverOwned ? { readOnly: true, "x-office-server-owned": column.serverOwned } : {}),
          ...(column.generated ? { readOnly: true } : {}),
          ...(column.hidden ? { writeOnly: true } : {}),
        },
      ]),
    ),
  };
}

/** One body per writable table: its name, and its columns as `fields`. */
function bodiesPerTable(body: JsonSchema, mode: "insert" | "update", resources: Iterable<ResourceDef>): JsonSchema {
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>;
  return {
    oneOf: [...resources]
      .filter((def) => def.kind === "table")
      .map((def) => {
        const required = mode === "insert" ? ((jsonSchema(insertSchema(def)).required as string[]) ?? []) : [];
        const fields =
          mode === "insert"
            ? { ...ref(def.name), ...(required.length ? { required } : {}) }
            : { ...ref(def.name), minProperties: 1 };
        return { ...body, properties: { ...properties, table: { const: def.name }, fields } };
      }),
  };
}

function operation(route: RouteInfo, resources: readonly ResourceDef[]): JsonSchema {
  const docs = route.docs;
  const op: JsonSchema = {
    summary: docs?.summary ?? "",
    security: route.access === "public" ? [] : [{ bearer: [] }],
  };
  const params = [
    ...parameters(docs?.params, "path"),
    ...parameters(docs?.query, "query"),
    ...parameters(docs?.headers, "header"),
  ];
  if (params.length) op.parameters = params;
  if (docs?.body) {
    const body = jsonSchema(docs.body);
    const schema = docs.fields ? bodiesPerTable(body, docs.fields, resources) : body;
    op.requestBody = { required: true, content: { "application/json": { schema } } };
  } else if (docs?.multipart) {
    op.requestBody = { required: true, content: { "multipart/form-data": { schema: jsonSchema(docs.multipart) } } };
  }
  let success: JsonSchema = { description: "Success" };
  if (docs?.response) {
    const schema = jsonSchema(docs.response);
    if (docs.rows) {
      // Rows carry the fields asked for, of the table named: one of the resources' schemas.
      const data = (schema.properties as Record<string, JsonSchema>).data as JsonSchema;
      data.items = { anyOf: resources.map((def) => ref(def.name)) };
    }
    success = { description: "Success", content: { "application/json": { schema } } };
  } else if (docs?.stream) {
    success = {
      description: "Server-sent events, until the client or the server ends the stream",
      content: { "text/event-stream": { schema: { type: "string" } } },
    };
  } else if (docs?.file) {
    success = {
      description: "The file, as an attachment",
      content: {
        "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
      },
    };
  }
  op.responses = {
    "200": success,
    default: {
      description: "On failure, an ErrorBody",
      content: { "application/json": { schema: ref("ErrorBody") } },
    },
  };
  return op;
}

/** The OpenAPI document, made from the registered routes and the resource declarations. */
export function openApiDocument(
  routes: readonly RouteInfo[],
  resources: readonly ResourceDef[] = [...RESOURCES.values()],
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const documented = /^\/(API|authenticate)\//.test(route.url) || route.url === "/healthz" || route.url === "/readyz";
    if (route.method === "HEAD" || !documented) continue;
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route, resources);
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
        ...Object.fromEntries(resources.map((def) => [def.name, resourceSchema(def)])),
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
              `<li><code>${escapeHtml(name)}</code> ${c.type}${c.nullable ? ", nullable" : ""}${c.serverOwned ? `, set by the server (${c.serverOwned})` : ""}${c.searchable ? ", searchable" : ""}${c.hidden ? ", secret (written, never answered)" : ""}</li>`,
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
      routes.push({ method, url: route.url, access: String(route.config?.access), docs: route.config?.docs });
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
  const docs = { summary: "The OpenAPI 3.1 document of the API (administrators)." };
  app.get("/API/docs/openapi.json", { config: { access: "signedIn", docs } }, async (request) => {
    requireAccess(actorOf(request), PAGES.administrator, "view", "the API documentation");
    return openApiDocument(routes);
  });
  const page = { summary: "The API documentation as a page (administrators; a tab without a token gets a viewer)." };
  app.get("/API/docs", { config: { access: "public", docs: page } }, async (request, reply) => {
    const header = request.headers.authorization;
    let body = VIEWER_PAGE;
    if (header || !request.headers.accept?.includes("text/html")) {
      request.user = await authenticate(header);
      requireAccess(actorOf(request), PAGES.administrator, "view", "the API documentation");
      body = html(openApiDocument(routes));
    }
    return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);
  });
}
