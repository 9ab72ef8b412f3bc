import { col, PROJECT_TIME_CHOICES, RESOURCES, type ResourceDef, resource } from "@office/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeDocument } from "../src/http/openapi.js";
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

  it("describes parameters, bodies and answers from the schemas the routes check", async () => {
    const doc = (await t.app.inject(withToken(admin, { method: "GET", url: "/API/docs/openapi.json" }))).json();
    const param = (op: { parameters: Array<{ name: string }> }, name: string) =>
      op.parameters.find((p) => p.name === name);

    const query = doc.paths["/API/Query/"].get;
    expect(param(query, "table")).toMatchObject({
      in: "query",
      required: true,
      schema: { type: "string", maxLength: 64 },
    });
    expect(param(query, "rowLimit")).toMatchObject({
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 100_000 },
    });
    expect(param(query, "DEBUG")).toMatchObject({ schema: { enum: ["0", "1"] } });
    const answer = query.responses["200"].content["application/json"].schema;
    expect(answer.properties.meta.properties.TotalRecords).toMatchObject({ type: "integer" });
    expect(answer.properties.data.items.anyOf).toContainEqual({ $ref: "#/components/schemas/vwProjectSearch" });

    const insert = doc.paths["/API/Insert/"].post;
    expect(param(insert, "Idempotency-Key")).toMatchObject({ in: "header", required: false });
    const bodies = insert.requestBody.content["application/json"].schema.oneOf;
    const notes = bodies.find(
      (b: { properties: { table: { const: string } } }) => b.properties.table.const === "tblProjectNotes",
    );
    expect(notes.properties.fields).toEqual({
      $ref: "#/components/schemas/tblProjectNotes",
      required: ["projectID", "ProjectNotesMinutes"],
    });
    // Views are never written: no body names one.
    expect(bodies.map((b: { properties: { table: { const: string } } }) => b.properties.table.const)).not.toContain(
      "vwProjectSearch",
    );
    expect(insert.responses["200"].content["application/json"].schema.properties.id).toMatchObject({
      type: "integer",
      exclusiveMinimum: 0,
    });

    const update = doc.paths["/API/Update/"].put;
    expect(update.requestBody.content["application/json"].schema.oneOf[0].required).toEqual([
      "table",
      "where",
      "fields",
    ]);
    expect(update.responses["200"].content["application/json"].schema.properties.status).toEqual({
      type: "string",
      const: "success",
    });

    const signIn = doc.paths["/API/Authenticate/"].post;
    expect(signIn.security).toEqual([]);
    expect(signIn.requestBody.content["application/json"].schema).toMatchObject({
      required: ["username", "password"],
      additionalProperties: false,
      properties: { username: { maxLength: 64 }, password: { maxLength: 256 } },
    });
    const upload = doc.paths["/API/Upload/"].post.requestBody.content["multipart/form-data"].schema;
    expect(Object.keys(upload.properties)).toEqual(["table", "key", "file"]);
    const live = doc.paths["/API/Live/"].get;
    expect(live.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(live.responses["200"].content)).toEqual(["text/event-stream"]);

    const { tblEmployee, tblProjectNotes } = doc.components.schemas;
    expect(tblEmployee.properties.empAvailabilityType).toMatchObject({ enum: ["In", "Break", "Out", null] });
    expect(tblEmployee.properties.empActive).toMatchObject({ type: "integer", enum: [0, 1] });
    expect(tblProjectNotes.properties.ProjectNotesMinutes).toMatchObject({
      type: "integer",
      enum: PROJECT_TIME_CHOICES.map((choice) => choice.value),
    });
    expect(tblProjectNotes.properties.ProjectNotesDesc).toMatchObject({ type: ["string", "null"], maxLength: 4000 });
    expect(tblProjectNotes.properties.projectNotesID).toMatchObject({ readOnly: true });
  });

  it("marks a secret column writeOnly: sent, never answered", () => {
    const tblSecretTest = resource({
      name: "tblSecretTest",
      kind: "table",
      key: "id",
      access: { view: "anyone", add: "anyone", change: "anyone", del: "anyone" },
      columns: { id: col.id(), name: col.text(50), token: col.secret(100) },
    }) as unknown as ResourceDef;
    const doc = completeDocument([tblSecretTest])({ openapiObject: { openapi: "3.1.0", paths: {} } });
    const schemas = (doc as { components: { schemas: Record<string, unknown> } }).components.schemas;
    const { properties } = schemas.tblSecretTest as { properties: Record<string, Record<string, unknown>> };
    expect(properties.token).toMatchObject({ type: "string", maxLength: 100, writeOnly: true });
    expect(properties.name?.writeOnly).toBeUndefined();
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
