import { APP_STATUS, type ErrorBody, failureDisplay, TOASTS, type Toast } from "@office/core";
import { useSyncExternalStore } from "react";
import { ApiError, ExpiredAuthSessionError, type SentRequest } from "../api/client";
import { showToast } from "./toast";

/** A failure as the error page shows it. */
export interface Failure {
  statusCode: number;
  name?: string;
  message: string;
  fromApi: boolean;
  /** The call that failed and the server's answer, when it was a call. */
  request?: SentRequest;
  response?: ErrorBody;
}

/**
 * A record a page asked for by id does not exist (-404: the error page 'Not Found' with a Back link).
 * A page raises it by throwing it from its query function, or with `reportFailure`.
 */
export class RecordNotFoundError extends Error {
  override name = "RecordNotFoundError";
  readonly statusCode = APP_STATUS.recordNotFound;
}

export function toFailure(error: unknown): Failure {
  if (error instanceof ApiError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      fromApi: error.statusCode !== APP_STATUS.noAnswer,
      request: error.request,
      response: error.body,
    };
  }
  if (error instanceof Error && "statusCode" in error && typeof error.statusCode === "number") {
    return { statusCode: error.statusCode, name: error.name, message: error.message, fromApi: false };
  }
  return {
    statusCode: APP_STATUS.unknown,
    message: error instanceof Error ? error.message : String(error),
    fromApi: false,
  };
}

/** A failure that ends the session: a 401 answer, or a token past its own expiry. */
export function endsSession(error: unknown): boolean {
  return (error instanceof ApiError && error.statusCode === 401) || error instanceof ExpiredAuthSessionError;
}

let current: Failure | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

// When each failure toast on screen goes away, by its words: a page's reads that fail together
// (one server error reaching the three queries a page loads) are one failure, one toast.
const onScreen = new Map<string, number>();

function toastOnce(toast: Toast): void {
  const now = Date.now();
  for (const [words, until] of onScreen) if (until <= now) onScreen.delete(words);
  const words = `${toast.title}\n${toast.message}`;
  if (onScreen.has(words)) return;
  onScreen.set(words, now + toast.ms);
  showToast(toast);
}

/** The shared exception handler: a 500 answer is a toast, any other failure the error page. */
export function reportFailure(error: unknown): void {
  const failure = toFailure(error);
  if (failureDisplay(failure) === "toast") {
    toastOnce(TOASTS.applicationError(failure.message));
    return;
  }
  current = failure;
  emit();
}

export function clearFailure(): void {
  // A new page's failures are its own: toasted even while the last page's toast still shows.
  onScreen.clear();
  if (current === null) return;
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The failure the shell shows instead of the page, if any. */
export function useFailure(): Failure | null {
  return useSyncExternalStore(subscribe, () => current);
}
