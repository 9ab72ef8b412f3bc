import { type DecisionStep, INBOX_SHOWN, PAGES } from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { type Actor, may } from "../data/actor.js";
import type { DB } from "../db/schema.js";

/**
 * The requests that wait for `empID`'s decision, as rows of `cp` (tblCCPermission) joined to its
 * card `c`, with the step each waits at (docs/decisions.md, Credit cards):
 * - card use: pending (0) on a card the caller holds, asked by someone of the caller's team
 *   (everyone under them through the manager chain, the database's fnTeam);
 * - over limit: for those with view on page 45, requests over the month's limit whose card use
 *   the holder approved (1, spec 6's "over-limit requests with status 1"), pending (0) there.
 * Nobody decides their own request, and an inactive requester's requests wait for no one.
 * The inbox lists exactly these, and its count counts exactly these.
 */
function waiting(actor: Actor): RawBuilder<unknown> | null {
  if (actor.kind !== "employee") return null;
  const me = actor.empID;
  const approver = may(actor, PAGES.overLimitApproval, "view");
  return sql`(
    select cp."ccPermissionID",
      case when c."empID" = ${me} and cp."ccPermissionCCUsedApprovalStatus" = 0 then 'cardUse' else 'overLimit' end as step
    from "tblCCPermission" cp
    join "tblCC" c on c."ccID" = cp."ccID"
    join "tblEmployee" r on r."empID" = cp."empID" and r."empActive" = 1
    where cp."empID" <> ${me} and (
      (c."empID" = ${me} and cp."ccPermissionCCUsedApprovalStatus" = 0
        and cp."empID" in (select t."empID" from "fnTeam"(${me}) t))
      or (${approver} and cp."ccPermissionOverLimit" = 1 and cp."ccPermissionCCUsedApprovalStatus" = 1
        and cp."ccPermissionOverLimitApprovalStatus" = 0)
    )
  )`;
}

/** How many requests wait for the caller: the inbox's count (spec 7's pendingApprovalCount). */
export async function pendingApprovalCount(db: Kysely<DB>, actor: Actor): Promise<number> {
  const requests = waiting(actor);
  if (!requests) return 0;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${requests} w`.execute(db);
  return rows[0]?.n ?? 0;
}

export interface InboxRow extends Record<string, unknown> {
  ccPermissionID: number;
  step: DecisionStep;
}

/** The requests that wait for the caller, oldest first, each with its card, requester and project. */
export async function inbox(db: Kysely<DB>, actor: Actor): Promise<{ rows: InboxRow[]; total: number }> {
  const requests = waiting(actor);
  if (!requests) return { rows: [], total: 0 };
  const { rows } = await sql<InboxRow & { total: number }>`
    select v.*, w.step, count(*) over ()::int as total
    from ${requests} w join "vwCCApprovals" v on v."ccPermissionID" = w."ccPermissionID"
    order by v."ccPermissionRequestedTS", v."ccPermissionID"
    limit ${INBOX_SHOWN}`.execute(db);
  return { rows: rows.map(({ total: _, ...row }) => row as InboxRow), total: rows[0]?.total ?? 0 };
}
