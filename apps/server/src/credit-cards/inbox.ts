import { APPROVAL, type DecisionStep, INBOX_SHOWN } from "@office/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { type Actor, mayAs } from "../data/actor.js";
import type { DB } from "../db/schema.js";

/**
 * The requests that wait for the caller's decision, as rows of their id and the step each waits
 * at: card use on a card the caller holds, asked by their team; over limit, for those with view
 * on page 45. Nobody decides their own request, and an inactive requester's wait for no one.
 * The database's fnWaitingApprovals (migration 0012) holds the rule, so its plan is kept per
 * connection. The inbox lists exactly these, and its count counts exactly these.
 */
function waiting(actor: Actor): RawBuilder<unknown> | null {
  if (actor.kind !== "employee") return null;
  const approver = mayAs(actor, "overLimitApprovers");
  return sql`"fnWaitingApprovals"(${actor.empID}::integer, ${approver}::boolean)`;
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

/**
 * The requests that wait for the caller, oldest first, each with its card, requester and
 * project: the oldest are taken first, and only they are named. A request over its card's
 * month says by how much: its month's requests on the card up to it (none denied, as when it
 * was asked) past the card's limit.
 */
export async function inbox(db: Kysely<DB>, actor: Actor): Promise<{ rows: InboxRow[]; total: number }> {
  const requests = waiting(actor);
  if (!requests) return { rows: [], total: 0 };
  const { rows } = await sql<InboxRow & { total: number }>`
    with w as (
      select w.*, count(*) over ()::int as total from ${requests} w
      order by w."ccPermissionRequestedTS", w."ccPermissionID" limit ${INBOX_SHOWN}
    )
    select v.*, w.step, w.total,
      case when cp."ccPermissionOverLimit" = 1 then greatest(0, (
        select coalesce(sum(o."ccPermissionAmount"), 0) from "tblCCPermission" o
        where o."ccID" = cp."ccID"
          and o."ccPermissionRequestedTS" >= date_trunc('month', cp."ccPermissionRequestedTS")
          and (o."ccPermissionRequestedTS", o."ccPermissionID") <= (cp."ccPermissionRequestedTS", cp."ccPermissionID")
          and o."ccPermissionCCUsedApprovalStatus" <> ${sql.lit(APPROVAL.code.denied)}
          and o."ccPermissionOverLimitApprovalStatus" <> ${sql.lit(APPROVAL.code.denied)}
      ) - c."ccMonthlyLimit")::text end as "overLimitBy"
    from w join "vwCCApprovals" v on v."ccPermissionID" = w."ccPermissionID"
      join "tblCCPermission" cp on cp."ccPermissionID" = w."ccPermissionID"
      join "tblCC" c on c."ccID" = cp."ccID"
    order by v."ccPermissionRequestedTS", v."ccPermissionID"`.execute(db);
  return { rows: rows.map(({ total: _, ...row }) => row as InboxRow), total: rows[0]?.total ?? 0 };
}
