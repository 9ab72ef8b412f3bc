import { SETTINGS, type SettingChanged, type SettingsAnswer } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { viewedAsBy } from "../admin/view-as.js";
import { mayAs, requireGrant } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { beyondTheSchemas } from "../http/openapi.js";
import { served } from "../http/operations.js";
import type { CompanySettings } from "./company.js";
import { changePersonalSetting, personalSettings } from "./personal.js";

const values = z.record(z.string(), z.unknown());
const settingsAnswer = z.object({
  personal: z.record(z.string(), values),
  company: z
    .record(z.string(), z.object({ values, env: z.record(z.string(), z.string()), version: z.number() }))
    .optional(),
  viewedAs: z.array(z.object({ by: z.string(), at: z.string() })).optional(),
});
const changed = z.object({ key: z.string(), values, version: z.number() });

/** GET and PUT /API/Settings/: every setting core declares, one's own and the company's. */
export async function settingRoutes(instance: FastifyInstance, options: { db: Kysely<DB>; company: CompanySettings }) {
  const { db, company } = options;
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...served("settings", { response: { 200: settingsAnswer } }),
    handler: async (request): Promise<SettingsAnswer> => {
      const actor = actorOf(request);
      if (actor.kind !== "employee") throw new AppError(403, "Only a person has settings of their own");
      const personal = await personalSettings(db, actor.empID);
      return {
        personal,
        viewedAs: await viewedAsBy(db, actor.empID),
        ...(mayAs(actor, "administrators") ? { company: company.state() } : {}),
      };
    },
  });

  app.route({
    ...served("changeSetting", {
      description: beyondTheSchemas(
        "values that name no field, or a field the setting does not have",
        "a value not of its field's kind or rules (`The setting is not valid.`), or fields that go together left half set",
        "a field an environment variable sets (it wins over a saved value)",
      ),
      response: { 200: changed },
    }),
    handler: async (request): Promise<SettingChanged> => {
      const actor = actorOf(request);
      const { key, values: change, version } = request.body;
      const def = SETTINGS[key];
      if (def.scope === "personal") return changePersonalSetting(db, actor, def, change);
      requireGrant(actor, def.grant ?? "administrators");
      return company.change(actor, def, change, version);
    },
  });
}
