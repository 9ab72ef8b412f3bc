import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

const KEY = "jwtSecret";

/**
 * JWT_SECRET when set; otherwise a secret generated once and kept in the database, where
 * every server process of the deployment finds the same one (with PGlite that is the data
 * directory). Setting JWT_SECRET keeps it out of database backups.
 */
export async function resolveJwtSecret(db: Kysely<DB>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto("appSetting")
    .values({ key: KEY, value: randomBytes(48).toString("base64url") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("appSetting").select("value").where("key", "=", KEY).executeTakeFirstOrThrow();
  return row.value;
}
