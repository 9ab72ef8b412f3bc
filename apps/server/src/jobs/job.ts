import type { Kysely } from "kysely";
import type { Actor } from "../data/actor.js";
import type { DB } from "../db/schema.js";

/** What a job's handler is given: the database, who it acts as, its run, and a way to keep it. */
export interface JobContext {
  db: Kysely<DB>;
  /** Every change a job makes is the system's, audited as such. */
  actor: Actor;
  runID: number;
  /** When the run began: work done since then by an earlier holder (taken over) need not be done again. */
  startedAt: Date;
  /** Aborted when the run is lost (its lease taken over) or the server stops. */
  signal: AbortSignal;
  /** The company's time zone (its days: stuck parcels, the nightly slot). */
  timeZone: string;
  /**
   * Whether the run is still this process's, asked inside the transaction that writes its work
   * (which it locks against a takeover until it commits): a run taken over writes no more.
   */
  holds: (tx: Kysely<DB>) => Promise<boolean>;
}

/**
 * A job, declared once: its name (the queue's key: one run of it at a time, across every
 * process), its schedule, and its handler, whose answer is kept as the run's result.
 */
export interface JobDeclaration<Result = unknown> {
  name: string;
  /** Run every day at this wall-clock time of the company ("02:30"). */
  dailyAt?: string;
  handler: (context: JobContext) => Promise<Result>;
}

/** What a handler throws when `holds` says the run is no longer its process's: the run goes on elsewhere. */
export class LostRunError extends Error {
  constructor() {
    super("the run's lease was taken over");
    this.name = "LostRunError";
  }
}

export const declareJob = <Result>(job: JobDeclaration<Result>): JobDeclaration<Result> => job;
