import { type Kysely, sql } from "kysely";

/**
 * What waits for an employee's decision (credit-cards/inbox.ts), as a function of the database
 * so that its plan is made once per connection and kept (PL/pgSQL keeps the plans of its
 * statements): planned on every call, the statement cost more to plan than to run, and the
 * inbox count is read by every tab the shell opens (bench/RESULTS.md, issue 20).
 */
const statements = [
  // Whether `emp` is in `manager`'s team (fnTeam's relation: under them through the manager
  // chain, at any depth), walked up from `emp`: a few rows, where fnTeam walks down through a
  // team of thousands. `union` stops at a repeat, though the chain cannot loop (migration 0010).
  `create function "fnInTeam"(manager integer, emp integer) returns boolean
    language sql stable as $$
      with recursive up ("empID") as (
        select e."empManagerID" from "tblEmployee" e where e."empID" = emp
        union
        select e."empManagerID" from "tblEmployee" e join up on e."empID" = up."empID"
      )
      select exists (select 1 from up where up."empID" = manager) and emp <> manager
    $$`,
  // The requests that wait for `me` (docs/decisions.md, Credit cards):
  // - card use: pending (0) on a card `me` holds, asked by someone of their team (fnInTeam);
  // - over limit: for an `approver` (view on page 45), requests over the month's limit whose
  //   card use the holder approved (1), pending (0) there.
  // Nobody decides their own request, and an inactive requester's requests wait for no one.
  // The two steps are apart (card use 0 against 1), so their union is every request once;
  // each reads its own partial index (tblCCPermission_use_pending, _over_limit_pending). The
  // time asked comes along, so the inbox takes its oldest before it joins their names.
  `create function "fnWaitingApprovals"(me integer, approver boolean)
    returns table ("ccPermissionID" integer, "ccPermissionRequestedTS" timestamptz, step text) language plpgsql stable as $$
    begin
      return query
        select cp."ccPermissionID", cp."ccPermissionRequestedTS", 'cardUse'::text
        from "tblCC" c
        join "tblCCPermission" cp on cp."ccID" = c."ccID" and cp."ccPermissionCCUsedApprovalStatus" = 0
        join "tblEmployee" r on r."empID" = cp."empID" and r."empActive" = 1
        where c."empID" = me and cp."empID" <> me
          and "fnInTeam"(me, cp."empID")
        union all
        select cp."ccPermissionID", cp."ccPermissionRequestedTS", 'overLimit'::text
        from "tblCCPermission" cp
        join "tblEmployee" r on r."empID" = cp."empID" and r."empActive" = 1
        where approver and cp."empID" <> me and cp."ccPermissionOverLimit" = 1
          and cp."ccPermissionCCUsedApprovalStatus" = 1 and cp."ccPermissionOverLimitApprovalStatus" = 0;
    end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
