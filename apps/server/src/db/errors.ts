/** A database that cannot be reached, or answers too slowly: the API answers 503. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

// Of those, the ones our own limits give under load: a caller can cause them at will.
const OVERLOAD_STATES = new Set([
  "57014", // query_canceled (statement_timeout)
  "55P03", // lock_not_available (lock_timeout)
]);
const OVERLOAD_MESSAGE = /timeout exceeded when trying to connect/i; // the pool's acquisition timeout

// SQLSTATE classes and codes that mean "not now" rather than "wrong request".
const UNAVAILABLE_STATES = new Set([
  ...OVERLOAD_STATES,
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
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
  OVERLOAD_MESSAGE,
  /connection (is )?closed/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

/** The disk under UPLOAD_DIR is full (or over quota), or the database's is (disk_full). */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT" || code === "53100";
}

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

/**
 * Whether an unavailable database is only our own limits under load (a statement or a lock over
 * its timeout, a connection not given in time), not a database that cannot be reached.
 */
export function isOverloaded(error: unknown): boolean {
  const state = sqlState(error);
  if (state !== undefined) return OVERLOAD_STATES.has(state);
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && OVERLOAD_MESSAGE.test(message);
}

/** The SQLSTATE of a database error, if it is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
