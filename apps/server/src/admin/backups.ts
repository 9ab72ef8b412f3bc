import {
  BACKUP_JOB,
  BACKUP_RUNS_SHOWN,
  type BackupDrill,
  type BackupRun,
  type BackupRunState,
  type BackupStatus,
  backupWarning,
} from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { actorEmpID } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { served } from "../http/operations.js";
import { documentedOnly } from "../http/validate.js";
import type { Jobs } from "../jobs/runner.js";

export interface BackupSchedule {
  dailyAt: string | null;
  keepDays: number;
  dir: string;
}

const drillAnswer = z.object({
  backup: z.string(),
  at: z.string(),
  durationMs: z.number(),
  same: z.boolean(),
  differences: z.array(z.string()),
});
const statusAnswer = z.object({
  schedule: z.object({ dailyAt: z.string().nullable(), keepDays: z.number(), dir: z.string() }),
  runs: z.array(
    z.object({
      runID: z.number(),
      state: z.enum(["running", "done", "failed"]),
      startedTS: z.string(),
      finishedTS: z.string().nullable(),
      requestedByName: z.string().nullable(),
      error: z.string().nullable(),
      result: z
        .object({
          backup: z.string(),
          createdTS: z.string(),
          durationMs: z.number(),
          tables: z.number(),
          rows: z.number(),
          bytes: z.number(),
          files: z.number(),
          removed: z.array(z.string()),
          drill: drillAnswer,
        })
        .nullable(),
    }),
  ),
  verified: drillAnswer.nullable(),
  warning: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("missing") }),
      z.object({ kind: z.literal("failed"), why: z.string() }),
      z.object({ kind: z.literal("old"), verifiedAt: z.string() }),
    ])
    .nullable(),
}) satisfies z.ZodType<BackupStatus>;

/** The backup job's latest runs and its last verified restore, as the administrator's page shows them. */
export async function backupStatus(db: Kysely<DB>, schedule: BackupSchedule, now = new Date()): Promise<BackupStatus> {
  const { rows } = await sql<{
    runID: number;
    runState: BackupRunState["state"];
    startedTS: Date;
    finishedTS: Date | null;
    requestedByName: string | null;
    error: string | null;
    result: BackupRun | null;
  }>`select r."runID", r."runState", r."startedTS", r."finishedTS", r."error", r."result",
      e."empFirstName" || ' ' || e."empLastName" as "requestedByName"
    from "jobRun" r left join "tblEmployee" e on e."empID" = r."requestedBy"
    where r."job" = ${BACKUP_JOB} order by r."runID" desc limit ${BACKUP_RUNS_SHOWN}`.execute(db);
  const { rows: proved } = await sql<{ drill: BackupDrill }>`select "result"->'drill' as drill from "jobRun"
    where "job" = ${BACKUP_JOB} and "runState" = 'done' and ("result"->'drill'->>'same')::boolean
    order by "runID" desc limit 1`.execute(db);
  const runs: BackupRunState[] = rows.map((row) => ({
    runID: row.runID,
    state: row.runState,
    startedTS: row.startedTS.toISOString(),
    finishedTS: row.finishedTS?.toISOString() ?? null,
    requestedByName: row.requestedByName,
    error: row.error,
    result: row.result,
  }));
  const verified = proved[0]?.drill ?? null;
  return { schedule, runs, verified, warning: backupWarning(runs, verified, now) };
}

/** GET and POST /API/Admin/Backups: the nightly backup's state, and a run asked for now. */
export async function backupRoutes(
  instance: FastifyInstance,
  options: { db: Kysely<DB>; jobs: Jobs; schedule: BackupSchedule },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...served("backups", { response: { 200: statusAnswer } }),
    serializerCompiler: documentedOnly,
    handler: () => backupStatus(options.db, options.schedule),
  });
  app.route({
    ...served("backUpNow", { response: { 200: z.object({ runID: z.number(), started: z.boolean() }) } }),
    handler: async (request) => {
      const asked = await options.jobs.request(BACKUP_JOB, actorEmpID(actorOf(request)));
      if ("started" in asked) {
        // The run goes on after the answer; its end is read with GET (its failure is in its row).
        asked.done.catch(() => {});
        return { runID: asked.started.runID, started: true };
      }
      return { runID: asked.running?.runID ?? 0, started: false };
    },
  });
}
