import type { AnswerOf, InputOf, Operation, Toast } from "@office/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client";
import { call, type InputArgs } from "../api/operations";
import { endsSession } from "./failures";
import { invalidateTables, readKey } from "./query-keys";
import { showToast } from "./toast";

/** The read of an operation, keyed by what it reads (and its path and input). */
export function operationQuery<O extends Operation<unknown, unknown>>(op: O, ...args: InputArgs<O>) {
  return queryOptions({
    queryKey: readKey(op.reads, op.path, ...args),
    queryFn: () => call(op, ...args),
  });
}

interface ChangeOptions<Input, Answer> {
  /** The toast of a success, if it has one. */
  done?: (answer: Answer, input: Input) => Toast | undefined;
  /** The toast of a failure: given the server's message, or a word of our own when none came. */
  failed?: (why: string, input: Input) => Toast;
  /** What the page does besides: close its dialog, say. */
  onDone?: (answer: Answer, input: Input) => void;
  onFailed?: (error: Error, input: Input) => void;
}

/**
 * A call that changes something, whichever it is (an operation, a write of the data service):
 * its toasts (docs/product-rules.md#toasts), then every cached read of the tables it changed is
 * read again, whichever page it was for. A refusal because the record changed meanwhile (409)
 * reads them again too: the page shows it as it is now. A session that ended is the shell's:
 * its countdown, not a toast.
 */
export function useChange<Input, Answer>(
  run: (input: Input) => Promise<Answer>,
  changes: (input: Input) => readonly string[],
  options: ChangeOptions<Input, Answer> = {},
) {
  const client = useQueryClient();
  return useMutation<Answer, Error, Input>({
    mutationFn: run,
    onSuccess: (answer, input) => {
      const toast = options.done?.(answer, input);
      if (toast) showToast(toast);
      options.onDone?.(answer, input);
      return invalidateTables(client, changes(input));
    },
    onError: (error, input) => {
      const server = error instanceof ApiError;
      if (options.failed && !endsSession(error)) {
        showToast(options.failed(server ? error.message : "It could not be done.", input));
      }
      options.onFailed?.(error, input);
      if (server && error.statusCode === 409) void invalidateTables(client, changes(input));
    },
  });
}

/** A call of an operation that changes something: the tables it changes are its declaration's. */
export function useOperation<O extends Operation<unknown, unknown>>(
  op: O,
  options: ChangeOptions<InputOf<O>, AnswerOf<O>> = {},
) {
  return useChange<InputOf<O>, AnswerOf<O>>(
    (input) => call(op, ...([input] as unknown as InputArgs<O>)),
    () => op.changes,
    options,
  );
}
