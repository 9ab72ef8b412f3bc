import { APPROVAL, compareMoney, formatMoney, MESSAGES, tblCCCharge, tblCCPermission } from "@office/core";
import { type Kysely, sql } from "kysely";
import type { Actor } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { employeeOf } from "./requests.js";

/** What a card's user enters after spending: the approval code, the day, the amount, where. */
export interface EnteredCharge {
  code: string;
  date: string;
  amount: string;
  merchant: string;
}

const CODE_LABEL = "Approval Code";
const codeRefused = () =>
  AppError.badRequest(MESSAGES.approvalCode(CODE_LABEL), { code: MESSAGES.approvalCode(CODE_LABEL) });

/**
 * The caller's request an approval code names, while it is theirs, approved at every step and
 * not yet used by a charge; locked for the caller's transaction. A wrong code, someone else's
 * or a used one are alike: not valid (validateApprovalCode's message).
 */
async function requestOfCode(tx: Kysely<DB>, empID: number, code: string, lock: boolean) {
  const { rows } = await sql<{
    ccPermissionID: number;
    ccID: number;
    projectID: number | null;
    ccPermissionAmount: string;
  }>`select "ccPermissionID", "ccID", "projectID", "ccPermissionAmount" from "tblCCPermission"
    where "ccPermissionApprovalCode" = ${code.trim().toUpperCase()} and "empID" = ${empID}
      and "ccPermissionCCUsedApprovalStatus" = ${sql.lit(APPROVAL.code.approved)} and "ccPermissionOverLimitApprovalStatus" = ${sql.lit(APPROVAL.code.approved)}
      and "ccPermissionCodeUsedTS" is null
    ${lock ? sql`for update` : sql``}`.execute(tx);
  return rows[0];
}

/** POST /API/CreditCard/ValidateCode: whether the code is one the caller may enter a charge with. */
export async function isValidCode(db: Kysely<DB>, actor: Actor, code: string): Promise<boolean> {
  return (await requestOfCode(db, employeeOf(actor), code, false)) !== undefined;
}

/**
 * A charge its spender enters with the approval code of their request: of at most the amount
 * approved, on the request's card and project. The code is used up by it (one charge a
 * request), in the same transaction, audited.
 */
export async function enterCharge(db: Kysely<DB>, actor: Actor, charge: EnteredCharge) {
  const me = employeeOf(actor);
  return db.transaction().execute(async (tx) => {
    const request = await requestOfCode(tx, me, charge.code, true);
    if (!request) throw codeRefused();
    if (compareMoney(charge.amount, request.ccPermissionAmount) > 0) {
      const message = `Amount is more than the ${formatMoney(Number(request.ccPermissionAmount))} approved`;
      throw AppError.badRequest(message, { ccChargeAmount: message });
    }
    const row = await tx
      .insertInto("tblCCCharge")
      .values({
        ccID: request.ccID,
        empID: me,
        ccPermissionID: request.ccPermissionID,
        projectID: request.projectID,
        ccChargeDate: charge.date,
        ccChargeAmount: charge.amount,
        ccChargeMerchant: charge.merchant,
        ccChargeSource: "entered",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = await tx
      .selectFrom("tblCCPermission")
      .selectAll()
      .where("ccPermissionID", "=", request.ccPermissionID)
      .executeTakeFirstOrThrow();
    const after = await tx
      .updateTable("tblCCPermission")
      .set({ ccPermissionCodeUsedTS: sql<Date>`now()`, ccPermissionVersion: before.ccPermissionVersion + 1 })
      .where("ccPermissionID", "=", request.ccPermissionID)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, actor, "insert", tblCCCharge, [{ after: row }]);
    await audit(tx, actor, "update", tblCCPermission, [{ before, after }]);
    return row;
  });
}
