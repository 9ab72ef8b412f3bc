/**
 * The error catalogue of spec section 8: one body shape on the wire, one list of statuses.
 * The server builds every failure from here; the web app reads the same shape back.
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
} as const;

/** The one error body every failing call answers with. */
export interface ErrorBody {
  statusCode: number;
  /** The status text of the code, e.g. "Bad Request". */
  error: string;
  message: string;
  /** The request path (without the query string). */
  path: string;
  /** The query parameters of the request, as sent (400 only: spec section 8). */
  params?: Record<string, string>;
  /** Per-field messages of a validation failure, keyed by field name. */
  fieldErrors?: Record<string, string>;
  requestId?: string;
}

/** The status text of a code; an unknown code is an internal error (spec: default status 500). */
export function statusText(statusCode: number): string {
  return (ERROR_STATUS as Record<number, string>)[statusCode] ?? ERROR_STATUS[500];
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.statusCode === "number" && typeof body.message === "string";
}
