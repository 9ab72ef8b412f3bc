import { OPERATION_INPUTS, OPERATION_LIST, OPERATIONS, pathParameters } from "@office/core";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";

type Doc = {
  paths: Record<
    string,
    Record<string, { summary: string; tags: string[]; "x-office-grant"?: { name: string }; responses: unknown }>
  >;
};

// A path as the document writes it: "{id}" for Fastify's ":id".
const documentedPath = (path: string) => path.replaceAll(/:([A-Za-z]\w*)/g, "{$1}");
// A path with each parameter a record of the demo company (its first of each).
const concretePath = (path: string, value = "1") =>
  pathParameters(path).reduce((p, name) => p.replace(`:${name}`, value), path);

/*
 * Every operation core declares (core's `operations/`) is served from its declaration: at its
 * method and path, with its summary, group and grant in the API document, its grant enforced,
 * and its input checked.
 */
describe.each(ONE_ENGINE)("the declared operations, on $name", (engine) => {
  const t = useTestApp(engine);
  let doc: Doc;
  beforeAll(async () => {
    doc = (await t.admin.call("GET", "/API/docs/openapi.json")).json();
  });

  it("are the credit card, administration, portal order and file calls", () => {
    expect(Object.keys(OPERATIONS)).toEqual(
      expect.arrayContaining([
        "cardInbox",
        "decideCardRequest",
        "savePermissionGrid",
        "restoreDeleted",
        "attachFile",
        "fileBytes",
        "removeFile",
      ]),
    );
  });

  describe.each(OPERATION_LIST)("$name ($method $path)", (op) => {
    it("is in the API document as declared: its summary, group and grant", () => {
      const documented = doc.paths[documentedPath(op.path)]?.[op.method.toLowerCase()];
      expect(documented?.summary).toBe(op.summary);
      expect(documented?.tags).toEqual([op.tag]);
      expect(documented?.["x-office-grant"]?.name).toBe(op.grant);
      // An answer of a resource's rows is documented with that resource's columns.
      if (op.rowsOf) expect(JSON.stringify(documented?.responses)).toContain(`"#/components/schemas/${op.rowsOf}"`);
    });

    it("refuses a caller without its grant, and a malformed input, with the error body", async () => {
      const send = (user: string, input: Record<string, unknown>, path = concretePath(op.path)) =>
        t.as(user).inject({
          method: op.method,
          url: path,
          ...(op.method === "GET" ? { query: input as Record<string, string> } : { payload: input }),
        });
      if (op.grant) expect((await send("staff", {})).statusCode).toBe(403);
      // A path parameter that names nothing a record could be, or a body or query with a field
      // nobody declared: 400 before any work.
      const params = pathParameters(op.path);
      const refused =
        params.length > 0
          ? await send("admin", {}, concretePath(op.path, "x%27"))
          : await send("admin", op.method === "GET" ? { rowLimit: "x", table: "", key: "" } : { unexpected: [1] });
      if (params.length === 0 && op.method === "GET" && !("querystring" in OPERATION_INPUTS[op.name])) {
        // A GET without input takes none to refuse: it answers.
        expect(refused.statusCode).toBe(200);
        return;
      }
      if (op.form) {
        // An upload is a form: a JSON body is refused as not one, before any of it is read.
        expect(refused.statusCode, refused.body).toBe(415);
        return;
      }
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    });
  });
});
