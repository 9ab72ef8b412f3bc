import type { AppConfigResponse } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const appConfigAnswer = z.object({
  timeClockUrl: z.url(),
  timeZone: z.string(),
  boardID: z.string().nullable().optional(),
}) satisfies z.ZodType<AppConfigResponse>;

/** GET /API/AppConfig/: what the web app reads of the server's configuration (the /update-config route reloads it). */
export async function appConfigRoutes(instance: FastifyInstance, config: AppConfigResponse) {
  instance.withTypeProvider<ZodTypeProvider>().get(
    "/API/AppConfig/",
    {
      config: { access: "signedIn" },
      schema: {
        summary: "The installation's settings the web app needs.",
        tags: ["Operations"],
        response: { 200: appConfigAnswer },
      },
    },
    async (): Promise<AppConfigResponse> => ({
      timeClockUrl: config.timeClockUrl,
      timeZone: config.timeZone,
      boardID: config.boardID ?? null,
    }),
  );
}
