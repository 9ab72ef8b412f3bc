import { type ErrorBody, isErrorBody, type QueryResponse, statusText, WEB_STATUS } from "@office/core";
import { tokenStore } from "../auth/token-store";

type Method = "GET" | "POST" | "PUT";

/** What was sent, for the error page's Request and Params tabs and its Debug re-send. */
export interface SentRequest {
  method: Method;
  path: string;
  params: Record<string, string>;
  body?: unknown;
}

/** A failed call, carrying the server's error body (spec section 8) and the request. */
export class ApiError extends Error {
  override name = "ApiError";

  constructor(
    readonly body: ErrorBody,
    readonly request: SentRequest,
  ) {
    super(body.message);
  }

  get statusCode() {
    return this.body.statusCode;
  }
}

/** Sends a request with the session token; a failure becomes an ApiError, success its JSON. */
export async function send<T>(request: SentRequest): Promise<T> {
  const { method, path, params, body } = request;
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const query = new URLSearchParams(params).toString();
  let response: Response;
  try {
    response = await fetch(query ? `${path}?${query}` : path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      {
        statusCode: WEB_STATUS.noAnswer,
        error: "Network Error",
        message: "The server could not be reached.",
        path,
      },
      request,
    );
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      isErrorBody(payload)
        ? payload
        : { statusCode: response.status, error: statusText(response.status), message: response.statusText, path },
      request,
    );
  }
  return payload as T;
}

export function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return send<T>({ method, path, params: {}, body });
}

export interface QueryParams {
  table: string;
  fields?: string;
  where?: string;
  order?: string;
  rowLimit?: number;
  /** Load past the confirm threshold (the user said Yes). */
  continue?: 1;
}

/** GET /API/Query/: rows of a table or view of the data service. */
export async function queryRows<Row>(params: QueryParams): Promise<QueryResponse<Row>> {
  const sent = Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)]),
  );
  return send<QueryResponse<Row>>({ method: "GET", path: "/API/Query/", params: sent });
}
