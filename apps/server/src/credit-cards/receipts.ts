import { DEFAULT_RECEIPT_RULE, MISSING_RECEIPTS_SHOWN, type ReceiptRule } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";

/** Where the rule is kept (migration 0011's vwMissingReceipts reads it too). */
const KEY = "cardReceiptRule";
const SETTING = { name: "appSetting", key: "key" };

/** The company's rule for receipts: the administrator's, or the default. */
export async function receiptRule(db: Kysely<DB>): Promise<ReceiptRule> {
  const row = await db.selectFrom("appSetting").select("value").where("key", "=", KEY).executeTakeFirst();
  if (!row) return DEFAULT_RECEIPT_RULE;
  const saved = JSON.parse(row.value) as ReceiptRule;
  return { minAmount: saved.minAmount, days: saved.days };
}

/** An administrator (the route's grant) sets the rule; audited, before and after. */
export async function setReceiptRule(db: Kysely<DB>, actor: Actor, rule: ReceiptRule): Promise<ReceiptRule> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom("appSetting").selectAll().where("key", "=", KEY).forUpdate().executeTakeFirst();
    const value = JSON.stringify({ minAmount: rule.minAmount, days: rule.days });
    const after = await tx
      .insertInto("appSetting")
      .values({ key: KEY, value })
      .onConflict((c) => c.column("key").doUpdateSet({ value }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, actor, before ? "update" : "insert", SETTING, [{ ...(before ? { before } : {}), after }]);
    return rule;
  });
}

/**
 * The charges missing a receipt that are the caller's to see to: spent by them, or on a card
 * they hold (the holder's inbox lists these), oldest first, at most `shown` of them, with how
 * many in all. Home asks for none, only how many: the count reads no more than the filter needs.
 */
export async function myMissingReceipts(db: Kysely<DB>, actor: Actor, shown = MISSING_RECEIPTS_SHOWN) {
  if (actor.kind !== "employee") return { rows: [], total: 0 };
  // Two index reads, not an OR across the view's tables (a scan of every charge on each Home).
  const mine = sql`v."ccChargeID" in (
      select ch."ccChargeID" from "tblCCCharge" ch join "tblCC" c on c."ccID" = ch."ccID" where c."empID" = ${actor.empID}
      union select ch."ccChargeID" from "tblCCCharge" ch where ch."empID" = ${actor.empID}
    )`;
  if (shown === 0) {
    const { rows } = await sql<{ total: number }>`
      select count(*)::int as total from "vwMissingReceipts" v where ${mine}`.execute(db);
    return { rows: [], total: rows[0]?.total ?? 0 };
  }
  const { rows } = await sql<Record<string, unknown> & { total: number }>`
    select v.*, count(*) over ()::int as total from "vwMissingReceipts" v where ${mine}
    order by v."ccChargeDate", v."ccChargeID" limit ${shown}`.execute(db);
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
}
