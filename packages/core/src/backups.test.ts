import { describe, expect, it } from "vitest";
import {
  type BackupDrill,
  type BackupRunState,
  backupWarning,
  backupWarningText,
  VERIFIED_RESTORE_MAX_AGE_MS,
} from "./backups.js";

const now = new Date("2026-11-29T12:00:00Z");
const drill = (same: boolean, at = "2026-11-29T02:31:00.000Z"): BackupDrill => ({
  backup: "/backups/office-2026-11-29T02-30-00Z",
  at,
  durationMs: 900,
  same,
  differences: same ? [] : ["tblVendor: 3 rows backed up, 2 restored"],
});
const run = (state: BackupRunState["state"], result?: BackupDrill, runID = 1): BackupRunState => ({
  runID,
  state,
  startedTS: "2026-11-29T02:30:00.000Z",
  finishedTS: state === "running" ? null : "2026-11-29T02:31:00.000Z",
  requestedByName: null,
  error: state === "failed" ? "pg_dump failed (1): no space left on device" : null,
  result: result
    ? {
        backup: result.backup,
        createdTS: "",
        durationMs: 1,
        tables: 1,
        rows: 1,
        bytes: 1,
        files: 0,
        removed: [],
        drill: result,
      }
    : null,
});

describe("when the administrator's page warns of backups", () => {
  it("warns when no backup was ever proved to restore", () => {
    expect(backupWarning([], null, now)).toEqual({ kind: "missing" });
    expect(backupWarningText({ kind: "missing" }).title).toBe("No backup has been proved to restore");
  });

  it("warns when the latest finished run failed, or its drill found differences, even with an older one proved", () => {
    const proved = drill(true, "2026-11-28T02:31:00.000Z");
    expect(backupWarning([run("failed", undefined, 2), run("done", proved)], proved, now)).toEqual({
      kind: "failed",
      why: "pg_dump failed (1): no space left on device",
    });
    expect(backupWarning([run("done", drill(false), 2), run("done", proved)], proved, now)).toEqual({
      kind: "failed",
      why: "The restore drill found differences: tblVendor: 3 rows backed up, 2 restored",
    });
  });

  it("looks past a run under way to the last one finished", () => {
    const proved = drill(true);
    expect(backupWarning([run("running", undefined, 2), run("done", proved)], proved, now)).toBeNull();
  });

  it("warns when the last verified restore is older than two days, and not a moment before", () => {
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const edge = drill(true, at(VERIFIED_RESTORE_MAX_AGE_MS));
    expect(backupWarning([run("done", edge)], edge, now)).toBeNull();
    const old = drill(true, at(VERIFIED_RESTORE_MAX_AGE_MS + 1));
    expect(backupWarning([run("done", old)], old, now)).toEqual({ kind: "old", verifiedAt: old.at });
  });
});
