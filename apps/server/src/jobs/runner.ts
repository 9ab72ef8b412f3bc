import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { dateIn, wallMs, wallToInstant } from "@office/core";
import type { FastifyBaseLogger } from "fastify";
import { SYSTEM } from "../data/actor.js";
import type { Database } from "../db/database.js";
import { type JobDeclaration, LostRunError } from "./job.js";
import {
  claimRun,
  finishRun,
  type RunRow,
  releaseRun,
  renewLease,
  runningRun,
  stillHolds,
  takeOverRun,
} from "./runs.js";

export interface JobOptions {
  /** Whether this process also takes over abandoned runs and starts the scheduled ones (every server does). */
  runner: boolean;
  /** How long a run stays its process's without a renewal: a dead process's run waits this long. */
  leaseMs: number;
  /** How often the runner looks for abandoned runs and due slots. */
  tickMs: number;
  /** Runs taken over this many times (their process died each time) fail rather than start again. */
  maxAttempts: number;
}

export const JOB_DEFAULTS: JobOptions = { runner: true, leaseMs: 60_000, tickMs: 15_000, maxAttempts: 3 };

/** A scheduled slot missed by more than this (every server was down) is not run late: the next one is. */
const SLOT_GRACE_MS = 6 * 3_600_000;

export type RunOutcome =
  | { state: "done"; result: unknown }
  | { state: "failed"; error: string }
  /** The run went on elsewhere: its lease was taken over, or this server stopped and let it go. */
  | { state: "handedOver" };

export type RequestAnswer = { started: RunRow; done: Promise<RunOutcome> } | { running: RunRow | null };

/** The latest slot of a daily schedule at or before `now`, in the company's zone. */
export function latestSlot(dailyAt: string, now: Date, timeZone: string): Date {
  const today = dateIn(now, timeZone);
  const at = wallToInstant(wallMs(`${today}T${dailyAt}`), timeZone);
  return new Date(at <= now.getTime() ? at : wallToInstant(wallMs(`${today}T${dailyAt}`) - 86_400_000, timeZone));
}

/**
 * The jobs of one server process: a run asked for (the truck button) or due (the schedule) is
 * claimed in the queue's table, so it runs once across every process; this process runs what
 * it claimed, renews its lease while it does, and takes over runs whose process died.
 */
export function createJobs(
  database: Database,
  log: FastifyBaseLogger,
  /** The company's zone at the moment (a setting): a run's days, the daily slots. */
  timeZone: () => string,
  jobs: readonly JobDeclaration[],
  options: JobOptions,
) {
  const { db } = database;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const active = new Map<number, { controller: AbortController; done: Promise<RunOutcome> }>();
  const byName = new Map(jobs.map((job) => [job.name, job]));
  let stopping = false;

  function execute(job: JobDeclaration, run: RunRow): Promise<RunOutcome> {
    const controller = new AbortController();
    let lost = false;
    const lose = (why: string) => {
      lost = true;
      controller.abort(new Error(why));
    };
    // Held until then for sure; a renewal that fails (the database away) lets it run out.
    let heldUntil = Date.now() + options.leaseMs;
    const renewal = setInterval(() => {
      const asked = Date.now();
      renewLease(db, run.runID, holder, options.leaseMs)
        .then((held) => {
          if (held) heldUntil = asked + options.leaseMs;
          else lose("the run's lease was taken over");
        })
        .catch((error) => {
          log.warn({ err: error, runID: run.runID }, "jobs: could not renew a lease");
          // Another process may take it over once the lease is out: stop before then.
          if (Date.now() > heldUntil - options.leaseMs / 3) lose("the run's lease could not be renewed");
        });
    }, options.leaseMs / 3);
    renewal.unref();
    const done = (async (): Promise<RunOutcome> => {
      try {
        const result = await job.handler({
          db,
          actor: SYSTEM,
          runID: run.runID,
          startedAt: run.startedTS,
          signal: controller.signal,
          timeZone: timeZone(),
          holds: (tx) => stillHolds(tx, run.runID, holder),
        });
        if (lost || !(await finishRun(db, run, { result }))) return { state: "handedOver" };
        log.info({ job: job.name, runID: run.runID }, "jobs: run done");
        return { state: "done", result };
      } catch (error) {
        if (lost || error instanceof LostRunError) return { state: "handedOver" };
        if (stopping && controller.signal.aborted) {
          await releaseRun(db, run).catch(() => {});
          return { state: "handedOver" };
        }
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error, job: job.name, runID: run.runID }, "jobs: run failed");
        await finishRun(db, run, { error: message }).catch(() => {});
        return { state: "failed", error: message };
      } finally {
        clearInterval(renewal);
        active.delete(run.runID);
      }
    })();
    active.set(run.runID, { controller, done });
    return done;
  }

  async function look() {
    for (;;) {
      if (stopping) return;
      const run = await takeOverRun(db, [...byName.keys()], holder, options.leaseMs);
      if (!run) break;
      const job = byName.get(run.job) as JobDeclaration;
      if (run.attempts > options.maxAttempts) {
        await finishRun(db, run, { error: `Stopped: its server stopped ${options.maxAttempts} times while it ran` });
        continue;
      }
      log.info({ job: run.job, runID: run.runID, attempts: run.attempts }, "jobs: took over a run");
      void execute(job, run);
    }
    const now = new Date();
    for (const job of jobs) {
      if (!job.dailyAt || stopping) continue;
      const slot = latestSlot(job.dailyAt, now, timeZone());
      if (now.getTime() - slot.getTime() > SLOT_GRACE_MS) continue;
      const run = await claimRun(db, job.name, holder, options.leaseMs, { slot });
      if (run) void execute(job, run);
    }
  }

  /** One look at a time; stopping waits for the one under way, so no run starts after it. */
  let looking: Promise<void> | null = null;
  const tick = (): Promise<void> => {
    looking ??= look().finally(() => {
      looking = null;
    });
    return looking;
  };

  let timer: NodeJS.Timeout | undefined;
  if (options.runner) {
    const loop = () => {
      timer = setTimeout(
        () => {
          tick()
            .catch((error) => log.warn({ err: error }, "jobs: the runner's look failed"))
            .finally(() => {
              if (!stopping) loop();
            });
        },
        // Spread out, so servers started together do not ask at the same moment.
        options.tickMs * (0.75 + Math.random() / 2),
      );
      timer.unref();
    };
    loop();
  }

  return {
    holder,
    /** Starts a run of `name` for an employee, unless one is running anywhere: then that run. */
    async request(name: string, requestedBy: number | null): Promise<RequestAnswer> {
      const job = byName.get(name);
      if (!job) throw new Error(`no job ${name}`);
      if (stopping) return { running: await runningRun(db, name) };
      const run = await claimRun(db, name, holder, options.leaseMs, { requestedBy });
      if (!run) return { running: await runningRun(db, name) };
      log.info({ job: name, runID: run.runID, requestedBy }, "jobs: run started");
      return { started: run, done: execute(job, run) };
    },
    /** The runner's look, at once (tests; a server that has just started). */
    tick,
    /** Stops looking and lets this process's runs go, for another process (or this one's next start) to take over. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      await looking?.catch(() => {});
      for (const { controller } of active.values()) controller.abort(new Error("the server is stopping"));
      await Promise.allSettled([...active.values()].map(({ done }) => done));
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
