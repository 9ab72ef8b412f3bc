import { ERROR_MESSAGES, type ErrorBody, statusText } from "@office/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable, isOverloaded, isStorageFull, sqlState } from "../db/errors.js";
import { AppError } from "./app-error.js";
import { fieldErrorsOf, headerAsWritten, PART_NAMES, sentQuery } from "./validate.js";

// Constraint violations mean the request conflicts with data or carries a bad value; the
// messages say so without naming tables or columns.
const SQL_STATES: Record<string, [number, string]> = {
  "23505": [409, "The record conflicts with an existing one."],
  "23503": [409, "The record refers to, or is referred to by, another record."],
  "23502": [400, "A required value is missing."],
  "23514": [400, "A value is out of the allowed range."],
  // Two writers that waited on each other: one is undone, and may simply try again.
  "40P01": [409, "The record was being changed by someone else at the same time; try again."],
  "40001": [409, "The record was being changed by someone else at the same time; try again."],
  // Ours (migration 0006): the change would leave the company without an administrator.
  "23A01": [409, "The last administrator cannot be removed."],
  "23A02": [409, "This value is one the application relies on and cannot be deleted."],
  "22001": [400, "A value is too long."],
  "22003": [400, "A number is out of range."],
  "22007": [400, "A date or time is not valid."],
  "22008": [400, "A date or time is out of range."],
  "22P02": [400, "A value has the wrong type."],
  "22021": [400, "A text holds a character that is not allowed."],
};
// Any other data exception (class 22) is a bad value sent by the caller.
const DATA_EXCEPTION: [number, string] = [400, "A value is not valid."];

interface Classified {
  statusCode: number;
  message: string;
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number;
}

/**
 * A request part that failed its route schema (validate.ts), in the words a handler's own check
 * uses: "The query is not valid.", each field's first message by its path. A header's message
 * names it, and its field errors are of its value.
 */
function invalidPart(part: string, issues: ZodFastifySchemaValidationError[]): Classified {
  // The validator writes an issue's path as "/a/b" ("/" for the value as a whole).
  let paths = issues.map((issue) => {
    const inner = issue.instancePath.slice(1);
    return { path: inner === "" ? [] : inner.split("/"), message: issue.message ?? "is not valid" };
  });
  let what = PART_NAMES[part] ?? part;
  if (part === "headers") {
    const header = String(paths[0]?.path[0] ?? "");
    what = `${headerAsWritten(header)} header`;
    paths = paths.filter((issue) => issue.path[0] === header).map((issue) => ({ ...issue, path: issue.path.slice(1) }));
  }
  return { statusCode: 400, message: `The ${what} is not valid.`, fieldErrors: fieldErrorsOf(paths) };
}

export function classify(error: unknown): Classified {
  if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message, ...error.extra };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return invalidPart((error as { validationContext?: string }).validationContext ?? "", error.validation);
  }
  // Nothing of the request is kept (an upload's partial file goes, a transaction rolls back).
  if (isStorageFull(error)) return { statusCode: 507, message: ERROR_MESSAGES.storageFull };
  if (isDatabaseUnavailable(error)) return { statusCode: 503, message: ERROR_MESSAGES.unavailable };
  // A named constraint of ours answers in its form's words where the data service knows the
  // table it wrote (data/constraint-messages.ts); here, by SQLSTATE alone.
  const state = sqlState(error);
  const mapped = state ? (SQL_STATES[state] ?? (state.startsWith("22") ? DATA_EXCEPTION : undefined)) : undefined;
  if (mapped) return { statusCode: mapped[0], message: mapped[1] };
  // Fastify's own client errors (malformed JSON, body too large, bad content type) carry
  // a 4xx status and a message meant for the caller.
  const status = (error as FastifyError | undefined)?.statusCode;
  if (!state && typeof status === "number" && status >= 400 && status < 500) {
    return { statusCode: status, message: (error as Error).message };
  }
  return { statusCode: 500, message: ERROR_MESSAGES.internal };
}

export function errorBody(request: FastifyRequest, failure: Classified): ErrorBody {
  const body: ErrorBody = {
    statusCode: failure.statusCode,
    error: statusText(failure.statusCode),
    message: failure.message,
    path: request.url.split("?")[0] ?? request.url,
    requestId: request.id,
  };
  if (failure.statusCode === 400) body.params = stringParams(sentQuery(request));
  if (failure.fieldErrors) body.fieldErrors = failure.fieldErrors;
  return body;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, failure: Classified) {
  if (failure.retryAfterSeconds !== undefined) reply.header("retry-after", String(failure.retryAfterSeconds));
  return reply.code(failure.statusCode).type("application/json; charset=utf-8").send(errorBody(request, failure));
}

const ABORT_CODES = new Set(["ECONNRESET", "ERR_STREAM_PREMATURE_CLOSE"]);

/**
 * The client closed the connection while its request's body was being read: the stream's error
 * (ECONNRESET "aborted", a premature close) is the client's doing, not a failure of ours nor of
 * the database (which ECONNRESET would otherwise be taken for), and anyone can cause it at will.
 * Another error of a request whose client went away (a timed-out statement) is still ours.
 */
function clientAborted(error: unknown, request: FastifyRequest): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return request.raw.readableAborted && typeof code === "string" && ABORT_CODES.has(code);
}

/**
 * A 503 of our own limits under load: a read's turn or a connection not given in time, a
 * statement or a lock over its timeout. A signed-in user can cause it at will (a flood of heavy
 * searches), so it is a warning and the error log keeps what needs a person: a database that
 * cannot be reached, a failure of ours.
 */
function shedUnderLoad(error: unknown): boolean {
  // Ours only where the gate says so: a 503 for an unbuilt web app or an unreachable database needs a person.
  return error instanceof AppError ? error.underLoad : isOverloaded(error);
}

/**
 * What the router refuses before any route is found: a path whose percent-encoding is broken, a
 * parameter longer than the router takes. They answer the ErrorBody of a path that fails its
 * schema, not Fastify's own body (and its 414, which the catalogue has no words for).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, "request refused by the router");
  return sendError(request, reply, { statusCode: 400, message: "The path is not valid." });
}

/** One error handler for every route: 5xx details go to the log, never to the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (clientAborted(error, request)) {
      request.log.info({ code: (error as { code: string }).code }, "client closed the request");
      return sendError(request, reply, { statusCode: 400, message: "The request was cut short." });
    }
    const failure = classify(error);
    if (failure.statusCode === 503 && shedUnderLoad(error)) request.log.warn({ err: error }, "request shed under load");
    else if (failure.statusCode >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ statusCode: failure.statusCode, reason: failure.message }, "request refused");
    return sendError(request, reply, failure);
  });
}

function stringParams(query: unknown): Record<string, string> {
  if (typeof query !== "object" || query === null) return {};
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([key, value]) => [key, String(value).slice(0, 1_000)]),
  );
}
