import { type ErrorBody, isErrorBody, statusText } from "@office/core";
import { tokenStore } from "../auth/token-store";

/** A failed call, carrying the server's error body (spec section 8). */
export class ApiError extends Error {
  override name = "ApiError";

  constructor(readonly body: ErrorBody) {
    super(body.message);
  }

  get statusCode() {
    return this.body.statusCode;
  }
}

/** Calls the server with the session token; any failure becomes an ApiError. */
export async function api<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // No answer at all: the spec's status 0, "Server Internal Error".
    throw new ApiError({ statusCode: 0, error: "Network Error", message: "The server could not be reached.", path });
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      isErrorBody(payload)
        ? payload
        : { statusCode: response.status, error: statusText(response.status), message: response.statusText, path },
    );
  }
  return payload as T;
}
