import { RESOURCES } from "@office/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp, tokenOf, withToken } from "./support/app.js";
import { ENGINES } from "./support/engines.js";

const engine = ENGINES[0];
if (!engine) throw new Error("no engine");

describe("the API documentation", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp(engine);
    admin = await tokenOf(t.app, "admin");
  });
  afterAll(() => t?.close());

  it("documents every call the server has and every declared resource", async () => {
    const doc = (await t.app.inject(withToken(admin, { method: "GET", url: "/API/docs/openapi.json" }))).json();
    expect(doc.openapi).toBe("3.1.0");
    for (const path of [
      "/API/Query/",
      "/API/Insert/",
      "/API/Update/",
      "/API/Delete/",
      "/API/Upload/{uploadID}",
      "/authenticate/refreshtoken",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths["/API/Update/"])).toEqual(expect.arrayContaining(["put", "post"]));
    for (const name of RESOURCES.keys()) expect(doc.components.schemas[name]).toBeDefined();
    expect(doc.components.schemas.tblProjectNotes.properties.empID).toMatchObject({
      readOnly: true,
      "x-office-server-owned": "signedInEmployee",
    });
    for (const [path, methods] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{(\w+)\}/g, ":$1");
        const has = (u: string) => t.app.hasRoute({ method: method.toUpperCase() as "GET", url: u });
        // With trailing slashes ignored the router keeps the path without its slash.
        expect(has(url) || has(url.replace(/\/$/, "")), `${method} ${path}`).toBe(true);
      }
    }
  });

  it("is browsable as a page", async () => {
    const page = await t.app.inject(withToken(admin, { method: "GET", url: "/API/docs" }));
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("vwEmployeeAvailability");
    expect(page.body).toContain("<code>/API/Query/</code>");
  });

  it("is for administrators only", async () => {
    const staff = await tokenOf(t.app, "staff");
    expect((await t.app.inject(withToken(staff, { method: "GET", url: "/API/docs/openapi.json" }))).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: "GET", url: "/API/docs" })).statusCode).toBe(401);
    const staffPage = await t.app.inject(
      withToken(staff, { method: "GET", url: "/API/docs", headers: { accept: "text/html" } }),
    );
    expect(staffPage.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: "GET",
      url: "/API/docs",
      headers: { accept: "text/html", authorization: "Bearer x.y.z" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("answers a browser tab without a token with the viewer only, never the documentation", async () => {
    const page = await t.app.inject({ method: "GET", url: "/API/docs", headers: { accept: "text/html,*/*;q=0.8" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain('<script src="/webapp/api-docs.js"></script>');
    expect(page.body).not.toContain("vwEmployeeAvailability");
    expect(page.body).not.toContain("/API/Query/");
  });
});
