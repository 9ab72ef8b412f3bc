import { type AnswerOf, type InputOf, type Operation, requestOf } from "@office/core";
import { send } from "./client";

/** The input a call of an operation takes: none where it takes none. */
// biome-ignore lint/suspicious/noConfusingVoidType: an operation without input is declared with void, as a function without arguments.
export type InputArgs<O> = [InputOf<O>] extends [void] ? [] : [input: InputOf<O>];

/**
 * Calls an operation core declares: its path with the parameters put in, the rest of the
 * input as the body (the query string of a GET); the answer typed as declared. A failure is
 * the client's ApiError, as for any call.
 */
export function call<O extends Operation<unknown, unknown>>(op: O, ...args: InputArgs<O>): Promise<AnswerOf<O>> {
  const { path, rest } = requestOf(op, args[0]);
  if (op.method === "GET") {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) params[name] = String(value);
    return send<AnswerOf<O>>({ method: "GET", path, params });
  }
  const body = Object.keys(rest).length > 0 || op.method !== "DELETE" ? rest : undefined;
  return send<AnswerOf<O>>({ method: op.method, path, params: {}, ...(body === undefined ? {} : { body }) });
}
