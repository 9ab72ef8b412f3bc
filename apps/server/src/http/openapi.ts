import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import {
  type ErrorBody,
  GRANTS,
  insertSchema,
  RESOURCES,
  type ResourceDef,
  rowJsonSchema,
  updateSchema,
} from "@office/core";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Authenticator } from "../auth/session.js";
import { requireGrant } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import { headerAsWritten } from "./validate.js";

// The API document is made by @fastify/swagger from the routes' own schemas (the zod schemas
// Fastify validates each request part with, and the answers'), turned into JSON Schema by
// fastify-type-provider-zod. What a route's schemas cannot say, the route marks, and the
// document is completed here: the tables' columns, and which table a body or an answer is of.
declare module "fastify" {
  interface FastifySchema {
    /**
     * The body's `fields` are the columns of the table it names: all its required ones on
     * insert, any on update. The document then has one body per table the call serves.
     */
    "x-office-fields"?: "insert" | "update";
    /** The answer's `data` holds rows of the table or view the call names. */
    "x-office-rows"?: true;
    /** The answer (or its `data`) holds rows of this table or view (an operation's `rowsOf`). */
    "x-office-row"?: string;
  }
}

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema (what a client sends: the input side of transforms). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A table's or view's row as the server answers it, the document's component of its name:
 * what the server sets is `readOnly`, a secret `writeOnly` (sent, never answered).
 */
export function resourceSchema(def: ResourceDef): JsonSchema {
  return {
    type: "object",
    "x-office-kind": def.kind,
    "x-office-key": def.key,
    "x-office-access": def.access,
    ...(def.authorWrites ? { "x-office-author-writes": def.authorWrites } : {}),
    // The columns GET /API/Totals/ groups it by (`by`), each with the column naming a group.
    ...(def.totals ? { "x-office-totals": def.totals } : {}),
    properties: Object.fromEntries(
      Object.entries(def.columns).map(([name, column]) => [
        name,
        {
          ...rowJsonSchema(column),
          // What a where compares it with: a number, an amount, a quoted date or text.
          "x-office-type": column.type,
          ...(column.serverOwned ? { readOnly: true, "x-office-server-owned": column.serverOwned } : {}),
          ...(column.generated ? { readOnly: true } : {}),
          ...(column.hidden ? { writeOnly: true } : {}),
        },
      ]),
    ),
  };
}

type Write = "insert" | "update";
const writeSchemas = { insert: insertSchema, update: updateSchema };
/** The component of what an insert's or an update's `fields` may hold for a table. */
const fieldsName = (table: string, mode: Write) => `${table}.${mode}`;

/**
 * What an insert's or an update's `fields` may hold for a table: its write schema as zod
 * renders it (each column's own document, the columns an insert requires, no others), with
 * what the server sets marked `readOnly` (a value sent is replaced) and, on update, what is
 * written once refused.
 */
function fieldsSchema(def: ResourceDef, mode: Write): JsonSchema {
  const schema = jsonSchema(writeSchemas[mode](def));
  const properties = schema.properties as Record<string, JsonSchema>;
  // A table that lets only some of its rows be written names them (the lists one may edit).
  const rows = def.writableRows;
  if (rows && properties[rows.column]) properties[rows.column] = { ...properties[rows.column], enum: rows.values };
  for (const [name, column] of Object.entries(def.columns)) {
    if (!properties[name]) continue;
    if (column.serverOwned) properties[name] = { ...rowJsonSchema(column), readOnly: true };
    else if (mode === "update" && column.insertOnly) properties[name] = { not: {}, description: "written once" };
    if (column.hidden) properties[name] = { ...properties[name], writeOnly: true };
  }
  if (mode === "insert") return schema;
  // An update changes at least one column the server does not set.
  const changed = Object.entries(def.columns).filter(
    ([name, c]) => properties[name] && !c.serverOwned && !c.insertOnly,
  );
  return { ...schema, anyOf: changed.map(([name]) => ({ required: [name] })) };
}

/** One body per table the call serves (its `table` schema's enumeration): its name, and its columns as `fields`. */
function bodiesPerTable(body: JsonSchema, mode: Write): JsonSchema {
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>;
  const tables = (properties.table?.enum ?? []) as string[];
  return {
    oneOf: tables.map((table) => ({
      ...body,
      properties: { ...properties, table: { const: table }, fields: ref(fieldsName(table, mode)) },
    })),
  };
}

/**
 * The description of what an operation refuses with a 400 beyond its schemas: the checks no
 * JSON Schema can express (a where's grammar, a record that does not exist, a business rule).
 * A request its schemas allow gets a 400 for these only (test/api-property.test.ts).
 */
export const beyondTheSchemas = (...checks: string[]) => `Refused with 400 beyond its schemas: ${checks.join("; ")}.`;

/** What every failing call answers (core's ErrorBody). */
const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  path: z.string(),
  params: z.record(z.string(), z.string()).optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
}) satisfies z.ZodType<ErrorBody>;

/** The paths the document lists: the API's, not the web app's. */
const documented = (url: string) => /^\/(API|authenticate)\//.test(url) || url === "/healthz" || url === "/readyz";

/** A header schema's names as they are written ("Idempotency-Key"). */
function headersAsWritten(headers: unknown): unknown {
  if (typeof headers !== "object" || headers === null) return headers;
  const schema = headers as { properties?: JsonSchema; required?: string[] };
  const properties = Object.entries(schema.properties ?? {}).map(([name, s]) => [headerAsWritten(name), s]);
  return {
    ...schema,
    ...(schema.properties ? { properties: Object.fromEntries(properties) } : {}),
    ...(schema.required ? { required: schema.required.map(headerAsWritten) } : {}),
  };
}

/**
 * Each route's schemas as JSON Schema (fastify-type-provider-zod), the route's security from
 * its `config.access`; routes outside the API (the web app) are left out.
 */
const transform: SwaggerTransform = (input) => {
  if (!documented(input.url)) return { schema: { hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform(input);
  const security = input.route.config?.access === "public" ? [] : [{ bearer: [] }];
  // Who may call it, from the field the access hook enforces.
  const grant = input.route.config?.grant;
  const who = grant ? { "x-office-grant": { name: grant, ...GRANTS[grant] } } : {};
  return { schema: { ...schema, headers: headersAsWritten(schema?.headers), security, ...who }, url };
};

type Operation = JsonSchema & {
  parameters?: Array<{ name: string; in: string; schema: { enum?: unknown[] } }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};

/**
 * What the routes' schemas cannot say, added to the document swagger made of them: the tables
 * and views (components named after them), one body per table where a body's `fields` are a
 * table's columns, the rows of the table named in an answer's `data`, and the ErrorBody of
 * every failure.
 */
export function completeDocument(resources: readonly ResourceDef[]): SwaggerTransformObject {
  return (document) => {
    if (!("openapiObject" in document)) throw new Error("The API document is an OpenAPI 3 one.");
    const doc = document.openapiObject;
    const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
    for (const methods of Object.values(paths)) {
      for (const op of Object.values(methods)) {
        const fields = op["x-office-fields"] as Write | undefined;
        const json = op.requestBody?.content["application/json"];
        if (fields && json) json.schema = bodiesPerTable(json.schema, fields);
        const success = op.responses["200"];
        const answer = success?.content?.["application/json"]?.schema as { properties?: { data?: JsonSchema } };
        if (op["x-office-rows"] && answer?.properties?.data) {
          // Rows carry the fields asked for, of the table named (`x-office-rows-of` names the parameter).
          const named = op.parameters?.find((p) => p.name === "table")?.schema.enum ?? [];
          answer.properties.data.items = { anyOf: named.map((name) => ref(String(name))), "x-office-rows-of": "table" };
        }
        const row = op["x-office-row"] as string | undefined;
        const content = success?.content?.["application/json"];
        if (row && content) {
          const rows = answer?.properties?.data as { items?: JsonSchema } | undefined;
          if (rows) rows.items = ref(row);
          else content.schema = ref(row);
        }
        delete op["x-office-fields"];
        delete op["x-office-rows"];
        delete op["x-office-row"];
        if (success?.description === "Default Response") success.description = "Success";
        op.responses.default = {
          description: "On failure, an ErrorBody",
          content: { "application/json": { schema: ref("ErrorBody") } },
        };
      }
    }
    const { $schema: _, ...errorBodySchema } = z.toJSONSchema(errorBody) as JsonSchema;
    return {
      ...doc,
      components: {
        ...doc.components,
        schemas: {
          ...doc.components?.schemas,
          ErrorBody: errorBodySchema,
          ...Object.fromEntries(resources.map((def) => [def.name, resourceSchema(def)])),
          ...Object.fromEntries(
            resources
              .filter((def) => def.kind === "table")
              .flatMap((def) =>
                (["insert", "update"] as const).map((mode) => [fieldsName(def.name, mode), fieldsSchema(def, mode)]),
              ),
          ),
        },
      },
    } as ReturnType<SwaggerTransformObject>;
  };
}

/**
 * @fastify/swagger, collecting every route as it is registered: before the routes. The
 * document is made on its first request (after start-up), then kept.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  resources: readonly ResourceDef[] = [...RESOURCES.values()],
) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Office API",
        version: "1",
        description:
          "The generic data service (Query, Totals, Insert, Update, Delete, ExecuteQuery, Upload) over the resource declarations of packages/core.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    // OpenAPI 3.1 has `const`: a literal stays one (swagger's default writes it as a one-value enum).
    convertConstToEnum: false,
    transform,
    transformObject: completeDocument(resources),
  });
}

interface Document {
  paths: Record<string, Record<string, { summary?: string }>>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(doc: Document): string {
  const calls = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, op]) =>
          `<tr><td>${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? "")}</td></tr>`,
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

// What a browser tab opened at /API/docs gets: it sends no Bearer token, so this page only
// loads the web app's viewer, which fetches the documentation with the signed-in user's token.
const VIEWER_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Office API</title></head><body><main><h1>Office API</h1><p>Loading…</p></main><script src="/webapp/api-docs.js"></script></body></html>';

const openApiAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
const pageAnswer = {
  description: "The documentation as a page, or for a browser tab without a token the viewer that loads it",
  content: { "text/html": { schema: z.string() } },
};

/**
 * GET /API/docs (HTML) and /API/docs/openapi.json, for administrators (page 40). The page is
 * public only as the bare viewer above, for a browser asking for HTML without a token; with a
 * token it is checked like any call, and other callers without one get the usual 401.
 */
export async function openApiRoutes(instance: FastifyInstance, { authenticate }: { authenticate: Authenticator }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ["Documentation"];
  app.get(
    "/API/docs/openapi.json",
    {
      config: { access: "signedIn", grant: "administrators" },
      schema: {
        summary: "The OpenAPI 3.1 document of the API (administrators).",
        tags,
        response: { 200: openApiAnswer },
      },
    },
    async () => app.swagger() as z.output<typeof openApiAnswer>,
  );
  app.get(
    "/API/docs",
    {
      config: { access: "public" },
      schema: {
        summary: "The API documentation as a page (administrators; a tab without a token gets a viewer).",
        tags,
        response: { 200: pageAnswer },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization;
      let body = VIEWER_PAGE;
      if (header || !request.headers.accept?.includes("text/html")) {
        request.user = await authenticate(header);
        requireGrant(actorOf(request), "administrators");
        body = html(app.swagger() as unknown as Document);
      }
      return reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);
    },
  );
}
