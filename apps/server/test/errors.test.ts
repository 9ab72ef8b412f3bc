import { mkdtempSync, readdirSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ERROR_MESSAGES } from "@office/core";
import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "../src/http/app-error.js";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";
import { listening } from "./support/event-stream.js";

interface LogLine {
  level: number;
  reqId?: string;
  msg: string;
  req?: { remotePort?: number };
}

describe.each(ENGINES)("errors on the wire on $name", (engine) => {
  const uploadDir = mkdtempSync(join(tmpdir(), "office-errors-"));
  const t = useTestApp(engine, { config: { bodyLimit: 10_000, uploadDir } });
  const { admin, staff } = t;
  beforeAll(() => {
    const db = t.db;
    // Routes that fail in the ways real handlers can, to see what the client is told.
    t.app.get("/API/test/crash", { config: { access: "public" } }, async () => {
      throw new Error("secret internal detail at /srv/office/app.ts:42");
    });
    t.app.get("/API/test/sql-error", { config: { access: "public" } }, async () => {
      await sql`select * from "tblNoSuchTable"`.execute(db);
    });
    t.app.get("/API/test/conflict", { config: { access: "public" } }, async () => {
      await db
        .insertInto("tblAppLookup")
        .values({
          appLookupID: 1,
          appLookupParentID: "x",
          appLookupValue: null,
          appLookupCode: null,
          appLookupPrompt: null,
          appLookupMisc: null,
        })
        .execute();
    });
    t.app.get("/API/test/forbidden", { config: { access: "public" } }, async () => {
      throw new AppError(403, ERROR_MESSAGES.accessDenied);
    });
    t.app.get("/API/test/bad-value", { config: { access: "public" } }, async () => {
      await sql`select ${"not a number"}::integer`.execute(db);
    });
    t.app.get("/API/test/throws-string", { config: { access: "public" } }, async () => {
      throw "a thrown string";
    });
    // An answer that is not what its route's schema says.
    t.app.get(
      "/API/test/bad-answer",
      { config: { access: "public" }, schema: { response: { 200: z.object({ id: z.number() }) } } },
      async () => ({ id: "secret internal detail" }),
    );
  });

  const expectShape = (body: Record<string, unknown>, statusCode: number, error: string, path: string) => {
    expect(body).toMatchObject({ statusCode, error, path, requestId: expect.any(String) });
    expect(typeof body.message).toBe("string");
  };

  it("400 carries the status text, the path and the params", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/API/Authenticate/?from=test",
      payload: '{"username":',
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expectShape(response.json(), 400, "Bad Request", "/API/Authenticate/");
    expect(response.json().params).toEqual({ from: "test" });
  });

  it("400 for a body of the wrong type names the fields", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/API/Authenticate/",
      payload: { username: ["staff"], password: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors).sort()).toEqual(["password", "username"]);
  });

  it("400 for a JSON body that is not an object", async () => {
    for (const payload of ["[]", "null", "42", '"text"']) {
      const response = await t.app.inject({
        method: "POST",
        url: "/API/Authenticate/",
        payload,
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it("400 for a query that fails its route's schema names the query and each field, with the params as sent", async () => {
    const response = await staff.inject({ method: "GET", url: "/API/Query/?table=tblProject&rowLimit=many&nope=1" });
    expect(response.statusCode).toBe(400);
    expectShape(response.json(), 400, "Bad Request", "/API/Query/");
    expect(response.json().message).toBe("The query is not valid.");
    expect(Object.keys(response.json().fieldErrors).sort()).toEqual(["_", "rowLimit"]);
    expect(response.json().fieldErrors._).toMatch(/nope/);
    expect(response.json().params).toEqual({ table: "tblProject", rowLimit: "many", nope: "1" });
  });

  it("400 params are the query as sent, not what its schema made of it", async () => {
    const response = await staff.inject({ method: "GET", url: "/API/Query/?table=tblNoSuch" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "The query is not valid.",
      fieldErrors: { table: "is not a known table" },
      params: { table: "tblNoSuch" },
    });
  });

  it("400 for a body, a path or a header that fails its route's schema, in the words of each", async () => {
    const body = await staff.inject({ method: "POST", url: "/API/Delete/", payload: { table: 5, where: "x = 1" } });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe("The request body is not valid.");
    expect(Object.keys(body.json().fieldErrors)).toEqual(["table"]);
    // The first message of each field only.
    const grid = { rows: [{ permissionPageID: "x", permissionView: 2 }] };
    const nested = await admin.inject({ method: "PUT", url: "/API/Permissions/1", payload: grid });
    expect(nested.statusCode).toBe(400);
    expect(Object.keys(nested.json().fieldErrors)).toContain("rows.0.permissionPageID");

    const path = await admin.inject({ method: "GET", url: "/API/Permissions/abc" });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toBe("The path is not valid.");
    expect(Object.keys(path.json().fieldErrors)).toEqual(["empID"]);

    const header = await staff.inject({
      method: "POST",
      url: "/API/Insert/",
      payload: { table: "tblProjectNotes", fields: { projectID: 1, ProjectNotesMinutes: 15 } },
      headers: { "idempotency-key": "bad key!" },
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe("The Idempotency-Key header is not valid.");
    expect(header.json().fieldErrors).toEqual({ _: "must be 1 to 128 letters, digits or _.:-" });
  });

  it("checks an administrators' call's access before its input: a refused caller learns nothing of it", async () => {
    for (const request of [
      { method: "GET", url: "/API/Permissions/abc" },
      { method: "PUT", url: "/API/SignIn/1", payload: { username: "" } },
      { method: "GET", url: "/API/Audit/?nope=1" },
      { method: "POST", url: "/API/Restore/", payload: { auditID: "x" } },
    ] as const) {
      const response = await staff.inject(request);
      expect(response.statusCode, request.url).toBe(403);
    }
  });

  it("500 for an answer that is not what its route's schema says, the cause in the log only", async () => {
    const response = await t.app.inject({ method: "GET", url: "/API/test/bad-answer" });
    expect(response.statusCode).toBe(500);
    expectShape(response.json(), 500, "Internal Server Error", "/API/test/bad-answer");
    expect(response.json().message).toBe(ERROR_MESSAGES.internal);
    expect(response.body).not.toMatch(/secret|schema|number/);
    const logged = t.logs.find((line) => line.includes(response.json().requestId) && line.includes("request failed"));
    expect(logged).toContain("Response doesn't match the schema");
  });

  it("401 says the session has expired", async () => {
    const response = await t.app.inject({ method: "GET", url: "/API/EmployeeInfo/" });
    expectShape(response.json(), 401, "Unauthorized", "/API/EmployeeInfo/");
    expect(response.json().message).toBe("Your session has expired.");
  });

  it("404 API Not Found for an unknown call of a signed-in user, 401 before sign-in", async () => {
    const signedIn = await staff.inject({ method: "GET", url: "/API/NoSuchCall/" });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json().message).toBe("API Not Found");
    expectShape(signedIn.json(), 404, "Not Found", "/API/NoSuchCall/");
    expect((await t.app.inject({ method: "GET", url: "/API/NoSuchCall/" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/API/EmployeeInfo/" })).statusCode).toBe(401);
  });

  it("404 for an unknown path outside the API", async () => {
    const response = await t.app.inject({ method: "GET", url: "/no/such/page" });
    expectShape(response.json(), 404, "Not Found", "/no/such/page");
  });

  it("403 and 409 pass through with their own status", async () => {
    const forbidden = await t.app.inject({ method: "GET", url: "/API/test/forbidden" });
    expectShape(forbidden.json(), 403, "Forbidden", "/API/test/forbidden");
    expect(forbidden.json().message).toBe("Access Denied!");
    const conflict = await t.app.inject({ method: "GET", url: "/API/test/conflict" });
    expectShape(conflict.json(), 409, "Conflict", "/API/test/conflict");
    expect(conflict.body).not.toMatch(/tblAppLookup|pkey|duplicate/i);
  });

  it("a value of the wrong type in the database is a 400, not a 500", async () => {
    const response = await t.app.inject({ method: "GET", url: "/API/test/bad-value" });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/integer|syntax/i);
  });

  it("500 hides the cause: no message, stack, SQL or path of the server", async () => {
    for (const url of ["/API/test/crash", "/API/test/sql-error", "/API/test/throws-string"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(500);
      expectShape(response.json(), 500, "Internal Server Error", url);
      expect(response.json().message).toBe(ERROR_MESSAGES.internal);
      expect(response.body).not.toMatch(/secret|\/srv|tblNoSuchTable|relation|at .*\.ts|stack/i);
    }
    // The cause is in the log, under the request id the client was given.
    const crash = await t.app.inject({ method: "GET", url: "/API/test/crash" });
    const logged = t.logs.find((line) => line.includes(crash.json().requestId) && line.includes("request failed"));
    expect(logged).toContain("secret internal detail");
  });

  it("413 for a body over the limit, and the server goes on", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/API/Authenticate/",
      payload: { username: "x".repeat(20_000), password: "demo" },
    });
    expect(response.statusCode).toBe(413);
    expectShape(response.json(), 413, "Payload Too Large", "/API/Authenticate/");
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("415 for a body that is not JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/API/Authenticate/",
      payload: "username=staff&password=demo",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(415);
    expectShape(response.json(), 415, "Unsupported Media Type", "/API/Authenticate/");
  });

  it("answers hostile inputs with a 4xx and stays up", async () => {
    const hostile = [
      {
        method: "POST",
        url: "/API/Authenticate/",
        payload: '{"__proto__":{"admin":true},"username":"staff","password":"demo"}',
        headers: { "content-type": "application/json" },
      },
      {
        method: "POST",
        url: "/API/Authenticate/",
        payload: '{"username":"staff\\u0000","password":"demo"}',
        headers: { "content-type": "application/json" },
      },
      { method: "GET", url: `/API/EmployeeInfo/?${"a=1&".repeat(2000)}` },
      { method: "GET", url: "/API/EmployeeInfo/", headers: { authorization: `Bearer ${"x".repeat(10_000)}` } },
      { method: "GET", url: "/webapp/%2e%2e/%2e%2e/package.json" },
    ] as const;
    for (const request of hostile) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, request.url).toBeLessThan(500);
    }
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("logs a client that closes its connection mid-body at info: an outsider cannot fill the error log", async () => {
    const port = Number(new URL(await listening(t.app)).port);
    const token = await admin.token();
    const logs = () => t.logs.map((line) => JSON.parse(line) as LogLine);
    const boundary = "----cut-short";
    const incoming = (port: number | undefined) => {
      const line = logs().find((l) => l.msg === "incoming request" && l.req?.remotePort === port);
      if (!line) throw new Error("the request has not arrived yet");
      return line;
    };
    // Each request is cut short once the server is reading its body: a JSON body, an upload's file.
    const cutShort = [
      {
        head: 'POST /API/Authenticate/ HTTP/1.1\r\nhost: office\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"username":',
        reading: (port: number | undefined) => incoming(port),
      },
      {
        head:
          `POST /API/Upload/ HTTP/1.1\r\nhost: office\r\nauthorization: Bearer ${token}\r\n` +
          `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: 100000\r\n\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="table"\r\n\r\ntblProject\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="key"\r\n\r\n1\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 and then nothing`,
        reading: () => expect(readdirSync(uploadDir).filter((name) => name.endsWith(".part"))).toHaveLength(1),
      },
    ];
    for (const { head, reading } of cutShort) {
      const socket = connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write(head);
      await vi.waitFor(() => reading(socket.localPort));
      const { reqId } = incoming(socket.localPort);
      socket.destroy();
      const closed = await vi.waitFor(() => {
        const line = logs().find((l) => l.reqId === reqId && l.msg === "client closed the request");
        if (!line) throw new Error("not logged yet");
        return line;
      });
      expect(closed.level).toBe(30);
      expect(logs().filter((l) => l.reqId === reqId && l.level >= 40)).toEqual([]);
    }
    // The cut-short file was not kept.
    expect(readdirSync(uploadDir)).toEqual([]);
  });
});
