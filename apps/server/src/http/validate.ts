import type { FastifySchemaCompiler, FastifySerializerCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError } from "./app-error.js";

/** What a request part is called in the message of its 400 ("The query is not valid."). */
export const PART_NAMES: Record<string, string> = {
  body: "request body",
  querystring: "query",
  params: "path",
};

/** A header's name as it is written ("Idempotency-Key"); Fastify's header schemas have it in lower case. */
export const headerAsWritten = (name: string) => name.replace(/(^|-)([a-z])/g, (letters) => letters.toUpperCase());

/** Each field's first message, by its path ("a.b"; "_" for the value as a whole). */
export function fieldErrorsOf(issues: Iterable<{ path: readonly PropertyKey[]; message: string }>) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/**
 * Parses a value with a schema; a failure is a 400 whose field errors name each field. The
 * routes' own parts (query, path, headers, JSON body) are checked by Fastify before the
 * handler (their route schemas); this is for what a handler reads itself: a table's fields,
 * the fields of a multipart form.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown, what = "request body"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw AppError.badRequest(`The ${what} is not valid.`, fieldErrorsOf(result.error.issues));
}

// The query strings as they were sent, by the parsed query that replaced them.
const sentQueries = new WeakMap<object, unknown>();

/**
 * The route schemas' validator (fastify-type-provider-zod's): a request part that fails its
 * zod schema is a validation error (error-handler.ts answers it); one that passes is replaced by
 * what the schema parsed (coerced, defaulted). The query string as sent is kept for the 400's
 * `params`, which say what the caller sent, not what the schema made of it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const check = zodValidatorCompiler(route);
  if (route.httpPart !== "querystring") return check;
  return (data) => {
    const result = check(data);
    if (typeof result === "object" && result !== null && "value" in result) {
      const parsed = result.value;
      if (typeof parsed === "object" && parsed !== null) sentQueries.set(parsed, data);
    }
    return result;
  };
};

/** The query string of a request as its caller sent it. */
export function sentQuery(request: { query: unknown }): unknown {
  const query = request.query;
  return typeof query === "object" && query !== null ? (sentQueries.get(query) ?? query) : query;
}

/**
 * For a route whose body is a stream its handler reads (a multipart upload): the body schema
 * documents the form, and the handler checks its fields as they arrive; every other part is
 * checked as on any route.
 */
export const streamedBody: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === "body" ? () => true : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * For the data service's reads, whose answers can hold thousands of rows: the response schema
 * documents the answer, and the answer is written by JSON.stringify as on a route without one.
 * Checking it with zod first took 3 to 4 times as long (docs/decisions.md).
 */
export const documentedOnly: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
