import type { AppConfigResponse } from "@office/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

const appConfigAnswer = z.object({
  timeClockUrl: z.url(),
  timeZone: z.string(),
}) satisfies z.ZodType<AppConfigResponse>;

/** GET /API/AppConfig/: what the web app reads of the server's configuration (the /update-config route reloads it). */
export async function appConfigRoutes(app: FastifyInstance, config: AppConfigResponse) {
  app.get(
    "/API/AppConfig/",
    {
      config: {
        access: "signedIn",
        docs: { summary: "The installation's settings the web app needs.", response: appConfigAnswer },
      },
    },
    async (): Promise<AppConfigResponse> => ({
      timeClockUrl: config.timeClockUrl,
      timeZone: config.timeZone,
    }),
  );
}
