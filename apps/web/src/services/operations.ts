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

interface OperationOptions<O> {
  /** The toast of a success, if it has one. */
  done?: (answer: AnswerOf<O>, input: InputOf<O>) => Toast | undefined;
  /** The toast of a failure: given the server's message, or a word of our own when none came. */
  failed?: (why: string, input: InputOf<O>) => Toast;
  /** What the page does besides: close its dialog, say. */
  onDone?: (answer: AnswerOf<O>, input: InputOf<O>) => void;
  onFailed?: (error: Error, input: InputOf<O>) => void;
}

/**
 * A call of an operation that changes something: its toasts (docs/product-rules.md#toasts),
 * then every cached read of the tables it changed is read again, whichever page it was for.
 * A refusal because the record changed meanwhile (409) reads them again too: the page shows
 * it as it is now.
 */
export function useOperation<O extends Operation<unknown, unknown>>(op: O, options: OperationOptions<O> = {}) {
  const client = useQueryClient();
  return useMutation<AnswerOf<O>, Error, InputOf<O>>({
    mutationFn: (input) => call(op, ...([input] as unknown as InputArgs<O>)),
    onSuccess: (answer, input) => {
      const toast = options.done?.(answer, input);
      if (toast) showToast(toast);
      options.onDone?.(answer, input);
      return invalidateTables(client, op.changes);
    },
    onError: (error, input) => {
      const server = error instanceof ApiError;
      // A session that ended is the shell's: its countdown, not a toast.
      if (options.failed && !endsSession(error)) {
        showToast(options.failed(server ? error.message : "It could not be done.", input));
      }
      options.onFailed?.(error, input);
      if (server && error.statusCode === 409) void invalidateTables(client, op.changes);
    },
  });
}
