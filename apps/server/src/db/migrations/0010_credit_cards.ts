import { type Kysely, sql } from "kysely";

/**
 * Company credit cards (issue 20): a card's last four digits, name and monthly limit; a
 * tblCCPermission row becomes an employee's request to use a card (purpose, amount, project),
 * decided by the card's holder and, over the month's limit, by an over-limit approver; the team
 * a holder decides for is computed here, from a manager chain that may not loop.
 * Amounts are numeric(12,2): exact, never floating point (docs/decisions.md, Credit cards).
 */
const statements = [
  // Never a full card number: the last four digits name a card to its holder and on a statement.
  `alter table "tblCC"
    add column "ccName" text not null default 'Company card',
    add column "ccLastFour" text not null default '0000' constraint "tblCC_last_four" check ("ccLastFour" ~ '^[0-9]{4}$'),
    add column "ccMonthlyLimit" numeric(12,2) not null default 5000
      constraint "tblCC_limit" check ("ccMonthlyLimit" > 0 and "ccMonthlyLimit" < 1000000000),
    add column "createdTS" timestamptz not null default now(),
    add constraint "tblCC_status" check ("ccStatus" in (0, 1, 2))`,
  `alter table "tblCC" alter column "ccLastFour" drop default`,

  // A request: who asks (empID) to use which card (ccID), for what, how much, on which project
  // (none: a non-project expense). Each of its two decisions keeps who made it, when and why;
  // the version grows with every change, so a decision names the request as its decider saw it.
  `alter table "tblCCPermission"
    add column "projectID" integer references "tblProject" ("projectID"),
    add column "ccPermissionPurpose" text,
    add column "ccPermissionAmount" numeric(12,2)
      constraint "tblCCPermission_amount" check ("ccPermissionAmount" > 0 and "ccPermissionAmount" < 1000000000),
    add column "ccPermissionOverLimit" smallint not null default 0 check ("ccPermissionOverLimit" in (0, 1)),
    add column "ccPermissionRequestedTS" timestamptz not null default now(),
    add column "ccPermissionUsedDecidedBy" integer references "tblEmployee" ("empID"),
    add column "ccPermissionUsedDecidedTS" timestamptz,
    add column "ccPermissionUsedReason" text,
    add column "ccPermissionOverLimitDecidedBy" integer references "tblEmployee" ("empID"),
    add column "ccPermissionOverLimitDecidedTS" timestamptz,
    add column "ccPermissionOverLimitReason" text,
    add column "ccPermissionApprovalCode" text,
    add column "ccPermissionCodeUsedTS" timestamptz,
    add column "ccPermissionVersion" integer not null default 1`,
  `create unique index "tblCCPermission_code" on "tblCCPermission" ("ccPermissionApprovalCode")
    where "ccPermissionApprovalCode" is not null`,
  // A card's requests of a month: what is committed against its limit.
  `create index "tblCCPermission_card_month" on "tblCCPermission" ("ccID", "ccPermissionRequestedTS")`,
  // What waits: card use at its card's holder, over-limit approvals at page 45 (credit-cards/inbox.ts).
  `create index "tblCCPermission_use_pending" on "tblCCPermission" ("ccID")
    where "ccPermissionCCUsedApprovalStatus" = 0`,
  `create index "tblCCPermission_over_limit_pending" on "tblCCPermission" ("ccPermissionRequestedTS")
    where "ccPermissionOverLimit" = 1 and "ccPermissionCCUsedApprovalStatus" = 1
      and "ccPermissionOverLimitApprovalStatus" = 0`,
  `create index "tblCCPermission_project" on "tblCCPermission" ("projectID") where "projectID" is not null`,

  // Everyone under an employee through the manager chain, at any depth (spec 6: the owner's
  // team). Inactive employees are links of the chain like any other: a manager who left does
  // not cut their reports off from the holder above them.
  `create function "fnTeam"(manager integer) returns table ("empID" integer)
    language sql stable as $$
      with recursive team ("empID") as (
        select e."empID" from "tblEmployee" e where e."empManagerID" = manager
        union
        select e."empID" from "tblEmployee" e join team t on e."empManagerID" = t."empID"
      )
      select t."empID" from team t where t."empID" <> manager
    $$`,
  // The chain may not loop: an employee's manager is never the employee nor one of their team.
  `create function "tblEmployee_manager_chain"() returns trigger language plpgsql as $$
    begin
      if new."empManagerID" is not null and (new."empManagerID" = new."empID"
          or new."empManagerID" in (select t."empID" from "fnTeam"(new."empID") t)) then
        raise exception 'Manager reports to this employee: a manager chain cannot loop.'
          using errcode = '23A03', constraint = 'tblEmployee_manager_chain', table = 'tblEmployee';
      end if;
      return new;
    end $$`,
  `create trigger "tblEmployee_manager_chain" before insert or update of "empManagerID" on "tblEmployee"
    for each row execute function "tblEmployee_manager_chain"()`,

  // What waits in inboxes changed: every open tab reads its count again (live/hub.ts). Once per
  // statement: the streams need to know that, not which rows.
  `create function "liveApprovalsChanged"() returns trigger language plpgsql as $$
    begin
      perform pg_notify('office_live', '{"approvals":true}');
      return null;
    end $$`,
  `create trigger "tblCCPermission_live" after insert or update or delete on "tblCCPermission"
    for each statement execute function "liveApprovalsChanged"()`,
  // A card's holder decides its requests: a card given to someone else moves them between inboxes.
  `create trigger "tblCC_live" after update of "empID" or delete on "tblCC"
    for each statement execute function "liveApprovalsChanged"()`,

  // Every request with its card, holder and requester; the approval code is the requester's
  // alone and is never in a view.
  `drop view "vwCCApprovals"`,
  `create view "vwCCApprovals" as
    select cp."ccPermissionID", cp."ccID", c."ccStatus", c."empID" as "ownerEmpID", cp."empID",
      e."empLastName" || ', ' || e."empFirstName" as "requesterName",
      cp."ccPermissionOverLimitApprovalStatus", cp."ccPermissionCCUsedApprovalStatus",
      c."ccName", c."ccLastFour", h."empLastName" || ', ' || h."empFirstName" as "holderName",
      cp."projectID", p."projectName", cp."ccPermissionPurpose", cp."ccPermissionAmount",
      cp."ccPermissionOverLimit", cp."ccPermissionRequestedTS",
      cp."ccPermissionUsedReason", cp."ccPermissionUsedDecidedTS",
      cp."ccPermissionOverLimitReason", cp."ccPermissionOverLimitDecidedTS",
      cp."ccPermissionVersion"
    from "tblCCPermission" cp
    join "tblCC" c on c."ccID" = cp."ccID"
    join "tblEmployee" e on e."empID" = cp."empID"
    join "tblEmployee" h on h."empID" = c."empID"
    left join "tblProject" p on p."projectID" = cp."projectID"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
