/*
 * The nightly backup and its restore drill (issue 38), as the administrator's page shows them:
 * the job's name, what a run keeps as its result, and when the page warns.
 */

/** The declared job that backs the company up and proves the backup restores. */
export const BACKUP_JOB = "backup";

/** A verified restore older than this is old: two nights missed. */
export const VERIFIED_RESTORE_MAX_AGE_MS = 48 * 3_600_000;

/** What a restore drill found (the server's drill.ts). */
export interface BackupDrill {
  backup: string;
  at: string;
  durationMs: number;
  same: boolean;
  differences: string[];
}

/** What a run of the backup job keeps as its result. */
export interface BackupRun {
  /** The backup's directory. */
  backup: string;
  createdTS: string;
  /** How long the backup itself took (the drill has its own). */
  durationMs: number;
  tables: number;
  rows: number;
  /** The backup's size on disk, and the uploaded files it holds. */
  bytes: number;
  files: number;
  /** Backups removed for being older than the days kept. */
  removed: string[];
  drill: BackupDrill;
}

/** A run of the backup job as the page lists it. */
export interface BackupRunState {
  runID: number;
  state: "running" | "done" | "failed";
  startedTS: string;
  finishedTS: string | null;
  /** Who asked for it; none: the schedule. */
  requestedByName: string | null;
  error: string | null;
  result: BackupRun | null;
}

export type BackupWarning = { kind: "missing" } | { kind: "failed"; why: string } | { kind: "old"; verifiedAt: string };

/** GET /API/Admin/Backups: the schedule, the latest runs and the last verified restore. */
export interface BackupStatus {
  schedule: { dailyAt: string | null; keepDays: number; dir: string };
  /** Newest first. */
  runs: BackupRunState[];
  /** The latest run whose drill restored the backup equal to what was dumped. */
  verified: BackupDrill | null;
  warning: BackupWarning | null;
}

/** The runs the page lists. */
export const BACKUP_RUNS_SHOWN = 10;

/**
 * Whether the page warns: no verified restore yet, the latest run failed (or its drill found
 * differences), or the last verified restore is older than two days.
 */
export function backupWarning(
  runs: readonly BackupRunState[],
  verified: BackupDrill | null,
  now: Date,
): BackupWarning | null {
  const last = runs.find((run) => run.state !== "running");
  if (last?.state === "failed") return { kind: "failed", why: last.error ?? "The run failed." };
  if (last?.result && !last.result.drill.same) {
    return { kind: "failed", why: `The restore drill found differences: ${last.result.drill.differences.join("; ")}` };
  }
  if (!verified) return { kind: "missing" };
  if (now.getTime() - Date.parse(verified.at) > VERIFIED_RESTORE_MAX_AGE_MS)
    return { kind: "old", verifiedAt: verified.at };
  return null;
}

/** The warning's words: its title and what to do. */
export function backupWarningText(warning: BackupWarning): { title: string; body: string } {
  switch (warning.kind) {
    case "missing":
      return {
        title: "No backup has been proved to restore",
        body: "Back up now, or wait for the nightly run: each backup is restored into a scratch database and compared with what was dumped.",
      };
    case "failed":
      return { title: "The last backup failed its check", body: warning.why };
    case "old":
      return {
        title: "The last verified restore is more than two days old",
        body: "The nightly backup has not run or not finished since: check that a server is running and that the backup directory has room.",
      };
  }
}
