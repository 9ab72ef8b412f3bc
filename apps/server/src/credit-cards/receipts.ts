import { MISSING_RECEIPTS_SHOWN, type ReceiptRule } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { Actor } from "../data/actor.js";
import type { DB } from "../db/schema.js";
import type { CompanySettings } from "../settings/company.js";

/** The company's rule for receipts: a company setting (Settings; migration 0011's vwMissingReceipts reads its row too). */
export function receiptRule(company: CompanySettings): ReceiptRule {
  const { minAmount, days } = company.values("receiptRule");
  return { minAmount: String(minAmount), days: Number(days) };
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
