import type { AppConfigResponse } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CompanySettings } from "../settings/company.js";

const appConfigAnswer = z.object({
  timeClockUrl: z.url(),
  timeZone: z.string(),
  boardID: z.string().nullable().optional(),
}) satisfies z.ZodType<AppConfigResponse>;

/** GET /API/AppConfig/: what the web app reads of the server's configuration (the /update-config route reloads it). */
export async function appConfigRoutes(instance: FastifyInstance, options: { company: CompanySettings }) {
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
    async (): Promise<AppConfigResponse> => {
      const { company } = options;
      const board = company.values("board");
      return {
        timeClockUrl: String(company.values("timeClock").url),
        timeZone: String(company.values("timeZone").zone),
        // Shown only when the service is on (its address, token and board all set).
        boardID: board.url && board.token && board.boardID ? String(board.boardID) : null,
      };
    },
  );
}
