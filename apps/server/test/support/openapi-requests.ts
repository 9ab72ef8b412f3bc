import { INT4, printOrder, printWhere, type Value, type Where } from "@office/core";
import fc from "fast-check";
import { z } from "zod";
import { form } from "./multipart.js";

/*
 * Requests made from the API document alone, as a client or a fuzzer reading it would make them:
 * each operation's parameters and body from their JSON Schemas (OpenAPI 3.1: JSON Schema 2020-12),
 * valid ones and near-valid ones (one part changed to what the document refuses), and the
 * answers checked against the schemas the document declares for them.
 */

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  in: "query" | "path" | "header";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Content {
  schema: JsonSchema;
}

export interface Operation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Content> };
  responses: Record<string, { content?: Record<string, Content> }>;
}

export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** A request as app.inject takes it. */
export interface ApiRequest {
  method: string;
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What it was made of, for the report of a failure. */
  sent: Parts;
}

/** A request's parts before they are written: each parameter's text, the body's value. */
interface Parts {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  /** A multipart body's file, after its fields (`body`). */
  file?: { name: string; content: Buffer };
}

interface Context {
  doc: ApiDocument;
  /** The table or view the request names (its `table`): what a where, an order or fields are over. */
  table?: string;
}

/** A schema with its `$ref` resolved, the referring schema's own keywords over the component's. */
function resolved(schema: JsonSchema, doc: ApiDocument): JsonSchema {
  if (typeof schema.$ref !== "string") return schema;
  const { $ref, ...rest } = schema;
  const name = $ref.replace("#/components/schemas/", "");
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`the document has no component ${name}`);
  return { ...resolved(target, doc), ...rest };
}

const typesOf = (schema: JsonSchema) => ([] as unknown[]).concat(schema.type ?? []);

// Mostly printable ASCII; now and then any character of the Basic Multilingual Plane or beyond
// (a code point that is two UTF-16 units, which JSON Schema counts as one), or NUL.
const character = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }).map((c) => String.fromCodePoint(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x1_0000, max: 0x10_ffff }).map((c) => String.fromCodePoint(c)) },
  { weight: 1, arbitrary: fc.constant("\u0000") },
);

const codePoints = (text: string) => [...text].length;

/** A moment as RFC 3339 writes it, any year from 1 to 9999, with an offset or Z. */
const dateTimeText = fc
  .record({
    at: fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }),
    offset: fc.constantFrom("Z", "+00:00", "-05:00", "+09:30"),
  })
  .map(({ at, offset }) => at.toISOString().replace("Z", offset));

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
  const fits = (text: string) => codePoints(text) >= min && codePoints(text) <= max;
  if (schema.format === "date-time") return dateTimeText.filter(fits);
  if (schema.format === "date") return dateTimeText.map((text) => text.slice(0, 10));
  if (schema.format === "uuid") return fc.uuid();
  if (typeof schema.pattern === "string") {
    return fc.stringMatching(new RegExp(schema.pattern, "u"), { maxLength: Math.min(max, 40) }).filter(fits);
  }
  const short = fc.string({ unit: character, minLength: min, maxLength: Math.min(max, min + 24) });
  // Blank texts and the longest the document allows, now and then: where server and document part.
  const blank = fc.string({
    unit: fc.constantFrom(" ", "\t", "\n"),
    minLength: Math.max(min, 1),
    maxLength: Math.max(min, 3),
  });
  const edges = max >= Math.max(min, 1) ? [blank] : [];
  if (max <= 20_000) edges.push(fc.string({ unit: character, minLength: max, maxLength: max }));
  return fc.oneof({ weight: 6, arbitrary: short }, ...edges);
}

function bounds(schema: JsonSchema): [number, number] {
  const at = (key: string) => schema[key] as number | undefined;
  const exclusiveMin = at("exclusiveMinimum");
  const exclusiveMax = at("exclusiveMaximum");
  const min = at("minimum") ?? (exclusiveMin === undefined ? Number.MIN_SAFE_INTEGER : Math.floor(exclusiveMin) + 1);
  const max = at("maximum") ?? (exclusiveMax === undefined ? Number.MAX_SAFE_INTEGER : Math.ceil(exclusiveMax) - 1);
  return [min, max];
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const [min, max] = bounds(schema);
  // fast-check's integers are 32-bit; the bounds themselves are tried as they are.
  const any = fc.integer({ min: Math.max(min, INT4.min), max: Math.min(max, INT4.max) });
  // The seeded rows' keys are small: a path's or a body's id then names a record that exists.
  const low = Math.min(Math.max(1, min), max);
  const small = fc.integer({ min: low, max: Math.min(max, low + 60) });
  return fc.oneof({ weight: 4, arbitrary: any }, { weight: 4, arbitrary: small }, fc.constantFrom(min, max));
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const [min, max] = bounds(schema);
  const step = schema.multipleOf as number | undefined;
  if (step === undefined) return fc.oneof(integerOf(schema), fc.double({ min, max, noNaN: true }));
  // Multiples of a step as a client would write them: whole steps, divided (0.07, not 7 * 0.01).
  const per = Math.round(1 / step);
  return fc
    .integer({ min: Math.ceil(min * per), max: Math.min(Math.floor(max * per), INT4.max) })
    .map((steps) => steps / per);
}

const isNever = (schema: JsonSchema) =>
  typeof schema.not === "object" && schema.not !== null && Object.keys(schema.not).length === 0;

function objectOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const rest = (table: string | undefined) => {
    const inner = { ...ctx, table: table ?? ctx.table };
    // What the server sets is never sent (readOnly), nor what may not be (`not: {}`).
    const sent = Object.entries(properties).filter(([name, s]) => {
      const property = resolved(s, ctx.doc);
      return name !== "table" && (required.has(name) || !(property.readOnly || isNever(property)));
    });
    const model = Object.fromEntries(sent.map(([name, s]) => [name, arbitraryOf(s, inner)]));
    return fc.record(model, { requiredKeys: sent.map(([name]) => name).filter((name) => required.has(name)) });
  };
  // A `table` comes first: the where, order and fields beside it are over its columns.
  if (!properties.table) return rest(undefined);
  return arbitraryOf(properties.table, ctx).chain((table) =>
    rest(table as string).map((value) => ({ table, ...value }) as Record<string, unknown>),
  );
}

/** Whether a value is of a schema's type and pattern (all that the document's `not` and `allOf` hold). */
function isOf(schema: JsonSchema, value: unknown): boolean {
  const types = typesOf(schema);
  const type = value === null ? "null" : Number.isInteger(value) ? "integer" : typeof value;
  if (types.length > 0 && !types.includes(type) && !(type === "integer" && types.includes("number"))) return false;
  return typeof schema.pattern !== "string" || typeof value !== "string" || new RegExp(schema.pattern, "u").test(value);
}

/** Values of a schema: what the document allows. */
export function arbitraryOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  const { not, allOf, ...s } = resolved(schema, ctx.doc);
  if (not && typeof not === "object") return arbitraryOf(s, ctx).filter((value) => !isOf(not as JsonSchema, value));
  // Made of the first, kept where the others hold too (their patterns: what zod writes there).
  if (Array.isArray(allOf)) {
    const [first, ...others] = allOf as JsonSchema[];
    return arbitraryOf({ ...s, ...first }, ctx).filter((value) => others.every((other) => isOf(other, value)));
  }
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const { anyOf: _, oneOf: __, ...rest } = s;
    return fc.oneof(...branches.map((branch) => arbitraryOf({ ...rest, ...branch }, ctx)));
  }
  const language = s["x-office-language"];
  if (typeof language === "string") return sentence(language, ctx);
  const types = typesOf(s) as string[];
  if (types.length === 0) return fc.jsonValue();
  return fc.oneof(...types.map((type) => typed(type, s, ctx)));
}

function typed(type: string, schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return integerOf(schema);
    case "number":
      return numberOf(schema);
    case "string":
      return stringOf(schema);
    case "array": {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 4, 4));
      return fc.array(arbitraryOf((schema.items ?? {}) as JsonSchema, ctx), { minLength, maxLength });
    }
    case "object":
      return objectOf(schema, ctx);
    default:
      throw new Error(`a schema of type ${type}`);
  }
}

/*
 * The where language's texts (a where, an order, a field list) over the columns of the table
 * named beside them: the document marks them `x-office-language`, its grammar being the one
 * rule of these calls no JSON Schema says. A fuzzer that ignores the mark gets the 400s the
 * operation's description lists; this one writes texts of the grammar, to reach what lies behind.
 */
function columnsOf(ctx: Context): Array<[string, JsonSchema]> {
  const table = ctx.table ? ctx.doc.components.schemas[ctx.table] : undefined;
  if (!table) throw new Error("a text of the where language without a table beside it");
  const properties = Object.entries((table.properties ?? {}) as Record<string, JsonSchema>);
  return properties.filter(([, schema]) => !schema.writeOnly);
}

function sentence(language: string, ctx: Context): fc.Arbitrary<string> {
  const columns = columnsOf(ctx);
  const names = columns.map(([name]) => name);
  const direction = fc.constantFrom("ASC" as const, "DESC" as const);
  switch (language) {
    case "fields":
      return fc.oneof(
        fc.constant("*"),
        fc.subarray(names, { minLength: 1, maxLength: Math.min(4, names.length) }).map((n) => n.join(", ")),
      );
    case "order":
      return fc
        .subarray(names, { maxLength: Math.min(3, names.length) })
        .chain((picked) => fc.tuple(...picked.map((column) => direction.map((d) => ({ column, direction: d })))))
        .map((items) => printOrder(items));
    case "where":
      return whereOf(columns, ctx).map(printWhere);
    default:
      throw new Error(`the language ${language}`);
  }
}

/** A value a where compares a column with: of the column's type (`x-office-type`), as the grammar writes it. */
function literalOf(schema: JsonSchema): fc.Arbitrary<Value> {
  const number = (n: number | string): Value => ({ kind: "number", text: String(n) });
  switch (schema["x-office-type"]) {
    case "integer":
      // Keys and references of the seeded rows are small numbers.
      return fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: INT4.min, max: INT4.max })).map(number);
    case "money":
      return fc.integer({ min: 0, max: 999_999 }).map((cents) => number((cents / 100).toFixed(2)));
    case "timestamp":
      return fc
        .date({ min: new Date("1990-01-01"), max: new Date("2040-12-31"), noInvalidDate: true })
        .map((at) => ({ kind: "string", value: at.toISOString().slice(0, 10) }));
    default: {
      const choices = ((schema.enum ?? []) as unknown[]).filter((v): v is string => typeof v === "string");
      const text = choices.length > 0 ? fc.constantFrom(...choices) : fc.string({ unit: character, maxLength: 12 });
      return text.map((value) => ({ kind: "string", value }));
    }
  }
}

function predicateOf([column, schema]: [string, JsonSchema]): fc.Arbitrary<Where> {
  const value = literalOf(schema);
  const of = <T extends Where["type"]>(type: T) => ({ type: fc.constant(type), column: fc.constant(column) });
  const options: fc.Arbitrary<Where>[] = [
    fc.record({
      ...of("compare"),
      op: fc.constantFrom("=" as const, "<>" as const, "<" as const, ">=" as const),
      value,
    }),
    fc.record({ ...of("null"), negated: fc.boolean() }),
    fc.record({ ...of("in"), negated: fc.boolean(), values: fc.array(value, { minLength: 1, maxLength: 3 }) }),
    fc.record({ ...of("between"), low: value, high: value }),
  ];
  if (schema["x-office-type"] === "text") {
    const pattern = fc.string({ unit: character, maxLength: 8 }).map((term) => `%${term.replace(/[%_\\]/g, "")}%`);
    options.push(fc.record({ ...of("like"), negated: fc.boolean(), pattern }));
  }
  return fc.oneof(...options);
}

function whereOf(columns: Array<[string, JsonSchema]>, ctx: Context): fc.Arbitrary<Where> {
  const table = ctx.table ? ctx.doc.components.schemas[ctx.table] : undefined;
  const key = columns.find(([name]) => name === table?.["x-office-key"]);
  const predicate = fc.constantFrom(...columns).chain(predicateOf);
  // A row's key, most often: the where of an update or a delete that finds one.
  const byKey = key
    ? fc.integer({ min: 1, max: 60 }).map(
        (n): Where => ({
          type: "compare",
          column: key[0],
          op: "=",
          value: { kind: "number", text: String(n) },
        }),
      )
    : predicate;
  const { tree } = fc.letrec<{ tree: Where }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      byKey,
      predicate,
      fc.record({
        type: fc.constantFrom("and" as const, "or" as const),
        items: fc.array(tie("tree"), { minLength: 2, maxLength: 3 }),
      }),
      fc.record({ type: fc.constant("not" as const), item: tie("tree") }),
    ),
  }));
  return tree;
}

/** The parameters of one place (query, path, headers), as the request sends them: text. */
function parametersOf(parameters: Parameter[], ctx: Context): fc.Arbitrary<Record<string, string>> {
  const model = Object.fromEntries(parameters.map((p) => [p.name, arbitraryOf(p.schema, ctx).map(asText)]));
  return fc.record(model, { requiredKeys: parameters.filter((p) => p.required).map((p) => p.name) });
}

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** A file of one of the types the server takes, or of none: the names and contents a client sends. */
const fileOf = (schema: JsonSchema) =>
  fc.record({
    name: fc.constantFrom("receipt.pdf", "photo.png", "scan.jpg", "notes.txt", "tool.exe", "noextension"),
    content: fc
      .uint8Array({ minLength: (schema.minLength as number | undefined) ?? 0, maxLength: 64 })
      .map((bytes) => Buffer.from(bytes)),
  });

/** The body an operation takes as its first content type: a JSON value, or a form's fields and file. */
function bodyOf(op: Operation, ctx: Context): fc.Arbitrary<Pick<Parts, "body" | "file">> {
  const content = op.requestBody?.content ?? {};
  const json = content["application/json"];
  if (json) return arbitraryOf(json.schema, ctx).map((body) => ({ body }));
  const multipart = content["multipart/form-data"];
  if (!multipart) return fc.constant({});
  const { file, ...fields } = (resolved(multipart.schema, ctx.doc).properties ?? {}) as Record<string, JsonSchema>;
  const text = objectOf({ ...multipart.schema, properties: fields, required: Object.keys(fields) }, ctx);
  return fc.record({ body: text, file: fileOf(file ?? {}) });
}

const placed = (op: Operation, place: Parameter["in"]) => (op.parameters ?? []).filter((p) => p.in === place);

/** The parts of requests the document allows for an operation. */
function partsOf(doc: ApiDocument, op: Operation): fc.Arbitrary<Parts> {
  const table = placed(op, "query").find((p) => p.name === "table");
  const tables = table ? (arbitraryOf(table.schema, { doc }) as fc.Arbitrary<string>) : fc.constant(undefined);
  return tables.chain((name) => {
    const ctx: Context = { doc, table: name };
    const query = placed(op, "query").filter((p) => p !== table);
    return fc
      .record({
        path: parametersOf(placed(op, "path"), ctx),
        query: parametersOf(query, ctx).map((q) => (name === undefined ? q : { table: name, ...q })),
        headers: parametersOf(placed(op, "header"), ctx),
        body: bodyOf(op, ctx),
      })
      .map(({ body, ...rest }) => ({ ...rest, ...body }));
  });
}

/*
 * Near-valid: one part of a valid request changed to what the document refuses, wherever it
 * is: a parameter or a value anywhere in the body (a table's fields too) made one past a limit,
 * of another type, null or unknown; a required one left out; a property no schema names.
 */
const REFUSED: unknown[] = [
  null,
  "",
  " ",
  "x".repeat(20_001),
  "\u0000",
  "2026-02-30",
  -1,
  0,
  1.5,
  2_147_483_648,
  9_007_199_254_740_992,
  true,
  [],
  {},
  { nested: { deeper: [1] } },
];
const refused = fc.constantFrom(...REFUSED);

/** The places a body's values are at: every key of every object and array in it. */
function pathsOf(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== "object" || value === null) return [];
  const keys: Array<string | number> = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [[...at, key], ...pathsOf((value as Record<string, unknown>)[key], [...at, key])]);
}

/** The value with the one at `path` replaced (`undefined`: left out). */
function replaced(value: unknown, path: Array<string | number>, by: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && by === undefined) delete copy[key];
  else copy[key] = replaced(copy[key], rest, by);
  return copy;
}

function nearBody(body: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(body);
  const objects = [[], ...paths].filter((path) => {
    const at = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], body);
    return typeof at === "object" && at !== null && !Array.isArray(at);
  });
  const options: fc.Arbitrary<unknown>[] = [refused];
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    options.push(fc.tuple(path, refused).map(([p, by]) => replaced(body, p, by)));
    options.push(path.map((p) => replaced(body, p, undefined)));
  }
  if (objects.length > 0) {
    options.push(fc.constantFrom(...objects).map((p) => replaced(body, [...p, "notInTheDocument"], 1)));
  }
  return fc.oneof(...options);
}

function nearParameters(params: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(params);
  const text = refused.map(asText);
  const options: fc.Arbitrary<Record<string, string>>[] = [fc.constant({ ...params, notInTheDocument: "1" })];
  if (names.length > 0) {
    const name = fc.constantFrom(...names);
    options.push(fc.tuple(name, text).map(([n, by]) => ({ ...params, [n]: by })));
    options.push(name.map((n) => Object.fromEntries(Object.entries(params).filter(([key]) => key !== n))));
  }
  return fc.oneof(...options);
}

/** The parts of a valid request with one of them changed to what the document refuses. */
function nearPartsOf(doc: ApiDocument, op: Operation): fc.Arbitrary<Parts> {
  return partsOf(doc, op).chain((parts) => {
    const options: fc.Arbitrary<Parts>[] = [
      nearParameters(parts.query).map((query) => ({ ...parts, query })),
      nearParameters(parts.headers).map((headers) => ({ ...parts, headers })),
    ];
    if (Object.keys(parts.path).length > 0) {
      const path = nearParameters(parts.path).map((p) => ({ ...parts.path, ...p }));
      options.push(path.map((p) => ({ ...parts, path: p })));
    }
    if (op.requestBody) options.push(nearBody(parts.body).map((body) => ({ ...parts, body })));
    return fc.oneof(...options);
  });
}

/** The request of its parts: a path with its parameters, a JSON or multipart body. */
function written(method: string, path: string, parts: Parts): ApiRequest {
  // A path parameter left out leaves its segment empty, as a client's bug would.
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(parts.path[name] ?? ""));
  const request: ApiRequest = {
    method: method.toUpperCase(),
    url,
    query: parts.query,
    headers: parts.headers,
    sent: parts,
  };
  if (parts.file) {
    const fields = Object.entries((parts.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, asText(v)]);
    const { payload, headers } = form(Object.fromEntries(fields), parts.file);
    return { ...request, payload, headers: { ...request.headers, ...headers } };
  }
  if (parts.body === undefined) return request;
  const headers = { ...request.headers, "content-type": "application/json" };
  return { ...request, payload: JSON.stringify(parts.body), headers };
}

/** Requests the document allows for one operation (`path` as the document writes it, `{id}`). */
export function requestsOf(doc: ApiDocument, method: string, path: string, op: Operation): fc.Arbitrary<ApiRequest> {
  return partsOf(doc, op).map((parts) => written(method, path, parts));
}

/**
 * One plain request for each choice of each enumerated query parameter (every table a Query
 * reads), the other parameters only those required: what a few random runs would leave out.
 */
export function everyChoiceOf(doc: ApiDocument, method: string, path: string, op: Operation, seed: number) {
  const required = (op.parameters ?? []).filter((p) => p.required);
  return placed(op, "query")
    .filter((p) => Array.isArray(p.schema.enum))
    .flatMap((chosen) =>
      (chosen.schema.enum as unknown[]).map((value) => {
        const parameters = [
          ...required.filter((p) => p !== chosen),
          { ...chosen, required: true, schema: { const: value } },
        ];
        const [request] = fc.sample(requestsOf(doc, method, path, { ...op, parameters }), { seed, numRuns: 1 });
        return request as ApiRequest;
      }),
    );
}

/** Requests one change away from what the document allows. */
export function nearRequestsOf(doc: ApiDocument, method: string, path: string, op: Operation) {
  return nearPartsOf(doc, op).map((parts) => written(method, path, parts));
}

/** The document's schema as a zod schema that checks an answer (its components as $defs). */
export function answerSchema(schema: JsonSchema, doc: ApiDocument): z.ZodType {
  const local = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
  return z.fromJSONSchema({ ...local(schema), $defs: local(doc.components.schemas) } as never);
}
