import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { DB } from "../../src/db/schema.js";

type Injecting = { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> };

/** Files of allowed types, as small as their first bytes allow. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
export const PDF = Buffer.from("%PDF-1.7\n% a tiny test document\n");

/** A multipart/form-data body: the fields first, then one file. */
export function form(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = "----office-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Attaches `content` as plan.pdf to project 1 through a client of the app (any with `inject`). */
export function attachPlan(client: Injecting, content: Buffer) {
  return client.inject({
    method: "POST",
    url: "/API/Upload/",
    ...form({ table: "tblProject", key: "1" }, { name: "plan.pdf", content }),
  });
}

/**
 * Attaches `content` through one client and reads it back through another (another server
 * process): answers the file's id once it came back as sent, as a PDF.
 */
export async function attachedAndServed(uploader: Injecting, reader: Injecting, content: Buffer): Promise<string> {
  const sent = await attachPlan(uploader, content);
  expect(sent.statusCode, sent.body).toBe(200);
  const { id } = sent.json();
  const served = await reader.inject({ method: "GET", url: `/API/Upload/${id}` });
  expect(served.statusCode).toBe(200);
  expect(served.headers["content-type"]).toBe("application/pdf");
  expect(served.rawPayload.equals(content)).toBe(true);
  return id;
}

/** An `upload` row of project 1 whose bytes were never kept anywhere (or kept by a test itself). */
export function recordUpload(db: Kysely<DB>, uploadID: string, size: number) {
  return db
    .insertInto("upload")
    .values({
      uploadID,
      tableName: "tblProject",
      recordKey: "1",
      fileName: "old.pdf",
      contentType: "application/pdf",
      size,
      sha256: "x",
    })
    .execute();
}
