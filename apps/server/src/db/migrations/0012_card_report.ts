import { type Kysely, sql } from "kysely";

/**
 * The card report and the non-project expenses (issue 20): a charge's month and its card's
 * label ("Fleet Card ••4218"), to total by, and the charges tied to no project.
 */
const statements = [
  // Columns can only be added at the end of a view that is made again.
  `create or replace view "vwCardCharges" as
    select ch.*, c."ccName", c."ccLastFour", c."empID" as "holderEmpID",
      h."empLastName" || ', ' || h."empFirstName" as "holderName",
      e."empLastName" || ', ' || e."empFirstName" as "spenderName",
      p."projectName", cp."ccPermissionPurpose",
      case when ch."ccPermissionID" is null then 0 else 1 end as "matched",
      to_char(ch."ccChargeDate", 'YYYY-MM') as "ccChargeMonth",
      c."ccName" || ' ••' || c."ccLastFour" as "cardLabel"
    from "tblCCCharge" ch
    join "tblCC" c on c."ccID" = ch."ccID"
    join "tblEmployee" h on h."empID" = c."empID"
    left join "tblEmployee" e on e."empID" = ch."empID"
    left join "tblProject" p on p."projectID" = ch."projectID"
    left join "tblCCPermission" cp on cp."ccPermissionID" = ch."ccPermissionID"`,
  `create view "vwNonProjectExpenses" as select * from "vwCardCharges" where "projectID" is null`,
  // The report's ranges: a year of a card's (or everyone's) charges by day.
  `create index "tblCCCharge_date" on "tblCCCharge" ("ccChargeDate")`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
