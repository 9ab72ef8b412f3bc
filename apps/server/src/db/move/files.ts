import { existsSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { chunksOf } from "../../data/file-store.js";
import type { Side } from "../fingerprint.js";

export interface FilesMoved {
  files: number;
  bytes: number;
  /** Files the `upload` table lists whose bytes were not in UPLOAD_DIR (already lost before the move). */
  missing: string[];
}

/**
 * The attached files' bytes, from UPLOAD_DIR into the target's `uploadChunk` (PostgreSQL keeps
 * them by default: UPLOAD_STORE), in one transaction: every file listed in `upload`, chunk by
 * chunk, read from disk as it is written.
 */
export async function moveFiles(source: Side, uploadDir: string, target: pg.Client): Promise<FilesMoved> {
  const uploads = await source.rows<{ uploadID: string }>(
    `select "uploadID"::text as "uploadID" from "upload" order by 1`,
  );
  const moved: FilesMoved = { files: 0, bytes: 0, missing: [] };
  await target.query("begin");
  try {
    for (const { uploadID } of uploads) {
      const file = join(uploadDir, uploadID);
      if (!existsSync(file)) {
        moved.missing.push(uploadID);
        continue;
      }
      let n = 0;
      for await (const bytes of chunksOf(file)) {
        await target.query(`insert into "uploadChunk" ("uploadID", "n", "bytes") values ($1, $2, $3)`, [
          uploadID,
          n++,
          bytes,
        ]);
        moved.bytes += bytes.length;
      }
      moved.files++;
    }
    await target.query("commit");
  } catch (error) {
    await target.query("rollback").catch(() => {});
    throw error;
  }
  return moved;
}
