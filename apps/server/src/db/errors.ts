/** A database that cannot be reached, or answers too slowly: the API answers 503. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

// SQLSTATE classes and codes that mean "not now" rather than "wrong request".
const UNAVAILABLE_STATES = new Set([
  "57014", // query_canceled (statement_timeout)
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "55P03", // lock_not_available (lock_timeout)
]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (is )?closed/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

/** Whether an error from the driver means the database is unreachable or overloaded. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    if (code.startsWith("08")) return true; // connection_exception class
  }
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(message));
}

/** The SQLSTATE of a database error, if it is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
