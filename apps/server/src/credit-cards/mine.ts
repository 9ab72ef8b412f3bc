import { CARD_STATUS } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { Actor } from "../data/actor.js";
import type { DB } from "../db/schema.js";

/** The most of their own requests an employee sees at once, newest first. */
const MINE_SHOWN = 200;

/**
 * The caller's own requests, newest first, with the approval code of each approved one whose
 * code no charge has used yet: the code is theirs alone, shown nowhere else.
 */
export async function myRequests(db: Kysely<DB>, actor: Actor): Promise<Array<Record<string, unknown>>> {
  if (actor.kind !== "employee") return [];
  const { rows } = await sql<Record<string, unknown>>`
    select v.*, case when cp."ccPermissionCodeUsedTS" is null then cp."ccPermissionApprovalCode" end
        as "ccPermissionApprovalCode", cp."ccPermissionCodeUsedTS"
    from "vwCCApprovals" v join "tblCCPermission" cp on cp."ccPermissionID" = v."ccPermissionID"
    where v."empID" = ${actor.empID}
    order by v."ccPermissionRequestedTS" desc, v."ccPermissionID" desc
    limit ${MINE_SHOWN}`.execute(db);
  return rows;
}

/**
 * The active cards the caller may ask to use: their own, and those held by a manager above
 * them (the caller is in the holder's team), each with what its month has committed.
 */
export async function cardsToAsk(db: Kysely<DB>, actor: Actor): Promise<Array<Record<string, unknown>>> {
  if (actor.kind !== "employee") return [];
  const { rows } = await sql<Record<string, unknown>>`
    select c."ccID", c."ccName", c."ccLastFour", c."holderName", c."empID", c."ccMonthlyLimit", c."ccMonthCommitted"
    from "vwCardList" c
    where c."ccStatus" = ${sql.lit(CARD_STATUS.code.active)} and c."empID" in (
      -- The caller and their managers up the chain: one walk up, not a team per card.
      with recursive above ("empID") as (
        select ${actor.empID}::int
        union
        select e."empManagerID" from "tblEmployee" e join above a on e."empID" = a."empID" where e."empManagerID" is not null
      ) select "empID" from above)
    order by c."ccName", c."ccLastFour", c."ccID"`.execute(db);
  return rows;
}
