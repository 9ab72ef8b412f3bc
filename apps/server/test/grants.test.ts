import { ERROR_MESSAGES, GRANTS } from "@office/core";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";

interface Operation {
  method: string;
  path: string;
  grant: { name: keyof typeof GRANTS; page: number; flag: string; who: string };
}

/*
 * Named grants (core's GRANTS): a route declares one, one hook enforces it before the request
 * is read, and the API document shows it from the same field. Parametrised over every
 * operation the document says needs one.
 */
describe.each(ONE_ENGINE)("the calls that need a named grant, on $name", (engine) => {
  const t = useTestApp(engine);
  let operations: Operation[] = [];
  beforeAll(async () => {
    const doc = (await t.admin.call("GET", "/API/docs/openapi.json")).json() as {
      paths: Record<string, Record<string, { "x-office-grant"?: Operation["grant"] }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        op["x-office-grant"] ? [{ method: method.toUpperCase(), path, grant: op["x-office-grant"] }] : [],
      ),
    );
  });

  // A path's parameters filled with a record that exists: the demo company's first employee.
  const call = (user: string, op: Operation) =>
    t.as(user).call(op.method as "GET", op.path.replaceAll(/\{[^}]+\}/g, "1"), op.method === "GET" ? undefined : {});

  it("are the administrators' calls, each documented with the grant it needs", () => {
    const named = operations.map((op) => `${op.method} ${op.path} ${op.grant.name}`);
    expect(named).toEqual(
      expect.arrayContaining([
        "GET /API/Permissions/{empID} administrators",
        "PUT /API/Permissions/{empID} administrators",
        "GET /API/SignIn/{empID} administrators",
        "PUT /API/SignIn/{empID} administrators",
        "GET /API/Audit/ administrators",
        "POST /API/Restore/ administrators",
        "GET /API/docs/openapi.json administrators",
      ]),
    );
    for (const op of operations) expect(op.grant).toMatchObject(GRANTS[op.grant.name]);
  });

  it("refuse whoever lacks the grant before the request is read, and let its holder in", async () => {
    for (const op of operations) {
      const what = `${op.method} ${op.path}`;
      const staff = await call("staff", op);
      expect(staff.statusCode, what).toBe(403);
      expect(staff.json().message, what).toBe(`Only ${op.grant.who} may do this.`);
      const noperm = await call("noperm", op);
      expect(noperm.statusCode, what).toBe(403);
      expect(noperm.json().message, what).toBe(ERROR_MESSAGES.accessDenied);
      // The holder gets past the grant: to the body's checks, or the answer.
      expect((await call("admin", op)).statusCode, what).not.toBe(403);
    }
  });
});
