import type { FastifyInstance } from "fastify";
import { demoTokens, withToken } from "./app.js";

/** Calls of the data service (and the projects area's own) as the web app makes them. */
export function dataClient(app: FastifyInstance, token: string) {
  return {
    query: (params: Record<string, string | number>) =>
      app.inject(
        withToken(token, {
          method: "GET",
          url: "/API/Query/",
          query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
        }),
      ),
    insert: (table: string, fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
      app.inject(withToken(token, { method: "POST", url: "/API/Insert/", payload: { table, fields }, headers })),
    update: (table: string, where: string, fields: Record<string, unknown>, method: "PUT" | "POST" = "PUT") =>
      app.inject(withToken(token, { method, url: "/API/Update/", payload: { table, where, fields, debug: 0 } })),
    remove: (table: string, where: string) =>
      app.inject(withToken(token, { method: "POST", url: "/API/Delete/", payload: { table, where } })),
    execute: (query: string) =>
      app.inject(withToken(token, { method: "POST", url: "/API/ExecuteQuery/", payload: { query } })),
    restore: (auditID: number) =>
      app.inject(withToken(token, { method: "POST", url: "/API/Restore/", payload: { auditID } })),
    /** A portal order becomes a project (the projects area's own call). */
    projectFromOrder: (portalOrderID: number | string) =>
      app.inject(withToken(token, { method: "POST", url: `/API/PortalOrders/${portalOrderID}/Project` })),
  };
}

/** A data client for each demo account. */
export async function demoClients(app: FastifyInstance) {
  const tokens = await demoTokens(app);
  return {
    admin: dataClient(app, tokens.admin),
    staff: dataClient(app, tokens.staff),
    noperm: dataClient(app, tokens.noperm),
  };
}
