import { mkdtempSync, readdirSync, renameSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { ERROR_MESSAGES, OPERATIONS, RECORD_FILES_LISTED } from "@office/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testApp, tokenOf } from "./support/app.js";
import { useTestApp } from "./support/context.js";
import type { DataClient } from "./support/data.js";
import { ENGINES, ONE_ENGINE } from "./support/engines.js";
import { expectError } from "./support/errors.js";
import { form, PDF, PNG } from "./support/multipart.js";

describe.each(ENGINES)("uploads on $name", (engine) => {
  const uploadDir = mkdtempSync(join(tmpdir(), "office-up-"));
  const t = useTestApp(engine, { config: { uploadDir, uploadLimit: 4_096 } });
  const { admin, staff, noperm } = t;

  const upload = (client: DataClient, fields: Record<string, string>, file?: Parameters<typeof form>[1]) =>
    client.inject({ method: "POST", url: "/API/Upload/", ...form(fields, file) });
  /** A body sent as it is, under a multipart content type (the boundary of `form` unless told). */
  const raw = (client: DataClient, payload: Buffer | Readable, contentType = form({}).headers["content-type"]) =>
    client.inject({ method: "POST", url: "/API/Upload/", payload, headers: { "content-type": contentType } });
  /** The levels this request's log lines were written at. */
  const levelsOf = (response: { headers: Record<string, unknown> }) =>
    t.logs
      .map((line) => JSON.parse(line) as { reqId?: string; level: number })
      .filter((line) => line.reqId === response.headers["x-request-id"])
      .map((line) => line.level);

  it("stores a file of an allowed type for a record and serves it back to those who may view it", async () => {
    const response = await upload(
      admin,
      { table: "tblProject", key: "1" },
      { name: "site/../../plan.png", content: PNG, type: "text/html" },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: "success",
      fileName: "plan.png",
      size: PNG.length,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(readdirSync(uploadDir)).toContain(body.id);

    const list = await staff.operation(OPERATIONS.recordFiles, { table: "tblProject", key: "1" });
    expect(list.json().data.map((u: { uploadID: string }) => u.uploadID)).toContain(body.id);
    const download = await staff.inject({ method: "GET", url: `/API/Upload/${body.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png"); // not the text/html the uploader claimed
    expect(download.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''plan.png");
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it("lists who added a file and when; removes it for whoever may change its record, audited, and restorable", async () => {
    const project = { table: "tblProject", key: "2" };
    const added = (await upload(admin, project, { name: "quote.pdf", content: PDF })).json();
    const files = async () => (await staff.operation(OPERATIONS.recordFiles, project)).json().data;
    expect((await files()).find((f: { uploadID: string }) => f.uploadID === added.id)).toMatchObject({
      fileName: "quote.pdf",
      size: PDF.length,
      empID: 1,
      addedBy: "Alex Morgan",
      createdTS: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    const remove = (client: DataClient, uploadID: string) => client.operation(OPERATIONS.removeFile, { uploadID });
    // Staff may view the project, not change it: the file stays.
    expect((await remove(staff, added.id)).statusCode).toBe(403);
    expect((await remove(noperm, added.id)).statusCode).toBe(403);
    expect((await remove(admin, "not-a-uuid")).statusCode).toBe(400);
    const removed = await remove(admin, added.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ status: "success" });
    expect((await files()).map((f: { uploadID: string }) => f.uploadID)).not.toContain(added.id);
    expect((await admin.inject({ method: "GET", url: `/API/Upload/${added.id}` })).statusCode).toBe(404);
    expect((await remove(admin, added.id)).statusCode).toBe(404);
    // The trail keeps it, and an administrator puts it back: listed and served again.
    const trail = await admin.operation(OPERATIONS.auditTrail, { table: "upload", key: added.id });
    const deletion = trail.json().data.find((entry: { action: string }) => entry.action === "delete");
    expect(deletion?.before).toMatchObject({ uploadID: added.id, fileName: "quote.pdf", recordKey: "2" });
    const restored = await admin.restore(deletion.auditID);
    expect(restored.json()).toEqual({ id: added.id });
    expect((await files()).find((f: { uploadID: string }) => f.uploadID === added.id)?.addedBy).toBe("Alex Morgan");
    const served = await staff.inject({ method: "GET", url: `/API/Upload/${added.id}` });
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it("lists at most RECORD_FILES_LISTED files of a record, the oldest first", async () => {
    await sql`insert into "upload" ("uploadID", "tableName", "recordKey", "fileName", "contentType", "size", "sha256", "createdTS")
      select gen_random_uuid(), 'tblProject', '3', 'f' || n || '.pdf', 'application/pdf', 1, '', now() + n * interval '1 second'
      from generate_series(1, ${RECORD_FILES_LISTED + 1}) n`.execute(t.db);
    const listed = (await admin.operation(OPERATIONS.recordFiles, { table: "tblProject", key: "3" })).json().data;
    expect(listed).toHaveLength(RECORD_FILES_LISTED);
    expect(listed[0].fileName).toBe("f1.pdf");
  });

  it("drops bidirectional controls from the name: it is stored and sent back as it reads", async () => {
    // "report<RLO>fdp.png" shows as "reportgnp.pdf"; the other controls would hide other tricks.
    const controls = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069";
    const response = await upload(
      admin,
      { table: "tblProject", key: "1" },
      { name: `report\u202efdp${controls}.png`, content: PNG },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { id, fileName } = response.json();
    expect(fileName).toBe("reportfdp.png");
    const list = await admin.operation(OPERATIONS.recordFiles, { table: "tblProject", key: "1" });
    expect(list.json().data.find((u: { uploadID: string }) => u.uploadID === id)?.fileName).toBe("reportfdp.png");
    const download = await admin.inject({ method: "GET", url: `/API/Upload/${id}` });
    expect(download.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''reportfdp.png");
    // A name of controls alone keeps its extension under a name.
    const bare = await upload(admin, { table: "tblProject", key: "1" }, { name: `‮${controls}.png`, content: PNG });
    expect(bare.json().fileName).toBe("file.png");
    // Also when the name is as long as it may be: the prefix is not cut off again.
    const long = await upload(
      admin,
      { table: "tblProject", key: "1" },
      { name: `\u202e.${"x".repeat(195)}.png`, content: PNG },
    );
    expect(long.json().fileName).toMatch(/^filex+\.png$/);
    expect(long.json().fileName).toHaveLength(200);
  });

  it("refuses a file whose content is not of its type, or whose type is not allowed", async () => {
    expect(
      (
        await upload(
          admin,
          { table: "tblProject", key: "1" },
          { name: "evil.png", content: Buffer.from("<script>alert(1)</script>") },
        )
      ).statusCode,
    ).toBe(415);
    expect(
      (await upload(admin, { table: "tblProject", key: "1" }, { name: "run.exe", content: Buffer.from("MZ") }))
        .statusCode,
    ).toBe(415);
    expect(
      (await upload(admin, { table: "tblProject", key: "1" }, { name: "page.html", content: Buffer.from("<html>") }))
        .statusCode,
    ).toBe(415);
    expect((await upload(admin, { table: "tblProject", key: "1" }, { name: "doc.pdf", content: PDF })).statusCode).toBe(
      200,
    );
  });

  it("refuses a file over the size limit and keeps nothing of it", async () => {
    const before = readdirSync(uploadDir).length;
    const big = Buffer.concat([PDF, Buffer.alloc(10_000, 65)]);
    const response = await upload(admin, { table: "tblProject", key: "1" }, { name: "big.pdf", content: big });
    expect(response.statusCode).toBe(413);
    expect(readdirSync(uploadDir).length).toBe(before);
  });

  it("needs the change permission on the record's table, and the record", async () => {
    expect((await upload(staff, { table: "tblProject", key: "1" }, { name: "a.pdf", content: PDF })).statusCode).toBe(
      403,
    );
    expect(
      (await upload(admin, { table: "tblProject", key: "999999" }, { name: "a.pdf", content: PDF })).statusCode,
    ).toBe(404);
    // A view takes no files: no table of the upload's schema.
    expect(
      (await upload(admin, { table: "vwProjectSearch", key: "1" }, { name: "a.pdf", content: PDF })).statusCode,
    ).toBe(400);
    expect((await upload(admin, { table: "nope", key: "1" }, { name: "a.pdf", content: PDF })).statusCode).toBe(400);
    expect(
      (await upload(admin, { table: "tblProject", key: "1 OR 1=1" }, { name: "a.pdf", content: PDF })).statusCode,
    ).toBe(400);
  });

  it("answers a caller without rights alike whether the record exists or not", async () => {
    const body = (response: { json(): Record<string, unknown> }) => {
      const { requestId: _, ...rest } = response.json();
      return rest;
    };
    const file = { name: "a.exe", content: Buffer.from("MZ") };
    const existing = await upload(staff, { table: "tblProject", key: "1" }, file);
    const missing = await upload(staff, { table: "tblProject", key: "999999" }, file);
    expect(existing.statusCode).toBe(403);
    expect(body(missing)).toEqual(body(existing));
    const list = (key: string) => staff.operation(OPERATIONS.recordFiles, { table: "tblCC", key });
    const [listed, unlisted] = [await list("1"), await list("999999")];
    expect(listed.statusCode).toBe(403);
    expect(body(unlisted)).toEqual(body(listed));
  });

  it("attaches to a time note only for its author or an administrator", async () => {
    // staff may log time (add on page 9) and holds no change flag: a note's author still may.
    const note = async (client: DataClient) =>
      (await client.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).json().id as number;
    const [mine, admins] = [await note(staff), await note(admin)];
    const file = { name: "receipt.pdf", content: PDF };
    expect((await upload(staff, { table: "tblProjectNotes", key: String(mine) }, file)).statusCode).toBe(200);
    expect((await upload(staff, { table: "tblProjectNotes", key: String(admins) }, file)).statusCode).toBe(404);
    expect((await upload(admin, { table: "tblProjectNotes", key: String(mine) }, file)).statusCode).toBe(200);
  });

  it("refuses a request that is not multipart or holds no file", async () => {
    const json = await admin.inject({ method: "POST", url: "/API/Upload/", payload: { table: "tblProject" } });
    expect(json.statusCode).toBe(415);
    expect((await upload(admin, { table: "tblProject", key: "1" })).statusCode).toBe(400);
  });

  it("serves a file only to those who may view its record", async () => {
    const { id } = (await upload(admin, { table: "tblCC", key: "1" }, { name: "receipt.pdf", content: PDF })).json();
    expect((await staff.inject({ method: "GET", url: `/API/Upload/${id}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/API/Upload/${id}` })).statusCode).toBe(401);
    expect((await admin.inject({ method: "GET", url: "/API/Upload/not-a-uuid" })).statusCode).toBe(400);
  });

  it("refuses a caller who may attach files to nothing before reading the body", async () => {
    // A body that never ends: only a refusal that does not wait for it can answer.
    const endless = new Readable({ read() {} });
    expectError(await raw(noperm, endless), 403, ERROR_MESSAGES.accessDenied);
    // Nor is the body's kind looked at first: malformed, or not multipart at all.
    expectError(await raw(noperm, Buffer.from("garbage")), 403, ERROR_MESSAGES.accessDenied);
    const json = await noperm.inject({
      method: "POST",
      url: "/API/Upload/",
      payload: { table: "tblProject", key: "1" },
    });
    expectError(json, 403, ERROR_MESSAGES.accessDenied);
  });

  it("answers every malformed multipart body 400, logged as a refusal, never as an error", async () => {
    const valid = form({ table: "tblProject", key: "1" }, { name: "a.pdf", content: PDF });
    const boundary = valid.headers["content-type"].split("boundary=")[1] ?? "";
    const malformed: Array<[string, Buffer, string?]> = [
      ["no boundary", valid.payload, "multipart/form-data"],
      ["an empty boundary", valid.payload, "multipart/form-data; boundary="],
      ["a boundary too long to search for", valid.payload, `multipart/form-data; boundary=${"b".repeat(300)}`],
      ["garbage", Buffer.from("\u0000\u00ff not a form at all \r\n\r\n--")],
      [
        "another boundary than the header's",
        form({ table: "tblProject", key: "1" }).payload,
        `multipart/form-data; boundary=x${boundary}`,
      ],
      ["a part without its headers' end", Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="table"`)],
    ];
    // The form cut short anywhere before its closing delimiter: in a field, between parts, in the file.
    const closing = valid.payload.indexOf(`--${boundary}--`);
    for (let end = 1; end <= closing; end += 7) malformed.push([`cut at ${end}`, valid.payload.subarray(0, end)]);
    for (const [what, payload, contentType] of malformed) {
      const response = await raw(admin, payload, contentType);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expectError(response, 400);
      expect(Math.max(...levelsOf(response)), what).toBeLessThan(50);
    }
    expect(readdirSync(uploadDir).filter((name) => name.endsWith(".part"))).toEqual([]);
  });

  it("keeps a failure of the server's own disk a 500 and an error", async () => {
    const moved = `${uploadDir}-moved`;
    renameSync(uploadDir, moved);
    try {
      const response = await upload(admin, { table: "tblProject", key: "1" }, { name: "a.pdf", content: PDF });
      expectError(response, 500);
      expect(levelsOf(response)).toContain(50);
    } finally {
      renameSync(moved, uploadDir);
    }
  });

  it("refuses an empty file, whatever its type: it is never a receipt or a document", async () => {
    const before = readdirSync(uploadDir).length;
    for (const name of ["empty.txt", "empty.csv", "empty.pdf", "empty.png"]) {
      const body = expectError(
        await upload(admin, { table: "tblProject", key: "1" }, { name, content: Buffer.alloc(0) }),
        400,
      );
      expect(body.fieldErrors, name).toEqual({ file: "is empty" });
    }
    expect(readdirSync(uploadDir).length).toBe(before);
  });
});

describe.each(ONE_ENGINE)("an upload refused before its end, over HTTP, on $name", (engine) => {
  it("closes its connection with the answer, so that no request sent after it on the connection goes unheard", async () => {
    const { app, close } = await testApp(engine, {
      config: { uploadDir: mkdtempSync(join(tmpdir(), "office-http-")) },
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const authorization = `Bearer ${await tokenOf(app, "admin")}`;
      const send = (
        path: string,
        method = "GET",
        { payload, headers }: ReturnType<typeof form> | Partial<ReturnType<typeof form>> = {},
      ) =>
        new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
          const call = request(
            `${base}${path}`,
            { method, agent, headers: { ...headers, authorization } },
            (answer) => {
              answer.resume();
              answer.on("end", () =>
                resolve({ status: answer.statusCode ?? 0, connection: answer.headers.connection }),
              );
            },
          );
          call.on("error", reject);
          call.end(payload);
        });
      // No such record: refused once the fields are read, the file's 256 KiB never.
      const big = Buffer.concat([PDF, Buffer.alloc(256 * 1024, 0x20)]);
      const refused = await send(
        "/API/Upload/",
        "POST",
        form({ table: "tblProject", key: "999999" }, { name: "plan.pdf", content: big }),
      );
      expect(refused).toEqual({ status: 404, connection: "close" });
      expect(await send("/readyz")).toEqual({ status: 200, connection: "keep-alive" });
      // One read to its end keeps its connection.
      const kept = await send(
        "/API/Upload/",
        "POST",
        form({ table: "tblProject", key: "1" }, { name: "plan.pdf", content: PDF }),
      );
      expect(kept).toEqual({ status: 200, connection: "keep-alive" });
    } finally {
      agent.destroy();
      await close();
    }
  });
});
