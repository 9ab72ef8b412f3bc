import type { GrantName } from "../grants.js";
import type { PermissionFlag } from "../pages.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * A call of the server's own (not the generic data service), declared once as data and
 * types: the server serves it from this (its method, path, grant and words; the body's zod
 * schema beside it), and the web app calls it through one typed client that builds the path,
 * and after a change reads again every query of the tables it changed.
 *
 * `Input` is what a caller sends: the path's parameters (`:name`), then the body (the query
 * string of a GET). `Answer` is what comes back.
 */
export interface Operation<Input = void, Answer = unknown> {
  method: HttpMethod;
  /** Its path, with `:name` for each parameter (Fastify's). */
  path: string;
  /** What it does, for the API document. */
  summary: string;
  /** Its group in the API document. */
  tag: string;
  /** The named grant a caller needs, beyond being signed in (core's GRANTS). */
  grant?: GrantName;
  /** A flag on a table's grant the caller needs besides, checked before the input is read. */
  requires?: { table: string; flag: PermissionFlag };
  /** Its input goes as a multipart form, the fields before the file (an upload). */
  form?: true;
  /** It answers a file's bytes, not JSON. */
  bytes?: true;
  /**
   * The table or view whose rows it answers (in its `data`, or as the answer itself): the API
   * document gives its answer that resource's columns. The answer's type is that row's, or a
   * pick of it with a few columns of the call's own (a request's step, the requester's code).
   */
  rowsOf?: string;
  /** The tables and views its answer is made of: a change to any of them makes it stale. */
  reads: readonly string[];
  /** The tables it changes: after it, every query that reads one of them is read again. */
  changes: readonly string[];
  /** Types only, never set: what goes in and what comes out. */
  readonly types?: { input: Input; answer: Answer };
}

/** Declares an operation with its input and answer types. */
export const operation = <Input = void, Answer = unknown>(
  def: Omit<Operation<Input, Answer>, "types">,
): Operation<Input, Answer> => def;

/** What an operation takes and answers. */
export type InputOf<O> = O extends { readonly types?: { input: infer I } } ? I : never;
export type AnswerOf<O> = O extends { readonly types?: { answer: infer A } } ? A : never;

/** The names of a path's parameters, in order: "/API/X/:id/Y" has ["id"]. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1] as string);
}

/**
 * A call of an operation as it is sent: its path with the parameters put in, and the rest of
 * the input (the body, or the query string of a GET).
 */
export function requestOf(
  op: Operation<unknown, unknown>,
  input: unknown,
): { path: string; rest: Record<string, unknown> } {
  const values = { ...((input ?? {}) as Record<string, unknown>) };
  const path = op.path.replaceAll(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === "") throw new Error(`${op.path} needs its ${name}`);
    delete values[name];
    return encodeURIComponent(String(value));
  });
  return { path, rest: values };
}

/** An operation's call as every client sends it: the web app, the tests' server client, the contract suite. */
export interface SentCall {
  method: HttpMethod;
  path: string;
  /** A GET's query string. */
  params: Record<string, string>;
  /** The rest of the input; none for a DELETE that has none. */
  body?: Record<string, unknown>;
}

/** The call of an operation with an input: its path with the parameters put in, then a GET's query or the body. */
export function sentCall(op: Operation<unknown, unknown>, input: unknown): SentCall {
  const { path, rest } = requestOf(op, input);
  if (op.method === "GET") {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) params[name] = String(value);
    return { method: "GET", path, params };
  }
  const body = Object.keys(rest).length > 0 || op.method !== "DELETE" ? rest : undefined;
  return { method: op.method, path, params: {}, ...(body === undefined ? {} : { body }) };
}
