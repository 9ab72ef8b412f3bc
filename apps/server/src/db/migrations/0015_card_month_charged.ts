import { type Kysely, sql } from "kysely";

/**
 * What a card's month has been charged (its statements' and entered charges, credits netted),
 * beside what its requests committed: the cards' list shows both (issue 20).
 */
const statements = [
  `create or replace view "vwCardList" as
    select c.*, h."empLastName" || ', ' || h."empFirstName" as "holderName",
      coalesce(m."committed", 0)::numeric(12,2) as "ccMonthCommitted",
      coalesce(s."charged", 0)::numeric(12,2) as "ccMonthCharged"
    from "tblCC" c
    join "tblEmployee" h on h."empID" = c."empID"
    left join lateral (
      select sum(cp."ccPermissionAmount") as "committed" from "tblCCPermission" cp
      where cp."ccID" = c."ccID" and cp."ccPermissionRequestedTS" >= date_trunc('month', now())
        and cp."ccPermissionCCUsedApprovalStatus" <> 2 and cp."ccPermissionOverLimitApprovalStatus" <> 2
    ) m on true
    left join lateral (
      select sum(ch."ccChargeAmount") as "charged" from "tblCCCharge" ch
      where ch."ccID" = c."ccID" and ch."ccChargeDate" >= date_trunc('month', now())::date
    ) s on true`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
