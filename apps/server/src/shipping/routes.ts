import type { TrackingAnswer } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorEmpID } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import { AppError } from "../http/app-error.js";
import { served } from "../http/operations.js";
import type { Jobs, RunOutcome } from "../jobs/runner.js";
import { TRACK_SHIPMENTS, type TrackingResult } from "./tracking-run.js";

const answer = z.object({
  runID: z.number().nullable(),
  started: z.boolean(),
  message: z.string().optional(),
  asked: z.number().optional(),
  updated: z.number().optional(),
  failed: z.number().optional(),
  failures: z.string().nullable().optional(),
}) satisfies z.ZodType<TrackingAnswer>;

export const RUNNING_ELSEWHERE = "A tracking run is already under way; its parcels are updated as it goes.";
export const STILL_RUNNING = "The tracking run goes on; its parcels are updated as it goes.";

/** GET /API/ParcelTracking/trackShippingProjects: the truck button's run (spec 7). */
export async function shippingRoutes(instance: FastifyInstance, options: { jobs: Jobs; waitMs: number }) {
  instance.withTypeProvider<ZodTypeProvider>().route({
    ...served("trackShipments", { response: { 200: answer } }),
    handler: async (request): Promise<TrackingAnswer> => {
      const asked = await options.jobs.request(TRACK_SHIPMENTS, actorEmpID(actorOf(request)));
      if ("running" in asked)
        return { runID: asked.running?.runID ?? null, started: false, message: RUNNING_ELSEWHERE };
      const runID = asked.started.runID;
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        asked.done,
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), options.waitMs);
        }),
      ]).finally(() => clearTimeout(timer));
      return outcomeAnswer(runID, waited);
    },
  });
}

function outcomeAnswer(runID: number, outcome: RunOutcome | null): TrackingAnswer {
  if (outcome === null || outcome.state === "handedOver") return { runID, started: true, message: STILL_RUNNING };
  if (outcome.state === "failed") throw new AppError(500, `The tracking run failed: ${outcome.error}`);
  const { asked, updated, failed, failures } = outcome.result as TrackingResult;
  return { runID, started: true, asked, updated, failed, failures };
}
