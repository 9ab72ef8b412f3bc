import { createReadStream, existsSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { type S3Place, s3Store } from "./s3-store.js";

/*
 * Where the bytes of attached files are kept (issue 38). On PostgreSQL by default in the
 * database, as rows of `uploadChunk` (migration 0026): every process and machine reads what any
 * of them received, a backup holds them, and a file is kept in the same transaction as its
 * `upload` row or not at all. On the embedded database, in UPLOAD_DIR, as before. Or, where
 * UPLOAD_STORE=s3, in an S3-compatible bucket (s3-store.ts). Either way a
 * file is first received into UPLOAD_DIR (a `.part` file on this process's disk, checked as it
 * arrives), so that no transaction stays open while a slow client sends it.
 */

export type FileStoreKind = "database" | "directory" | "s3";

/** The bytes of one row of `uploadChunk`: a 10 MiB file is 40 rows, each read in a statement of its own. */
export const CHUNK_BYTES = 256 * 1024;

export interface FileStore {
  kind: FileStoreKind;
  /** Where files are received (and, for the directory, kept). */
  dir: string;
  /** Keeps the received file `partial` as `uploadID`, within the transaction `tx` that records it. */
  keep(tx: Kysely<DB>, uploadID: string, partial: string): Promise<void>;
  /**
   * The file's bytes, read as they are sent; none where they are not there (a file whose bytes
   * were lost is answered 404, not served as empty). One call finds and opens them.
   */
  open(db: Kysely<DB>, uploadID: string): Promise<Readable | undefined>;
}

/** The chunks of a file from `file`, each `CHUNK_BYTES` but the last. */
export async function* chunksOf(file: string): AsyncGenerator<Buffer> {
  const handle = await open(file, "r");
  try {
    for (;;) {
      const buffer = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** Writes a file's chunks as rows of `uploadChunk` (the seed's, the move's and an upload's). */
export async function insertChunks(
  tx: Kysely<DB>,
  uploadID: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
) {
  let n = 0;
  for await (const bytes of chunks) await tx.insertInto("uploadChunk").values({ uploadID, n: n++, bytes }).execute();
}

export function fileStore(kind: FileStoreKind, dir: string, s3?: S3Place): FileStore {
  if (kind === "s3") {
    if (!s3) throw new Error("UPLOAD_STORE=s3 needs S3_BUCKET.");
    return s3Store(s3, dir);
  }
  if (kind === "directory") {
    return {
      kind,
      dir,
      keep: (_tx, uploadID, partial) => rename(partial, join(dir, uploadID)),
      open: async (_db, uploadID) =>
        existsSync(join(dir, uploadID)) ? createReadStream(join(dir, uploadID)) : undefined,
    };
  }
  return {
    kind,
    dir,
    async keep(tx, uploadID, partial) {
      await insertChunks(tx, uploadID, chunksOf(partial));
      await rm(partial, { force: true });
    },
    async open(db, uploadID) {
      const chunk = (n: number) =>
        db
          .selectFrom("uploadChunk")
          .select("bytes")
          .where("uploadID", "=", uploadID)
          .where("n", "=", n)
          .executeTakeFirst();
      const first = await chunk(0);
      if (!first) return undefined;
      return Readable.from(
        (async function* () {
          yield first.bytes;
          for (let n = 1; ; n++) {
            const next = await chunk(n);
            if (!next) return;
            yield next.bytes;
          }
        })(),
      );
    },
  };
}

/**
 * Files a company kept in UPLOAD_DIR before its files were kept in the database (a server that
 * ran on PostgreSQL before issue 38): each `upload` without chunks whose file is in `dir` is
 * copied in, one transaction per file, at start. Answers how many were.
 */
export async function adoptFiles(db: Kysely<DB>, dir: string): Promise<number> {
  const { rows } = await sql<{ uploadID: string }>`select u."uploadID" from "upload" u
    where not exists (select 1 from "uploadChunk" c where c."uploadID" = u."uploadID")`.execute(db);
  let adopted = 0;
  for (const { uploadID } of rows) {
    const file = join(dir, uploadID);
    if (!existsSync(file)) continue;
    await db.transaction().execute((tx) => insertChunks(tx, uploadID, chunksOf(file)));
    adopted++;
  }
  return adopted;
}
