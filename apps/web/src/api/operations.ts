import { type AnswerOf, type InputOf, type Operation, sentCall } from "@office/core";
import { receive, send } from "./client";

/** The input a call of an operation takes: none where it takes none. */
// biome-ignore lint/suspicious/noConfusingVoidType: an operation without input is declared with void, as a function without arguments.
export type InputArgs<O> = [InputOf<O>] extends [void] ? [] : [input: InputOf<O>];

/**
 * Calls an operation core declares: its path with the parameters put in, the rest of the
 * input as the body (the query string of a GET); the answer typed as declared. A failure is
 * the client's ApiError, as for any call.
 */
export function call<O extends Operation<unknown, unknown>>(op: O, ...args: InputArgs<O>): Promise<AnswerOf<O>> {
  const request = sentCall(op, args[0]);
  if (op.bytes) return receive(request) as Promise<AnswerOf<O>>;
  if (op.form) return send<AnswerOf<O>>({ ...request, body: formOf(request.body ?? {}) });
  return send<AnswerOf<O>>(request);
}

/** An upload's form: its fields first, then its file, as the server reads the form while it streams in. */
function formOf(input: Record<string, unknown>): FormData {
  const form = new FormData();
  const entries = Object.entries(input).filter(([, value]) => value !== undefined);
  const files = entries.filter(([, value]) => value instanceof Blob);
  for (const [name, value] of entries.filter(([, value]) => !(value instanceof Blob))) form.append(name, String(value));
  for (const [name, value] of files) form.append(name, value as Blob);
  return form;
}
