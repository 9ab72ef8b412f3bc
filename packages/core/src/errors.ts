/**
 * The error catalogue (docs/product-rules.md#errors): one body shape on the wire, one list of
 * statuses. The server builds every failure from here; the web app reads the same shape back.
 */

export const ERROR_STATUS = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
  // Ours (issue 38): the disk or the database that keeps the data is full.
  507: "Insufficient Storage",
} as const;

export type ErrorStatus = keyof typeof ERROR_STATUS;

export const ERROR_MESSAGES = {
  sessionExpired: "Your session has expired.",
  apiNotFound: "API Not Found",
  loginFailed: "Username or Password is incorrect!",
  tooManyAttempts: "Too many failed sign-in attempts. Try again later.",
  accessDenied: "Access Denied!",
  internal: "An unexpected error occurred.",
  unavailable: "The service is temporarily unavailable. Try again shortly.",
  shuttingDown: "The server is shutting down.",
  storageFull: "The server's storage is full: nothing of this was kept. Tell your administrator.",
} as const;

/** The one error body every failing call answers with. */
export interface ErrorBody {
  statusCode: number;
  /** The status text of the code, e.g. "Bad Request". */
  error: string;
  message: string;
  /** The request path (without the query string). */
  path: string;
  /** The query parameters of the request, as sent (400 only: a Bad Request shows them). */
  params?: Record<string, string>;
  /** Per-field messages of a validation failure, keyed by field name. */
  fieldErrors?: Record<string, string>;
  requestId?: string;
}

/** The status text of a code; an unknown code is an internal error (the default status is 500). */
export function statusText(statusCode: number): string {
  return (ERROR_STATUS as Record<number, string>)[statusCode] ?? ERROR_STATUS[500];
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.statusCode === "number" && typeof body.message === "string";
}

/** The name of the failure a stored session that has run out raises in the web app. */
export const EXPIRED_SESSION_ERROR = "ExpiredAuthSessionError";

/**
 * The web app's codes beside HTTP statuses (docs/product-rules.md#errors): 0 no answer from the
 * server, -1 a failure that is not an HTTP one, -404 a record the page asked for does not
 * exist.
 */
export const APP_STATUS = { noAnswer: 0, unknown: -1, recordNotFound: -404 } as const;

export interface FailureSummary {
  statusCode: number;
  /** The error's name (ExpiredAuthSessionError, say). */
  name?: string;
  /** Whether the failure is an answer of the API (a 404 from the API is not a missing page). */
  fromApi?: boolean;
}

export interface ErrorPageView {
  title: string;
  /** The way out the page offers. */
  action: "home" | "back" | "refresh" | "login" | "countdown";
  /** Status 0: tabs with the response, the request and its params, and the Debug re-send. */
  details?: boolean;
}

/** How a failure is shown: a toast (an API answer of 500) or the error page with a title. */
export function failureDisplay(failure: FailureSummary): "toast" | "page" {
  return failure.fromApi && failure.statusCode === 500 ? "toast" : "page";
}

/** The error page for a failure (docs/product-rules.md#errors): its title and what it offers. */
export function errorPageView({ statusCode, name, fromApi }: FailureSummary): ErrorPageView {
  switch (statusCode) {
    case 404:
      return fromApi ? { title: "API Not Found", action: "back" } : { title: "Page Not Found", action: "home" };
    case 500:
      return name === EXPIRED_SESSION_ERROR
        ? { title: "Expired Session", action: "login" }
        : { title: "Application Error", action: "refresh" };
    case APP_STATUS.unknown:
      return { title: "Unknown Error", action: "refresh" };
    case APP_STATUS.noAnswer:
      return { title: "Server Internal Error", action: "refresh", details: true };
    case 400:
      return { title: "Bad Request", action: "back" };
    case 401:
      return { title: "Unauthorized", action: "countdown" };
    case APP_STATUS.recordNotFound:
      return { title: "Not Found", action: "back" };
    default:
      return { title: statusText(statusCode), action: "refresh" };
  }
}

/** The line the 401 page shows while it counts down to the login page. */
export const redirectNotice = (seconds: number) => `You will redirect to Login page after ${seconds} seconds...`;
