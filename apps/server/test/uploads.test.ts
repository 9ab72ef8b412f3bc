import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp, tokenOf, withToken } from "./support/app.js";
import { ENGINES } from "./support/engines.js";
import { form, PDF, PNG } from "./support/multipart.js";

describe.each(ENGINES)("uploads on $name", (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), "office-up-"));
    t = await testApp(engine, { config: { uploadDir, uploadLimit: 4_096 } });
    admin = await tokenOf(t.app, "admin");
    staff = await tokenOf(t.app, "staff");
  });
  afterAll(() => t?.close());

  const upload = (token: string, fields: Record<string, string>, file?: Parameters<typeof form>[1]) =>
    t.app.inject(withToken(token, { method: "POST", url: "/API/Upload/", ...form(fields, file) }));

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

    const list = await t.app.inject(
      withToken(staff, { method: "GET", url: "/API/Upload/", query: { table: "tblProject", key: "1" } }),
    );
    expect(list.json().data.map((u: { uploadID: string }) => u.uploadID)).toContain(body.id);
    const download = await t.app.inject(withToken(staff, { method: "GET", url: `/API/Upload/${body.id}` }));
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png"); // not the text/html the uploader claimed
    expect(download.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''plan.png");
    expect(download.rawPayload.equals(PNG)).toBe(true);
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
    const list = await t.app.inject(
      withToken(admin, { method: "GET", url: "/API/Upload/", query: { table: "tblProject", key: "1" } }),
    );
    expect(list.json().data.find((u: { uploadID: string }) => u.uploadID === id)?.fileName).toBe("reportfdp.png");
    const download = await t.app.inject(withToken(admin, { method: "GET", url: `/API/Upload/${id}` }));
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
    expect(
      (await upload(admin, { table: "vwProjectSearch", key: "1" }, { name: "a.pdf", content: PDF })).statusCode,
    ).toBe(403);
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
    const list = (key: string) =>
      t.app.inject(withToken(staff, { method: "GET", url: "/API/Upload/", query: { table: "tblCC", key } }));
    const [listed, unlisted] = [await list("1"), await list("999999")];
    expect(listed.statusCode).toBe(403);
    expect(body(unlisted)).toEqual(body(listed));
  });

  it("attaches to a time note only for its author or an administrator", async () => {
    const db = t.database.db;
    await db
      .updateTable("tblPermission")
      .set({ permissionChange: 1 })
      .where("empID", "=", 2)
      .where("permissionPageID", "=", 9)
      .execute();
    try {
      const note = async (token: string) =>
        (
          await t.app.inject(
            withToken(token, {
              method: "POST",
              url: "/API/Insert/",
              payload: { table: "tblProjectNotes", fields: { projectID: 1, ProjectNotesMinutes: 15 } },
            }),
          )
        ).json().id as number;
      const [mine, admins] = [await note(staff), await note(admin)];
      const file = { name: "receipt.pdf", content: PDF };
      expect((await upload(staff, { table: "tblProjectNotes", key: String(mine) }, file)).statusCode).toBe(200);
      expect((await upload(staff, { table: "tblProjectNotes", key: String(admins) }, file)).statusCode).toBe(404);
      expect((await upload(admin, { table: "tblProjectNotes", key: String(mine) }, file)).statusCode).toBe(200);
    } finally {
      await db
        .updateTable("tblPermission")
        .set({ permissionChange: 0 })
        .where("empID", "=", 2)
        .where("permissionPageID", "=", 9)
        .execute();
    }
  });

  it("refuses a request that is not multipart or holds no file", async () => {
    const json = await t.app.inject(
      withToken(admin, { method: "POST", url: "/API/Upload/", payload: { table: "tblProject" } }),
    );
    expect(json.statusCode).toBe(415);
    expect((await upload(admin, { table: "tblProject", key: "1" })).statusCode).toBe(400);
  });

  it("serves a file only to those who may view its record", async () => {
    const { id } = (await upload(admin, { table: "tblCC", key: "1" }, { name: "receipt.pdf", content: PDF })).json();
    expect((await t.app.inject(withToken(staff, { method: "GET", url: `/API/Upload/${id}` }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/API/Upload/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject(withToken(admin, { method: "GET", url: "/API/Upload/not-a-uuid" }))).statusCode).toBe(
      400,
    );
  });
});
