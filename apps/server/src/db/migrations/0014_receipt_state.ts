import { type Kysely, sql } from "kysely";

/**
 * A charge's receipt state in every list of charges (issue 20: the non-project expenses show
 * it): hasReceipt is 1 once a file is attached to the charge. The views that select from
 * vwCardCharges are made again, as a view's `*` is expanded when it is made.
 */
const statements = [
  `drop view "vwMissingReceipts"`,
  `drop view "vwNonProjectExpenses"`,
  `create or replace view "vwCardCharges" as
    select ch.*, c."ccName", c."ccLastFour", c."empID" as "holderEmpID",
      h."empLastName" || ', ' || h."empFirstName" as "holderName",
      e."empLastName" || ', ' || e."empFirstName" as "spenderName",
      p."projectName", cp."ccPermissionPurpose",
      case when ch."ccPermissionID" is null then 0 else 1 end as "matched",
      to_char(ch."ccChargeDate", 'YYYY-MM') as "ccChargeMonth",
      c."ccName" || ' ••' || c."ccLastFour" as "cardLabel",
      case when exists (select 1 from "upload" u where u."tableName" = 'tblCCCharge'
        and u."recordKey" = ch."ccChargeID"::text) then 1 else 0 end as "hasReceipt"
    from "tblCCCharge" ch
    join "tblCC" c on c."ccID" = ch."ccID"
    join "tblEmployee" h on h."empID" = c."empID"
    left join "tblEmployee" e on e."empID" = ch."empID"
    left join "tblProject" p on p."projectID" = ch."projectID"
    left join "tblCCPermission" cp on cp."ccPermissionID" = ch."ccPermissionID"`,
  `create view "vwNonProjectExpenses" as select * from "vwCardCharges" where "projectID" is null`,
  `create view "vwMissingReceipts" as
    select v.* from "vwCardCharges" v
    cross join lateral (
      select coalesce((select (s."value"::jsonb ->> 'minAmount')::numeric from "appSetting" s where s."key" = 'cardReceiptRule'), 75) as "minAmount",
        coalesce((select (s."value"::jsonb ->> 'days')::int from "appSetting" s where s."key" = 'cardReceiptRule'), 7) as "days"
    ) r
    where v."ccChargeAmount" >= r."minAmount" and v."ccChargeDate" <= current_date - r."days" and v."hasReceipt" = 0`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
