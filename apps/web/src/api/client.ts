import {
  APP_STATUS,
  type ErrorBody,
  EXPIRED_SESSION_ERROR,
  type ExecuteQueryResponse,
  isErrorBody,
  type NAMED_QUERIES,
  type NamedQueryName,
  type QueryResponse,
  type RowOfQuery,
  statusText,
  type TotalsOrder,
  type TotalsResponse,
} from "@office/core";
import { tokenExpired, tokenStore } from "../auth/token-store";
import { viewAsOf } from "./view-as";

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** What was sent, for the error page's Request and Params tabs and its Debug re-send. */
export interface SentRequest {
  method: Method;
  path: string;
  params: Record<string, string>;
  body?: unknown;
}

/** A failed call, carrying the server's error body (core's ErrorBody) and the request. */
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

/**
 * The stored session has run out by its token's own expiry: status 500 with the error name
 * ExpiredAuthSessionError, which the error page titles 'Expired Session'. Raised before a call
 * is sent: the server would refuse it.
 */
export class ExpiredAuthSessionError extends Error {
  override name = EXPIRED_SESSION_ERROR;
  readonly statusCode = 500;

  constructor() {
    super("Your session has expired. Sign in again to go on.");
  }
}

/** The session's Authorization header; a token past its expiry raises ExpiredAuthSessionError instead. */
export function sessionHeaders(): Record<string, string> {
  const token = tokenStore.get();
  if (token && tokenExpired(token)) throw new ExpiredAuthSessionError();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** A failed answer as an ApiError: the server's error body, or one made from the status. */
export async function failedAnswer(response: Response, request: SentRequest): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => undefined);
  return new ApiError(
    isErrorBody(payload)
      ? payload
      : {
          statusCode: response.status,
          error: statusText(response.status),
          message: response.statusText,
          path: request.path,
        },
    request,
  );
}

/** A call the server never answered (offline, or the server is down). */
const noAnswer = (request: SentRequest) =>
  new ApiError(
    {
      statusCode: APP_STATUS.noAnswer,
      error: "Network Error",
      message: "The server could not be reached.",
      path: request.path,
    },
    request,
  );

/**
 * Sends a request with the session token; a failure becomes an ApiError, success its JSON.
 * A token past its expiry sends nothing and raises ExpiredAuthSessionError.
 */
export async function send<T>(request: SentRequest): Promise<T> {
  return (await (await answered(request)).json().catch(() => undefined)) as T;
}

/** A request sent with the session token, answered with success; any failure an ApiError. */
async function answered(request: SentRequest): Promise<Response> {
  const { method, path, params, body } = request;
  const viewAs = viewAsOf(method, path);
  if ("refused" in viewAs) throw new ApiError(viewAs.refused, request);
  const headers = { ...sessionHeaders(), ...viewAs.header };
  // A form (a file upload) goes as multipart, its boundary set by the browser; anything else as JSON.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers["content-type"] = "application/json";
  const query = new URLSearchParams(params).toString();
  let response: Response;
  try {
    response = await fetch(query ? `${path}?${query}` : path, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch {
    throw noAnswer(request);
  }
  if (!response.ok) throw await failedAnswer(response, request);
  return response;
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

/**
 * GET /API/Query/: rows of a table or view of the data service. An answer without its list
 * of rows is an internal-server error (docs/product-rules.md#calls), shown like any 500: a toast.
 */
export async function queryRows<Row>(params: QueryParams): Promise<QueryResponse<Row>> {
  const sent = Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)]),
  );
  const request: SentRequest = { method: "GET", path: "/API/Query/", params: sent };
  const answer = await send<QueryResponse<Row> | null>(request);
  if (!Array.isArray(answer?.data)) {
    throw new ApiError(
      {
        statusCode: 500,
        error: statusText(500),
        message: "The answer of the data service held no data.",
        path: request.path,
      },
      request,
    );
  }
  return answer;
}

/**
 * GET /API/Totals/: the rows a where matches, counted (and summed) by one of the columns the
 * resource declares totals by; the grand totals are in `meta`.
 */
export function queryTotals(params: {
  table: string;
  by: string;
  where: string;
  order?: TotalsOrder | undefined;
  rowLimit: number;
}) {
  const sent: Record<string, string> = { table: params.table, by: params.by, rowLimit: String(params.rowLimit) };
  if (params.where) sent.where = params.where;
  if (params.order) sent.order = params.order;
  return send<TotalsResponse>({ method: "GET", path: "/API/Totals/", params: sent });
}

/** POST /API/ExecuteQuery/: the rows of one of core's named queries, typed as it declares them. */
export async function executeQuery<N extends NamedQueryName>(
  query: N,
): Promise<RowOfQuery<(typeof NAMED_QUERIES)[N]>[]> {
  type Row = RowOfQuery<(typeof NAMED_QUERIES)[N]>;
  return (await api<ExecuteQueryResponse<Row>>("POST", "/API/ExecuteQuery/", { query })).data;
}

/** Sends a request as `send` does; success is the file it answers (bytes a link could not fetch with the token). */
export async function receive(request: SentRequest): Promise<Blob> {
  return (await answered(request)).blob();
}
