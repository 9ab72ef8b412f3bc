import { type Kysely, sql } from "kysely";

/**
 * Receipts that are receipts (issue 32): a file attached to a charge clears its follow-up only
 * if it is a non-empty image (PNG, JPEG, GIF, WebP) or PDF. Any file counted before: an empty
 * `.txt`, a spreadsheet, a CSV. The upload checked the file's first bytes against its type
 * (data/file-types.ts), so the type recorded is its content's. `vwCardCharges` is 0011's with
 * only `hasReceipt` changed; its columns stay as they were, so the views over it
 * (`vwNonProjectExpenses`, `vwMissingReceipts`) follow without being made again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace view "vwCardCharges" as
    select ch.*, c."ccName", c."ccLastFour", c."empID" as "holderEmpID",
      h."empLastName" || ', ' || h."empFirstName" as "holderName",
      e."empLastName" || ', ' || e."empFirstName" as "spenderName",
      p."projectName", cp."ccPermissionPurpose",
      case when ch."ccPermissionID" is null then 0 else 1 end as "matched",
      to_char(ch."ccChargeDate", 'YYYY-MM') as "ccChargeMonth",
      c."ccName" || ' ••' || c."ccLastFour" as "cardLabel",
      case when exists (select 1 from "upload" u where u."tableName" = 'tblCCCharge'
        and u."recordKey" = ch."ccChargeID"::text and u."size" > 0
        and u."contentType" in ('application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'))
        then 1 else 0 end as "hasReceipt"
    from "tblCCCharge" ch
    join "tblCC" c on c."ccID" = ch."ccID"
    join "tblEmployee" h on h."empID" = c."empID"
    left join "tblEmployee" e on e."empID" = ch."empID"
    left join "tblProject" p on p."projectID" = ch."projectID"
    left join "tblCCPermission" cp on cp."ccPermissionID" = ch."ccPermissionID"`.execute(db);
}
