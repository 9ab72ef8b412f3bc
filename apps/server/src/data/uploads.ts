import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import { fileTarget, RECORD_FILES_LISTED, RESOURCES } from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { served } from "../http/operations.js";
import { streamedBody, validate } from "../http/validate.js";
import { type Actor, may, requireAccess, requireReach } from "./actor.js";
import { audit, UPLOAD_TABLE } from "./audit.js";
import { actorOf, resourceOf } from "./context.js";
import type { FileStore } from "./file-store.js";
import { fileTypeOf } from "./file-types.js";
import { readableRows, writableRows } from "./row-scope.js";

interface UploadDeps {
  db: Kysely<DB>;
  /** Where the files are received, and kept (file-store.ts): outside the web root. */
  store: FileStore;
  /** The largest file accepted, in bytes. */
  limit: number;
}

const HEAD_BYTES = 512;

// What the calls answer: their route schemas.
const uploadAnswer = z.object({
  status: z.literal("success"),
  id: z.uuid(),
  fileName: z.string(),
  size: z.number().int().min(0),
});
const listAnswer = z.object({
  data: z.array(
    z.object({
      uploadID: z.uuid(),
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      createdTS: z.iso.datetime(),
      empID: z.number().int().nullable(),
      /** Who added it: the employee's name (null for the server's own files). */
      addedBy: z.string().nullable(),
    }),
  ),
});
const removeAnswer = z.object({ status: z.literal("success") });

// Bidirectional controls (ALM, LRM, RLM, the embeddings and overrides, the isolates) make a
// name show other than it is: "invoice<RLO>fdp.exe" reads as "invoiceexe.pdf".
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name safe to keep and to send back: no path, no control characters, not too long. */
function cleanName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(BIDI_CONTROLS, "");
  const printable = [...base].filter((c) => c >= " " && c !== "\u007f" && c !== '"').join("");
  const clean = printable.trim().slice(-200);
  // Nothing left of the name but its extension (it was all controls): a name, not a hidden file.
  if (clean === "" || clean.startsWith(".")) return `file${clean.slice(-196)}`;
  return clean;
}

/** The tables a file may be attached to (a view takes none). */
const FILE_TABLES = [...RESOURCES.values()].filter((def) => def.kind === "table");

/**
 * Refuses a caller who may attach a file to no table at all, before the form is read: nobody
 * makes the server parse a body only to be refused. A caller who may change some table goes on
 * to the record's own check.
 */
function requireSomeTableToChange(request: FastifyRequest): void {
  const actor = actorOf(request);
  if (FILE_TABLES.some((def) => may(actor, def.access.change, "change"))) return;
  // Refused as a grant nobody holds: 'Access Denied!' without permission rows, else a 403.
  requireAccess(actor, null, "change", "any record");
}

/**
 * What the multipart parser fails with is the caller's malformed body (no boundary, a part cut
 * short, garbage), a 400 logged as a refusal: anyone signed in can send one at will. A limit it
 * raises keeps its own 4xx, and a client gone mid-body is the error handler's "cut short".
 */
function malformedForm(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof AppError || request.raw.readableAborted) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status < 500) return error;
  request.log.info({ reason: (error as Error | null)?.message }, "malformed multipart body");
  return AppError.badRequest("The upload is not a well-formed multipart form.");
}

/**
 * Streams the form's file through `inspect` to `path`. A failure of the form's side is
 * `malformedForm`'s; one of the disk is ours. The pipeline hands the first failure to every
 * stream, so the side whose stream failed first is the cause (the form's may have failed while
 * its record was looked up, before this began).
 */
async function receiveFile(request: FastifyRequest, source: Readable, inspect: Transform, path: string) {
  let formFailedFirst = source.errored ? true : undefined;
  source.once("error", () => {
    formFailedFirst ??= true;
  });
  const disk = createWriteStream(path, { mode: 0o600 });
  disk.once("error", () => {
    formFailedFirst ??= false;
  });
  try {
    await pipeline(source, inspect, disk);
  } catch (error) {
    // The file may still be being opened: closed only once it is, so the caller's removal of
    // the partial file comes after it exists (seen on a busy CI: a `.part` left behind).
    if (!disk.closed) await new Promise<void>((closed) => disk.once("close", () => closed()));
    throw formFailedFirst ? malformedForm(error, request) : error;
  }
}

/** The record a file belongs to must exist, and the caller must be allowed the action on it. */
async function ownerRecord(db: Kysely<DB>, actor: Actor, table: string, key: string, flag: "view" | "change") {
  const def = resourceOf(table);
  const reach =
    flag === "change" ? requireReach(actor, def, "change") : requireAccess(actor, def.access.view, flag, def.name);
  if (def.kind !== "table") throw new AppError(403, `${def.name} is read-only.`);
  // Attaching a file changes the record: only those who may write it find it.
  const scope = reach ? writableRows(def, null, actor, reach) : readableRows(def, null, actor);
  const { rows } =
    await sql`select 1 from ${sql.table(def.name)} where ${sql.ref(def.key)} = ${Number(key)} and ${scope}`.execute(db);
  if (rows.length === 0) throw new AppError(404, "No such record.");
  return def;
}

/**
 * Files attached to records (the generic upload, docs/product-rules.md#calls): multipart with one file, a size limit
 * and an allowlist of types checked against the content, kept by the store (the database or
 * UPLOAD_DIR) in the transaction that records it, served
 * back only to those who may view the record.
 */
export async function uploadRoutes(instance: FastifyInstance, { db, store, limit }: UploadDeps) {
  await mkdir(store.dir, { recursive: true });
  await instance.register(multipart, {
    limits: { fileSize: limit, files: 1, fields: 4, fieldSize: 200, parts: 6, headerPairs: 50 },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...served("attachFile", { consumes: ["multipart/form-data"], response: { 200: uploadAnswer } }),
    // The form is read as it arrives, its fields before its file: the handler checks them.
    validatorCompiler: streamedBody,
    // Before any of the body is read (a JSON body's parser would read it all).
    onRequest: async (request: FastifyRequest) => requireSomeTableToChange(request),
    // Refused before its end (a full disk, a file too large): the rest of the body would stay
    // unread in the connection, and the next request sent on it never be heard (seen under
    // load with the disk full: searches waiting 30 s). The connection closes with the answer.
    onSend: async (request, reply, payload) => {
      if (!request.raw.complete) reply.header("connection", "close");
      return payload;
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError(415, "An upload is sent as multipart/form-data.");
      const file = await request.file().catch((error: unknown) => {
        throw malformedForm(error, request);
      });
      if (!file) throw AppError.badRequest("The upload holds no file.", { file: "is required" });
      const fieldValue = (name: string) => {
        const field = file.fields[name];
        return field && !Array.isArray(field) && field.type === "field" ? field.value : undefined;
      };
      // The fields come before the file in the form, so they are known when it arrives.
      const { table, key } = validate(
        fileTarget,
        { table: fieldValue("table"), key: fieldValue("key") },
        "upload fields",
      );
      const actor = actorOf(request);
      const def = await ownerRecord(db, actor, table, key, "change");
      const fileName = cleanName(file.filename);
      const type = fileTypeOf(fileName);
      if (!type) throw new AppError(415, "Files of this type are not accepted.");

      const uploadID = randomUUID();
      const partial = join(store.dir, `${uploadID}.part`);
      const hash = createHash("sha256");
      let size = 0;
      let head = Buffer.alloc(0);
      const inspect = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      try {
        await receiveFile(request, file.file, inspect, partial);
        // An empty file is never a receipt or a document, whatever its type lets it be.
        if (size === 0) throw AppError.badRequest("The file is empty.", { file: "is empty" });
        if (file.file.truncated) throw new AppError(413, `A file may be at most ${limit} bytes.`);
        if (!type.matches(head))
          throw new AppError(415, `The file's content is not of its type (.${fileName.split(".").pop()}).`);
        await db.transaction().execute(async (tx) => {
          const row = await tx
            .insertInto("upload")
            .values({
              uploadID,
              tableName: def.name,
              recordKey: key,
              fileName,
              contentType: type.contentType,
              size,
              sha256: hash.digest("hex"),
              empID: actor.kind === "employee" ? actor.empID : null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await audit(tx, actor, "insert", UPLOAD_TABLE, [{ after: row }]);
          await store.keep(tx, uploadID, partial);
        });
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { status: "success" as const, id: uploadID, fileName, size };
    },
  });

  app.route({
    ...served("recordFiles", { response: { 200: listAnswer } }),
    handler: async (request) => {
      const { table, key } = request.query;
      await ownerRecord(db, actorOf(request), table, key, "view");
      const data = await db
        .selectFrom("upload as u")
        .leftJoin("tblEmployee as e", "e.empID", "u.empID")
        .select(["u.uploadID", "u.fileName", "u.contentType", "u.size", "u.createdTS", "u.empID"])
        .select(sql<string | null>`nullif(trim(concat_ws(' ', e."empFirstName", e."empLastName")), '')`.as("addedBy"))
        .where("u.tableName", "=", table)
        .where("u.recordKey", "=", key)
        .orderBy("u.createdTS")
        .orderBy("u.uploadID")
        .limit(RECORD_FILES_LISTED)
        .execute();
      return { data: data.map((file) => ({ ...file, createdTS: file.createdTS.toISOString() })) };
    },
  });

  app.route({
    ...served("removeFile", { response: { 200: removeAnswer } }),
    handler: async (request) => {
      const { uploadID } = request.params;
      const actor = actorOf(request);
      const upload = await db.selectFrom("upload").selectAll().where("uploadID", "=", uploadID).executeTakeFirst();
      if (!upload) throw new AppError(404, "No such file.");
      await ownerRecord(db, actor, upload.tableName, upload.recordKey, "change");
      await db.transaction().execute(async (tx) => {
        const removed = await tx
          .deleteFrom("upload")
          .where("uploadID", "=", uploadID)
          .returningAll()
          .executeTakeFirst();
        // Removed by someone else meanwhile: nothing of it is left to remove.
        if (!removed) throw new AppError(404, "No such file.");
        await audit(tx, actor, "delete", UPLOAD_TABLE, [{ before: removed }]);
      });
      return { status: "success" as const };
    },
  });

  app.route({
    ...served("fileBytes", {
      response: {
        200: {
          description: "The file, as an attachment",
          content: { "application/octet-stream": { schema: z.file() } },
        },
      },
    }),
    handler: async (request, reply) => {
      const { uploadID } = request.params;
      const upload = await db.selectFrom("upload").selectAll().where("uploadID", "=", uploadID).executeTakeFirst();
      if (!upload) throw new AppError(404, "No such file.");
      await ownerRecord(db, actorOf(request), upload.tableName, upload.recordKey, "view");
      const bytes = await store.open(db, upload.uploadID);
      if (!bytes) {
        request.log.warn({ uploadID: upload.uploadID }, "a file's bytes are missing");
        throw new AppError(404, "The file's content is missing.");
      }
      return (
        reply
          .type(upload.contentType)
          .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`)
          .header("cache-control", "private, no-store")
          // A stream is sent as it is: the schema documents the file it writes.
          .send(bytes as never)
      );
    },
  });
}
