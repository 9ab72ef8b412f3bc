import { randomUUID } from "node:crypto";
import { ERROR_MESSAGES } from "@office/core";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import type { DataClient } from "./support/data.js";
import { ONE_ENGINE } from "./support/engines.js";
import { expectError } from "./support/errors.js";

const engine = ONE_ENGINE[0];
if (!engine) throw new Error("no engine");

type Method = NonNullable<InjectOptions["method"]>;

/*
 * Issue 32: a known path called with a method it does not declare is a 405 naming the methods
 * it takes in Allow, not the 404 of an unknown path; on /API/, to a signed-in caller only.
 */
describe("methods a path does not declare", () => {
  const t = useTestApp(engine);
  const { staff } = t;

  const call = (method: Method, url: string, client?: DataClient) =>
    client ? client.call(method, url) : t.app.inject({ method, url });

  it("answers 405 with the declared methods in Allow, in the error shape, on /API/", async () => {
    const cases: Array<[Method, string, string]> = [
      ["DELETE", "/API/Query/", "GET, HEAD"],
      ["DELETE", "/API/Query?table=tblProject", "GET, HEAD"],
      ["PATCH", `/API/Upload/${randomUUID()}`, "DELETE, GET, HEAD"],
      ["DELETE", "/API/Upload/", "GET, HEAD, POST"],
      // A route of several methods, and a POST's path asked for with HEAD.
      ["GET", "/API/Update/", "POST, PUT"],
      ["HEAD", "/API/Insert/", "POST"],
      ["OPTIONS", "/API/EmployeeInfo/", "GET, HEAD"],
    ];
    for (const [method, url, allow] of cases) {
      const response = await call(method, url, staff);
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      if (method !== "HEAD") {
        expect(expectError(response, 405)).toMatchObject({ error: "Method Not Allowed", path: url.split("?")[0] });
      }
    }
  });

  it("keeps the route map to the signed-in: 401 without a token, for a wrong method as for an unknown path", async () => {
    for (const [method, url] of [
      ["DELETE", "/API/Query/"],
      ["GET", "/API/Update/"],
      ["GET", "/API/NoSuchCall/"],
    ] as const) {
      const response = await call(method, url);
      expectError(response, 401);
      expect(response.headers.allow, url).toBeUndefined();
    }
    expectError(await call("GET", "/API/NoSuchCall/", staff), 404, ERROR_MESSAGES.apiNotFound);
    expectError(await call("DELETE", "/API/NoSuchCall/", staff), 404, ERROR_MESSAGES.apiNotFound);
  });

  it("answers 405 with Allow outside /API/ to anyone, and 404 for a path nothing declares", async () => {
    for (const [method, url, allow] of [
      ["POST", "/healthz", "GET, HEAD"],
      ["DELETE", "/readyz", "GET, HEAD"],
      ["POST", "/webapp/project/de?id=1", "GET, HEAD"],
      ["PUT", "/", "GET, HEAD"],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, url).toBe(allow);
      expect(response.json()).toMatchObject({ statusCode: 405, error: "Method Not Allowed", path: url.split("?")[0] });
    }
    const unknown = await call("POST", "/nothing-here");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  it("still serves the declared methods, HEAD with GET", async () => {
    expect((await call("GET", "/healthz")).statusCode).toBe(200);
    expect((await call("HEAD", "/healthz")).statusCode).toBe(200);
    expect((await call("GET", "/API/EmployeeInfo/", staff)).statusCode).toBe(200);
  });
});
