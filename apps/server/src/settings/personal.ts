import {
  type SettingChanged,
  type SettingDef,
  type SettingValues,
  settingChangeErrors,
  settingsOf,
  settingValuesOf,
} from "@office/core";
import type { Kysely } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { parseSaved } from "./saved.js";

const PERSONAL = settingsOf("personal");
const TABLE = { name: "employeeSetting", key: "setting" };

/** A person's own settings (rows of employeeSetting), each field the saved or the initial. */
export async function personalSettings(db: Kysely<DB>, empID: number): Promise<Record<string, SettingValues>> {
  const rows = await db.selectFrom("employeeSetting").select(["key", "value"]).where("empID", "=", empID).execute();
  const saved = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(PERSONAL.map((def) => [def.key, settingValuesOf(def, parseSaved(saved.get(def.key)))]));
}

/** Some fields of one's own setting changed: checked against the declaration, kept, audited as the person's. */
export async function changePersonalSetting(
  db: Kysely<DB>,
  actor: Actor,
  def: SettingDef,
  change: SettingValues,
): Promise<SettingChanged> {
  if (actor.kind !== "employee") throw new AppError(403, "Only a person has settings of their own");
  return db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom("employeeSetting")
      .select(["value", "version"])
      .where("empID", "=", actor.empID)
      .where("key", "=", def.key)
      .forUpdate()
      .executeTakeFirst();
    const kept = settingValuesOf(def, parseSaved(before?.value));
    const errors = settingChangeErrors(def, change, kept);
    if (errors) throw AppError.badRequest("The setting is not valid.", errors);
    const values = { ...kept, ...change };
    const value = JSON.stringify(values);
    const after = await tx
      .insertInto("employeeSetting")
      .values({ empID: actor.empID, key: def.key, value })
      .onConflict((c) =>
        c.columns(["empID", "key"]).doUpdateSet((eb) => ({
          value,
          version: eb(eb.ref("employeeSetting.version"), "+", 1),
          changedTS: new Date(),
        })),
      )
      .returning("version")
      .executeTakeFirstOrThrow();
    const setting = `${actor.empID}:${def.key}`;
    await audit(tx, actor, before ? "update" : "insert", TABLE, [
      { ...(before ? { before: { setting, value: kept } } : {}), after: { setting, value: values } },
    ]);
    return { key: def.key, values, version: after.version };
  });
}
