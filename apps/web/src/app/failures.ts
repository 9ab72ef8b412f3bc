import { type ErrorBody, failureDisplay, TOASTS, WEB_STATUS } from "@office/core";
import { useSyncExternalStore } from "react";
import { ApiError, type SentRequest } from "../api/client";
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

export function toFailure(error: unknown): Failure {
  if (error instanceof ApiError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      fromApi: error.statusCode !== WEB_STATUS.noAnswer,
      request: error.request,
      response: error.body,
    };
  }
  if (error instanceof Error && "statusCode" in error && typeof error.statusCode === "number") {
    return { statusCode: error.statusCode, name: error.name, message: error.message, fromApi: false };
  }
  return {
    statusCode: WEB_STATUS.unknown,
    message: error instanceof Error ? error.message : String(error),
    fromApi: false,
  };
}

let current: Failure | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** The shared exception handler (spec 8): a 500 answer is a toast, any other failure the error page. */
export function reportFailure(error: unknown): void {
  const failure = toFailure(error);
  if (failureDisplay(failure) === "toast") {
    showToast(TOASTS.applicationError(failure.message));
    return;
  }
  current = failure;
  emit();
}

export function clearFailure(): void {
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
