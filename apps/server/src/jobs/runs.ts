import { type Kysely, sql } from "kysely";
import type { DB, JobRun } from "../db/schema.js";

/**
 * The queue's rows (migration 0021): a run is claimed by inserting it (the partial unique index
 * lets one be running per job), held by a lease its process renews, and taken over once the
 * lease has run out. Each is one statement, the same on PostgreSQL and PGlite.
 */
export type RunRow = Pick<JobRun, "job" | "holder" | "slot" | "requestedBy"> & {
  runID: number;
  startedTS: Date;
  attempts: number;
};

const RETURNED = ["runID", "job", "holder", "slot", "requestedBy", "startedTS", "attempts"] as const;

/** Starts a run of `job` unless one is running (or its slot has been run): the run, or null. */
export async function claimRun(
  db: Kysely<DB>,
  job: string,
  holder: string,
  leaseMs: number,
  options: { requestedBy?: number | null; slot?: Date | null } = {},
): Promise<RunRow | null> {
  const { rows } = await sql<RunRow>`insert into "jobRun" ("job", "holder", "leaseUntil", "requestedBy", "slot")
    values (${job}, ${holder}, now() + ${`${leaseMs} milliseconds`}::interval, ${options.requestedBy ?? null},
      ${options.slot ?? null})
    on conflict do nothing
    returning ${sql.join(RETURNED.map((c) => sql.ref(c)))}`.execute(db);
  return rows[0] ?? null;
}

/** The run of `job` in progress, if any. */
export async function runningRun(db: Kysely<DB>, job: string): Promise<RunRow | null> {
  const row = await db
    .selectFrom("jobRun")
    .select(RETURNED)
    .where("job", "=", job)
    .where("runState", "=", "running")
    .executeTakeFirst();
  return (row as RunRow | undefined) ?? null;
}

/** Keeps a run held: false when it is no longer this holder's (taken over, or finished). */
export async function renewLease(db: Kysely<DB>, runID: number, holder: string, leaseMs: number): Promise<boolean> {
  const { rows } = await sql`update "jobRun" set "leaseUntil" = now() + ${`${leaseMs} milliseconds`}::interval
    where "runID" = ${runID} and "holder" = ${holder} and "runState" = 'running'
    returning "runID"`.execute(db);
  return rows.length > 0;
}

/**
 * Takes over a run of one of `jobs` whose holder stopped renewing it (its process died): the
 * oldest, skipping one another process is taking at the same moment.
 */
export async function takeOverRun(
  db: Kysely<DB>,
  jobs: readonly string[],
  holder: string,
  leaseMs: number,
): Promise<RunRow | null> {
  if (jobs.length === 0) return null;
  const { rows } = await sql<RunRow>`update "jobRun" set "holder" = ${holder}, "attempts" = "attempts" + 1,
      "leaseUntil" = now() + ${`${leaseMs} milliseconds`}::interval
    where "runID" = (select "runID" from "jobRun"
      where "runState" = 'running' and "leaseUntil" < now() and "job" in (${sql.join(jobs)})
        and "holder" <> ${holder}
      order by "runID" limit 1 for update skip locked)
    returning ${sql.join(RETURNED.map((c) => sql.ref(c)))}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Whether this holder still holds a running run, asked inside a transaction that writes its
 * work: the row is locked until the transaction ends, so a takeover waits for the write and the
 * write never lands after a takeover.
 */
export async function stillHolds(db: Kysely<DB>, runID: number, holder: string): Promise<boolean> {
  const { rows } = await sql`select 1 from "jobRun"
    where "runID" = ${runID} and "holder" = ${holder} and "runState" = 'running' for share`.execute(db);
  return rows.length > 0;
}

/** Ends a run with its result or its failure, if this holder still holds it. */
export async function finishRun(
  db: Kysely<DB>,
  run: Pick<RunRow, "runID" | "holder">,
  outcome: { result: unknown } | { error: string },
): Promise<boolean> {
  const done = "result" in outcome;
  const { rows } = await sql`update "jobRun" set "runState" = ${done ? "done" : "failed"}, "finishedTS" = now(),
      "result" = ${done ? JSON.stringify(outcome.result ?? null) : null}::jsonb,
      "error" = ${done ? null : outcome.error}
    where "runID" = ${run.runID} and "holder" = ${run.holder} and "runState" = 'running'
    returning "runID"`.execute(db);
  return rows.length > 0;
}

/** Lets a run go at once (its server stopping): another process takes it over without waiting for the lease. */
export async function releaseRun(db: Kysely<DB>, run: Pick<RunRow, "runID" | "holder">): Promise<void> {
  await sql`update "jobRun" set "leaseUntil" = now()
    where "runID" = ${run.runID} and "holder" = ${run.holder} and "runState" = 'running'`.execute(db);
}
