import type { AppConfigResponse } from "@office/core";
import type { FastifyInstance } from "fastify";

/** GET /API/AppConfig/: what the web app reads of the server's configuration (the /update-config route reloads it). */
export async function appConfigRoutes(app: FastifyInstance, config: AppConfigResponse) {
  app.get(
    "/API/AppConfig/",
    { config: { access: "signedIn" } },
    async (): Promise<AppConfigResponse> => ({
      timeClockUrl: config.timeClockUrl,
    }),
  );
}
