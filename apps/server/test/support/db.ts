import { type Kysely, sql } from "kysely";
import type { DB } from "../../src/db/schema.js";

/*
 * The test database read and written straight, around the API: who a demo account is, its
 * permission rows, the audit trail, counts.
 */

/** The empID of a demo account. */
export async function empIDOf(db: Kysely<DB>, username: string): Promise<number> {
  const row = await db
    .selectFrom("authAccount")
    .select("empID")
    .where("username", "=", username)
    .executeTakeFirstOrThrow();
  return row.empID;
}

export interface PageGrant {
  page: number;
  view?: 0 | 1;
  add?: 0 | 1;
  change?: 0 | 1;
  del?: 0 | 1;
}

/** Replaces an employee's permission rows, straight in the table (read again at the next call). */
export async function setPermissions(db: Kysely<DB>, empID: number, grants: PageGrant[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("tblPermission").where("empID", "=", empID).execute();
    if (grants.length === 0) return;
    await tx
      .insertInto("tblPermission")
      .values(
        grants.map((g) => ({
          empID,
          permissionPageID: g.page,
          permissionView: g.view ?? 0,
          permissionAdd: g.add ?? 0,
          permissionChange: g.change ?? 0,
          permissionDel: g.del ?? 0,
        })),
      )
      .execute();
  });
}

export async function lastAuditID(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("auditLog")
    .select(sql<number>`coalesce(max("auditID"), 0)::int`.as("id"))
    .executeTakeFirst();
  return row?.id ?? 0;
}

export function auditSince(db: Kysely<DB>, auditID: number) {
  return db.selectFrom("auditLog").selectAll().where("auditID", ">", auditID).orderBy("auditID").execute();
}

export async function countOf(db: Kysely<DB>, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** A promise and the function that settles it: one step of a test waits for another's. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
