import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseUrl as onSameServer, onServer } from "../on-server.js";
import type { BackupPlace } from "./backup.js";
import { restore } from "./restore.js";

/** What a restore drill found: whether the backup came back as its manifest says, and what did not. */
export interface Drill {
  backup: string;
  at: string;
  durationMs: number;
  same: boolean;
  /** Each table or the files that came back otherwise, or why the restore failed. */
  differences: string[];
}

/**
 * A restore drill: the backup restored into a scratch place (a database made for it on the
 * same PostgreSQL server, or a temporary directory for PGlite) and compared table by table, and
 * its files, with its manifest; the scratch place is then removed. A restore that fails is a
 * difference too: the drill never throws.
 */
export async function drill(backup: string, place: Pick<BackupPlace, "databaseUrl">, at = new Date()): Promise<Drill> {
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), "office-drill-"));
  const name = `office_drill_${randomBytes(6).toString("hex")}`;
  let made = false;
  const differences: string[] = [];
  try {
    let databaseUrl: string | undefined;
    if (place.databaseUrl) {
      await onServer(place.databaseUrl, `create database "${name}"`, "office-drill");
      made = true;
      databaseUrl = onSameServer(place.databaseUrl, name);
    }
    const restored = await restore(
      { databaseUrl, dataDir: join(scratch, "data"), uploadDir: join(scratch, "uploads") },
      backup,
    );
    for (const table of restored.tables) {
      if (table.same) continue;
      differences.push(
        table.source.rows === table.target.rows
          ? `${table.table}: ${table.target.rows} rows as backed up, but not the same rows`
          : `${table.table}: ${table.source.rows} rows backed up, ${table.target.rows} restored`,
      );
    }
    const { files, bytes } = restored.manifest.uploads;
    if (restored.uploads.files !== files || restored.uploads.bytes !== bytes) {
      differences.push(
        `files: ${files} (${bytes} bytes) backed up, ${restored.uploads.files} (${restored.uploads.bytes} bytes) restored`,
      );
    }
    if (!restored.same && differences.length === 0) differences.push("tables restored that the manifest does not list");
  } catch (error) {
    differences.push(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (made)
      await onServer(place.databaseUrl as string, `drop database if exists "${name}" with (force)`).catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  }
  return {
    backup,
    at: at.toISOString(),
    durationMs: Math.round(performance.now() - started),
    same: differences.length === 0,
    differences,
  };
}
