import {
  type CompanySettingState,
  isSecret,
  SECRET_SET,
  SETTINGS,
  type SettingDef,
  type SettingKey,
  type SettingValues,
  settingChangeErrors,
  settingsOf,
  settingValuesOf,
} from "@office/core";
import type { Kysely } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import { asCaller, SYSTEM } from "../db/caller.js";
import type { Database } from "../db/database.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { parseSaved } from "./saved.js";

/** How often a process asks the count of changes on its own (a notification missed). */
export const SETTINGS_CHECK_MS = 5_000;

/** What the environment sets of the company's settings (config.ts reads it): it wins over the saved. */
export type SettingsFromEnv = Partial<Record<SettingKey, SettingValues>>;

const COMPANY = settingsOf("company");
const storedAs = (def: SettingDef) => def.storedAs ?? `setting:${def.key}`;
const BY_ROW = new Map(COMPANY.map((def) => [storedAs(def), def]));
const SETTING_TABLE = { name: "appSetting", key: "key" };

interface Saved {
  values: SettingValues;
  version: number;
}

export interface CompanySettingsOptions {
  fromEnv?: SettingsFromEnv;
  /** SETTINGS_CHECK_MS unless a test says otherwise. */
  checkMs?: number;
}

/** A secret as a browser or the audit trail sees it: whether it is set. */
function masked(def: SettingDef, values: SettingValues): SettingValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const field = def.fields[name];
      return [name, field && isSecret(field) ? (value === "" ? "" : SECRET_SET) : value];
    }),
  );
}

/**
 * The company's settings as this process keeps them (core's settings.ts declares them): the
 * environment's where set, else the saved row's, else the initial value. Loaded at start, and
 * again whenever one changes: at once in the process that changed it, in every other at the
 * database's notification (migration 0022), and, should that be missed, when the count of
 * changes has moved at the next check (every `checkMs`, on a timer, so the nightly job of an
 * idle process is not stale either).
 */
export async function createCompanySettings(database: Database, options: CompanySettingsOptions = {}) {
  const { db } = database;
  const fromEnv = options.fromEnv ?? {};
  const listeners = new Set<(keys: readonly SettingKey[]) => void>();
  let saved = new Map<SettingKey, Saved>();
  let version = -1;
  let loading: Promise<void> | undefined;

  const read = async () => {
    const count = await db.selectFrom("settingChange").select("version").executeTakeFirst();
    const rows = await db
      .selectFrom("appSetting")
      .select(["key", "value", "version"])
      .where("key", "in", [...BY_ROW.keys()])
      .execute();
    const next = new Map<SettingKey, Saved>();
    for (const row of rows) {
      const def = BY_ROW.get(row.key) as SettingDef;
      next.set(def.key as SettingKey, { values: settingValuesOf(def, parseSaved(row.value)), version: row.version });
    }
    const changed = COMPANY.filter(
      (def) => saved.get(def.key as SettingKey)?.version !== next.get(def.key as SettingKey)?.version,
    ).map((def) => def.key as SettingKey);
    saved = next;
    version = Number(count?.version ?? 0);
    for (const listener of changed.length > 0 ? listeners : []) {
      try {
        listener(changed);
      } catch {
        // A listener's failure is its own: the settings are in force for the others.
      }
    }
  };
  // One load at a time. A load asked for during one may have to see what was written after it
  // began (the change just saved, a notification): it is the next load, which callers share.
  let queued: Promise<void> | undefined;
  const reload = (): Promise<void> => {
    if (!loading) {
      loading = asCaller({ key: SYSTEM }, read).finally(() => {
        loading = undefined;
      });
      return loading;
    }
    queued ??= loading
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return reload();
      });
    return queued;
  };
  await reload();

  const unlisten = await database.listen("office_settings", {
    onPayload: () => void reload().catch(() => {}),
    onGap: () => void reload().catch(() => {}),
  });
  const check = async () => {
    const row = await asCaller({ key: SYSTEM }, () =>
      db.selectFrom("settingChange").select("version").executeTakeFirst(),
    );
    if (Number(row?.version ?? 0) !== version) await reload();
  };
  const timer = setInterval(
    () =>
      void check().catch(() => {
        // The database is away: asked again at the next tick.
      }),
    options.checkMs ?? SETTINGS_CHECK_MS,
  );
  timer.unref();

  /** A setting's values in force, secrets as they are (the server's own use). */
  const values = <K extends SettingKey>(key: K): SettingValues => ({
    ...(saved.get(key)?.values ?? SETTINGS[key].initial),
    ...fromEnv[key],
  });

  return {
    values,
    /** The count of changes this process has seen (a test waits for it to move). */
    version: () => version,
    /** The company's settings as an administrator's page reads them: secrets only as "set". */
    state(): Record<string, CompanySettingState> {
      return Object.fromEntries(
        COMPANY.map((def) => {
          const key = def.key as SettingKey;
          const env = Object.fromEntries(
            Object.keys(fromEnv[key] ?? {}).map((name) => [name, def.fields[name]?.env ?? ""]),
          );
          return [key, { values: masked(def, values(key)), env, version: saved.get(key)?.version ?? 0 }];
        }),
      );
    },
    /**
     * Some fields of a company setting changed by an administrator (the route's grant): checked
     * against the declaration and against what is kept (a client id without its secret is
     * refused), refused when another change came since `expected` was read, audited with its
     * secrets masked, and in force in this process before the answer.
     */
    async change(actor: Actor, def: SettingDef, change: SettingValues, expected?: number) {
      const key = def.key as SettingKey;
      const envSet = Object.keys(change).filter((name) => fromEnv[key]?.[name] !== undefined);
      if (envSet.length > 0) {
        throw AppError.badRequest("The environment sets this field; it wins over a saved value.", {
          ...Object.fromEntries(envSet.map((name) => [name, `is set by ${def.fields[name]?.env}`])),
        });
      }
      const result = await db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom("appSetting")
          .select(["key", "value", "version"])
          .where("key", "=", storedAs(def))
          .forUpdate()
          .executeTakeFirst();
        const kept = before ? settingValuesOf(def, parseSaved(before.value)) : { ...def.initial };
        if (expected !== undefined && expected !== (before?.version ?? 0)) {
          throw new AppError(409, "Someone changed this setting meanwhile: read it again");
        }
        const errors = settingChangeErrors(def, change, { ...kept, ...fromEnv[key] });
        if (errors) throw AppError.badRequest("The setting is not valid.", errors);
        const next = { ...kept, ...change };
        const after = await upsert(tx, storedAs(def), JSON.stringify(next));
        const image = (row: { key: string; value: string; version: number }, values: SettingValues) => ({
          key: row.key,
          value: masked(def, values),
          version: row.version,
        });
        await audit(tx, actor, before ? "update" : "insert", SETTING_TABLE, [
          { ...(before ? { before: image(before, kept) } : {}), after: image(after, next) },
        ]);
        return { values: next, version: after.version };
      });
      await reload();
      return { key, values: masked(def, { ...result.values, ...fromEnv[key] }), version: result.version };
    },
    onChange(listener: (keys: readonly SettingKey[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearInterval(timer);
      unlisten();
    },
  };
}

export type CompanySettings = Awaited<ReturnType<typeof createCompanySettings>>;

async function upsert(tx: Kysely<DB>, key: string, value: string) {
  return tx
    .insertInto("appSetting")
    .values({ key, value })
    .onConflict((c) =>
      c.column("key").doUpdateSet((eb) => ({
        value,
        version: eb(eb.ref("appSetting.version"), "+", 1),
        changedTS: new Date(),
      })),
    )
    .returning(["key", "value", "version"])
    .executeTakeFirstOrThrow();
}
