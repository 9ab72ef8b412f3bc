import { type InputOf, OPERATIONS, type Operation, sentCall } from "@office/core";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { withToken } from "./app.js";

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type Method = NonNullable<InjectOptions["method"]>;

/**
 * An operation's input as a test may send it: its declared fields suggested, any value taken,
 * for a test sends malformed input on purpose and the server is the one to check it.
 */
export type LooseInput<O> = { [K in keyof InputOf<O>]?: unknown } & Record<string, unknown>;

/** The calls one account makes as the web app makes them, each through `inject` (its token added). */
export function clientOver(inject: Inject) {
  const call = (method: Method, url: string, payload?: InjectOptions["payload"]) =>
    inject({ method, url, ...(payload === undefined ? {} : { payload }) });
  /** An operation core declares, at its path with the parameters put in: the rest is the body, or a GET's query. */
  const operation = <O extends Operation<unknown, unknown>>(op: O, input?: LooseInput<O>) => {
    const { method, path, params, body } = sentCall(op, input);
    return inject({ method, url: path, query: params, ...(body === undefined ? {} : { payload: body }) });
  };
  return {
    inject,
    call,
    operation,
    query: (params: Record<string, string | number>) =>
      inject({
        method: "GET",
        url: "/API/Query/",
        query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      }),
    insert: (table: string, fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
      inject({ method: "POST", url: "/API/Insert/", payload: { table, fields }, headers }),
    update: (table: string, where: string, fields: Record<string, unknown>, method: "PUT" | "POST" = "PUT") =>
      call(method, "/API/Update/", { table, where, fields, debug: 0 }),
    remove: (table: string, where: string) => call("POST", "/API/Delete/", { table, where }),
    execute: (query: string) => call("POST", "/API/ExecuteQuery/", { query }),
    restore: (auditID: number) => operation(OPERATIONS.restoreDeleted, { auditID }),
    /** A portal order becomes a project (the projects area's own call). */
    projectFromOrder: (portalOrderID: number | string) =>
      operation(OPERATIONS.projectFromPortalOrder, { portalOrderID }),
  };
}

export type DataClient = ReturnType<typeof clientOver>;

/** The calls of whoever holds `token`. */
export function dataClient(app: FastifyInstance, token: string): DataClient {
  return clientOver((options) => app.inject(withToken(token, options)));
}
