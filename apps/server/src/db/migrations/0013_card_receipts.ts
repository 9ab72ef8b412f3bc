import { type Kysely, sql } from "kysely";

/**
 * Receipts on time (issue 20): a charge of at least the company's amount needs a receipt (a
 * file attached to it through the Upload call); one still missing after the company's number
 * of days is listed here. The rule is an administrator's setting (`appSetting` cardReceiptRule,
 * defaults $75.00 and 7 days: credit-cards/receipts.ts).
 */
const statements = [
  `create view "vwMissingReceipts" as
    select v.* from "vwCardCharges" v
    cross join lateral (
      select coalesce((select (s."value"::jsonb ->> 'minAmount')::numeric from "appSetting" s where s."key" = 'cardReceiptRule'), 75) as "minAmount",
        coalesce((select (s."value"::jsonb ->> 'days')::int from "appSetting" s where s."key" = 'cardReceiptRule'), 7) as "days"
    ) r
    where v."ccChargeAmount" >= r."minAmount" and v."ccChargeDate" <= current_date - r."days"
      and not exists (select 1 from "upload" u where u."tableName" = 'tblCCCharge' and u."recordKey" = v."ccChargeID"::text)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
