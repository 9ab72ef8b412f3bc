import {
  col,
  EDITABLE_GROUPS,
  NAMED_QUERIES,
  PAGE_IDS,
  PROJECT_TIME_CHOICES,
  RESOURCES,
  type ResourceDef,
  resource,
  tableFor,
  WHERE_LIMITS,
} from "@office/core";
import { describe, expect, it } from "vitest";
import { completeDocument } from "../src/http/openapi.js";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";

const engine = ENGINES[0];
if (!engine) throw new Error("no engine");

describe("the API documentation", () => {
  const t = useTestApp(engine);
  const { admin, staff } = t;

  it("documents every call the server has and every declared resource", async () => {
    const doc = (await admin.call("GET", "/API/docs/openapi.json")).json();
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
    const doc = (await admin.call("GET", "/API/docs/openapi.json")).json();
    const param = (op: { parameters: Array<{ name: string; schema: Record<string, unknown> }> }, name: string) =>
      op.parameters.find((p) => p.name === name);

    const query = doc.paths["/API/Query/"].get;
    expect(param(query, "table")).toMatchObject({ in: "query", required: true, schema: { type: "string" } });
    expect(param(query, "table")?.schema.enum).toEqual([...RESOURCES.keys()]);
    expect(param(query, "where")?.schema).toMatchObject({
      maxLength: WHERE_LIMITS.maxLength,
      "x-office-language": "where",
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
    expect(notes.properties.fields).toEqual({ $ref: "#/components/schemas/tblProjectNotes.insert" });
    expect(doc.components.schemas["tblProjectNotes.insert"]).toMatchObject({
      required: ["projectID", "ProjectNotesMinutes"],
      additionalProperties: false,
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

  // What the generated requests of api-property.test.ts found the document leaving out, each now said.
  it("states the limits the server enforces", async () => {
    const doc = (await admin.call("GET", "/API/docs/openapi.json")).json();
    const { schemas } = doc.components;
    const op = (path: string, method = "post") => doc.paths[path][method];
    const param = (path: string, name: string, method = "get") =>
      op(path, method).parameters.find((p: { name: string }) => p.name === name).schema;
    const body = (path: string, method = "post") => op(path, method).requestBody.content["application/json"].schema;
    const tablesOf = (path: string, method = "post") =>
      body(path, method).oneOf.map((b: { properties: { table: { const: string } } }) => b.properties.table.const);
    const named = (keep: (def: ResourceDef) => boolean) =>
      [...RESOURCES.values()].filter((def) => keep(def as ResourceDef)).map((def) => def.name);

    // Each call's tables, those it serves: a name it does not was a 400 the document allowed.
    expect(tablesOf("/API/Insert/")).toEqual(named(tableFor("add")));
    // A table written by calls of its own (the calendar's events) is none of the data service's.
    expect(tablesOf("/API/Insert/")).not.toContain("tblEvent");
    expect(tablesOf("/API/Update/", "put")).toContain("tblEmployee");
    // A table without a column anyone writes (a charge) is no table to update.
    expect(tablesOf("/API/Update/", "put")).not.toContain("tblCCCharge");
    expect(body("/API/Delete/").properties.table.enum).toEqual(named(tableFor("del")));
    expect(param("/API/Totals/", "table").enum).toEqual(named((def) => def.totals !== undefined));
    expect(body("/API/ExecuteQuery/").properties.query.enum).toEqual(Object.keys(NAMED_QUERIES));
    expect(body("/API/Update/", "put").oneOf[0].properties.where).toMatchObject({
      maxLength: WHERE_LIMITS.maxLength,
      pattern: "\\S",
    });
    // Update's debug is what the web app sends; any JSON there let a `__proto__` key be sent, which Fastify refuses.
    expect(body("/API/Update/", "put").oneOf[0].properties.debug).toEqual({
      anyOf: [
        { type: "number", const: 0 },
        { type: "number", const: 1 },
      ],
    });
    // Ids in paths are int4s (a 10-digit id was allowed), documented as the integers clients send.
    expect(param("/API/PortalOrders/{portalOrderID}/Project", "portalOrderID", "post")).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 2_147_483_647,
    });
    expect(param("/API/CreditCard/MissingReceipts", "rowLimit")).toMatchObject({ type: "integer", maximum: 100 });
    expect(body("/API/Permissions/{empID}", "put").properties.rows.items.properties.permissionPageID.enum).toEqual(
      PAGE_IDS,
    );
    // (An enumeration of texts that are numbers lists those first: compared as sets.)
    const sorted = (values: Iterable<string>) => [...values].sort();
    expect(sorted(body("/API/ListOrder/", "put").properties.group.enum)).toEqual(sorted(EDITABLE_GROUPS));
    // A blank username or code passed a minimum length counted before the trim.
    expect(JSON.stringify(body("/API/Authenticate/").properties.username)).toContain('"pattern":"\\\\S"');
    // A denial needs its reason: the decision's two bodies.
    const [approve, deny] = body("/API/CreditCard/Requests/{ccPermissionID}/Decision").oneOf;
    expect(approve.required).not.toContain("reason");
    expect(deny.required).toContain("reason");
    // The card calls' columns were `{}`: now each column's write schema.
    expect(body("/API/CreditCard/Requests").properties.ccPermissionAmount).toMatchObject({
      type: ["string", "number"],
      exclusiveMinimum: 0,
      exclusiveMaximum: 1_000_000_000,
      multipleOf: 0.01,
    });
    // A table's fields: their rules (formats, not blank, a list's values), no NUL, days that exist.
    const employee = schemas["tblEmployee.insert"].properties;
    expect(employee.empFirstName).toMatchObject({ minLength: 1, maxLength: 100, pattern: "\\S" });
    expect(employee.empPhone.pattern).toContain("\\(\\d{3}\\) \\d{3}-\\d{4}");
    expect(employee.empEmail.not).toEqual({ type: "string", pattern: "\\u0000" });
    expect(employee.empHireDate.anyOf[0]).toMatchObject({ format: "date" });
    expect(sorted(schemas["tblAppLookup.insert"].properties.appLookupParentID.enum)).toEqual(sorted(EDITABLE_GROUPS));
    expect(schemas["tblAppLookup.update"].properties.appLookupParentID.not).toEqual({});
    // A day is answered as a day ("2012-04-10"), not as a moment.
    expect(schemas.tblEmployee.properties.empHireDate).toMatchObject({ format: "date" });
    // An uploaded file may not be empty.
    const upload = op("/API/Upload/").requestBody.content["multipart/form-data"].schema;
    expect(upload.properties.file).toMatchObject({ minLength: 1 });
    expect(upload.properties.table.enum).toEqual(named(tableFor("change")));
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
    const page = await admin.call("GET", "/API/docs");
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("vwEmployeeAvailability");
    expect(page.body).toContain("<code>/API/Query/</code>");
  });

  it("is for administrators only", async () => {
    expect((await staff.call("GET", "/API/docs/openapi.json")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/API/docs" })).statusCode).toBe(401);
    const staffPage = await staff.inject({ method: "GET", url: "/API/docs", headers: { accept: "text/html" } });
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
