import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { BACKUP_JOB, type BackupRun } from "@office/core";
import { declareJob } from "../../jobs/job.js";
import type { Database } from "../database.js";
import { type BackupPlace, backUp, filesUnder, MANIFEST, manifestOf } from "./backup.js";
import { drill } from "./drill.js";

export interface NightlyBackupOptions {
  /** Where the backups are kept (BACKUP_DIR). */
  into: string;
  /** The company's wall-clock time it runs at (BACKUP_DAILY_AT); none: only when asked. */
  dailyAt?: string;
  /** Backups older than this many days go after a new one is made (the newest always stays). */
  keepDays: number;
}

/** The backups under `into`, newest first: directories holding a manifest. */
export function backupsIn(into: string): string[] {
  if (!existsSync(into)) return [];
  return readdirSync(into, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^office-\d{4}-/.test(entry.name))
    .map((entry) => join(into, entry.name))
    .filter((dir) => existsSync(join(dir, MANIFEST)))
    .sort()
    .reverse();
}

/**
 * The nightly backup, a declared job (one run across every process): the company backed up
 * while the server runs, backups past `keepDays` removed, and the new one proved by a restore
 * drill. Its result is what the administrator's page shows.
 */
export function backupJob(place: BackupPlace, running: Database, options: NightlyBackupOptions) {
  return declareJob<BackupRun>({
    name: BACKUP_JOB,
    ...(options.dailyAt ? { dailyAt: options.dailyAt } : {}),
    handler: async ({ startedAt }) => {
      const began = performance.now();
      const backup = await backUp(place, options.into, { at: startedAt, running });
      const manifest = manifestOf(backup);
      const tookMs = Math.round(performance.now() - began);
      const cutoff = startedAt.getTime() - options.keepDays * 86_400_000;
      const removed: string[] = [];
      for (const old of backupsIn(options.into).slice(1)) {
        if (Date.parse(manifestOf(old).createdTS) >= cutoff) continue;
        rmSync(old, { recursive: true, force: true });
        removed.push(old);
      }
      return {
        backup,
        createdTS: manifest.createdTS,
        durationMs: tookMs,
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        bytes: filesUnder(backup).bytes,
        files: manifest.uploads.files,
        removed,
        drill: await drill(backup, place),
      };
    },
  });
}
