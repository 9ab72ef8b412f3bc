import { randomInt } from "node:crypto";
import {
  CARD_STATUS,
  compareMoney,
  type DecisionStep,
  ERROR_MESSAGES,
  formatMoney,
  REQUEST_NOTIFICATION_HREF,
  tblCCPermission,
} from "@office/core";
import { type Kysely, sql } from "kysely";
import { type Actor, mayAs } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { notify, overLimitApprovers, type Told } from "../notifications/notify.js";

const REQUEST = tblCCPermission;
const [PENDING, APPROVED, DENIED] = [0, 1, 2] as const;

/** What an employee asks for: a card, an amount (checked as money already), a purpose and a project or none. */
export interface CardUse {
  ccID: number;
  amount: string;
  purpose: string;
  projectID: number | null;
}

export interface Decision {
  step: DecisionStep;
  approve: boolean;
  reason: string | null;
  /** The request's version its decider saw: a decision on a request that changed since is refused. */
  version: number;
}

/** The signed-in employee: requests are people's, never the system's. */
export function employeeOf(actor: Actor): number {
  if (actor.kind !== "employee") throw new AppError(403, "Only an employee asks for or decides on a card.");
  if (actor.permissions.size === 0) throw new AppError(403, ERROR_MESSAGES.accessDenied);
  return actor.empID;
}

/** Whether `empID` is under `manager` through the manager chain (the database's fnInTeam). */
async function inTeamOf(tx: Kysely<DB>, manager: number, empID: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select "fnInTeam"(${manager}::integer, ${empID}::integer) as found`.execute(tx);
  return rows[0]?.found === true;
}

// No 0/O or 1/I/L: a code is read off a screen and typed at a till.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

/** A fresh approval code: 31^8 (8.5e11) of them, so one cannot be guessed in the attempts allowed. */
export function approvalCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

type RequestRow = Record<string, unknown> & {
  ccPermissionID: number;
  ccID: number;
  empID: number;
  ccPermissionCCUsedApprovalStatus: number;
  ccPermissionOverLimitApprovalStatus: number;
  ccPermissionOverLimit: number;
  ccPermissionVersion: number;
};

/**
 * An employee asks to use a card: the card's holder decides (their own request is theirs to
 * make: the card-use step is approved by being the holder), and a request that takes the
 * card's month over its limit also waits for an over-limit approver. The card is locked while
 * the month's sum is taken, so two requests at once cannot both fit under the limit.
 */
export async function askToUse(db: Kysely<DB>, actor: Actor, use: CardUse): Promise<RequestRow> {
  const me = employeeOf(actor);
  return db.transaction().execute(async (tx) => {
    const { rows: cards } = await sql<{ empID: number; ccStatus: number; ccMonthlyLimit: string }>`
      select "empID", "ccStatus", "ccMonthlyLimit" from "tblCC" where "ccID" = ${use.ccID} for update`.execute(tx);
    const card = cards[0];
    if (!card) throw new AppError(404, `There is no credit card with the id ${use.ccID}.`);
    const holder = card.empID === me;
    if (!holder && !(await inTeamOf(tx, card.empID, me))) {
      throw new AppError(403, "You may ask to use only your own card or a card held by a manager above you.");
    }
    if (card.ccStatus !== CARD_STATUS.code.active)
      throw new AppError(409, "This card is not active: it cannot be used.");
    if (use.projectID !== null) {
      const project = await tx
        .selectFrom("tblProject")
        .select("projectID")
        .where("projectID", "=", use.projectID)
        .executeTakeFirst();
      if (!project) throw AppError.badRequest("Project is not a project.", { projectID: "Project is not a project" });
    }
    const { rows: sums } = await sql<{ after: string }>`
      select (coalesce(sum("ccPermissionAmount"), 0) + ${use.amount}::numeric)::text as after
      from "tblCCPermission"
      where "ccID" = ${use.ccID} and "ccPermissionRequestedTS" >= date_trunc('month', now())
        and "ccPermissionCCUsedApprovalStatus" <> ${DENIED} and "ccPermissionOverLimitApprovalStatus" <> ${DENIED}`.execute(
      tx,
    );
    const overLimit = compareMoney(sums[0]?.after ?? use.amount, card.ccMonthlyLimit) > 0;
    const used = holder ? APPROVED : PENDING;
    const overLimitStatus = overLimit ? PENDING : APPROVED;
    const approved = used === APPROVED && overLimitStatus === APPROVED;
    const row = await tx
      .insertInto("tblCCPermission")
      .values({
        ccID: use.ccID,
        empID: me,
        projectID: use.projectID,
        ccPermissionPurpose: use.purpose,
        ccPermissionAmount: use.amount,
        ccPermissionOverLimit: overLimit ? 1 : 0,
        ccPermissionCCUsedApprovalStatus: used,
        ccPermissionOverLimitApprovalStatus: overLimitStatus,
        ...(holder ? { ccPermissionUsedDecidedTS: sql<Date>`now()`, ccPermissionUsedReason: "Card holder" } : {}),
        ccPermissionApprovalCode: approved ? approvalCode() : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, actor, "insert", REQUEST, [{ after: row }]);
    // The holder decides a colleague's request; an over-limit approver one the holder's own approval covers.
    const deciders = !holder ? [card.empID] : overLimit ? await overLimitApprovers(tx, me) : [];
    await notify(tx, waitingFor(deciders, me, row));
    return row as unknown as RequestRow;
  });
}

/** A request as a notification says it: its amount and purpose, leading to the inbox. */
function aboutRequest(
  row: { ccPermissionAmount: unknown; ccPermissionPurpose: unknown },
  byEmpID: number,
  href: string = REQUEST_NOTIFICATION_HREF.decided,
) {
  return {
    byEmpID,
    tableName: REQUEST.name,
    about: `${formatMoney(row.ccPermissionAmount as string)} for ${row.ccPermissionPurpose}`,
    href,
  };
}

/** Each decider told that a request waits for them, as from its requester. */
function waitingFor(deciders: readonly number[], requester: number, row: Parameters<typeof aboutRequest>[0]): Told[] {
  return deciders.map((empID) => ({
    ...aboutRequest(row, requester, REQUEST_NOTIFICATION_HREF.waiting),
    empID,
    kind: "requestWaiting",
  }));
}

/**
 * A decision on one step of a request, by who may make it: the card's holder for card use
 * (a request of their team), an over-limit approver (view on page 45) once the holder approved.
 * Nobody decides their own request; a request decided already, or changed since its decider
 * saw it (its version), is refused with 409 and nothing changes. A request approved at every
 * step gets its approval code.
 */
export async function decide(db: Kysely<DB>, actor: Actor, ccPermissionID: number, decision: Decision) {
  const me = employeeOf(actor);
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<RequestRow & { holder: number }>`
      select cp.*, c."empID" as holder from "tblCCPermission" cp join "tblCC" c on c."ccID" = cp."ccID"
      where cp."ccPermissionID" = ${ccPermissionID} for update of cp`.execute(tx);
    const found = rows[0];
    if (!found) throw new AppError(404, `There is no card request with the id ${ccPermissionID}.`);
    const { holder, ...before } = found;
    if (before.empID === me) throw new AppError(403, "Nobody decides on their own request.");
    const cardUse = decision.step === "cardUse";
    if (cardUse ? holder !== me : !mayAs(actor, "overLimitApprovers")) {
      throw new AppError(
        403,
        cardUse
          ? "Only the card's holder decides on its use."
          : "Only an over-limit approver decides on a request over the limit.",
      );
    }
    if (cardUse && !(await inTeamOf(tx, me, before.empID))) {
      throw new AppError(403, "The holder decides on requests of their own team only.");
    }
    if (before.ccPermissionVersion !== decision.version) {
      throw new AppError(409, "This request changed since you opened it: look at it again before you decide.");
    }
    const status = cardUse ? before.ccPermissionCCUsedApprovalStatus : before.ccPermissionOverLimitApprovalStatus;
    if (status !== PENDING) throw new AppError(409, "This step of the request is decided already.");
    if (!cardUse && (before.ccPermissionOverLimit !== 1 || before.ccPermissionCCUsedApprovalStatus !== APPROVED)) {
      throw new AppError(409, "This request does not wait for an over-limit approval.");
    }
    const outcome = decision.approve ? APPROVED : DENIED;
    // One decision per person (docs/decisions.md#one-decision-per-person): a holder who is an
    // over-limit approver too, approving a request over the limit, approves both its steps.
    const both =
      cardUse &&
      outcome === APPROVED &&
      before.ccPermissionOverLimit === 1 &&
      before.ccPermissionOverLimitApprovalStatus === PENDING &&
      mayAs(actor, "overLimitApprovers");
    const other = both
      ? APPROVED
      : cardUse
        ? before.ccPermissionOverLimitApprovalStatus
        : before.ccPermissionCCUsedApprovalStatus;
    const approved = outcome === APPROVED && other === APPROVED;
    const overLimitStep = {
      ccPermissionOverLimitApprovalStatus: outcome,
      ccPermissionOverLimitDecidedBy: me,
      ccPermissionOverLimitDecidedTS: sql<Date>`now()`,
      ccPermissionOverLimitReason: decision.reason,
    };
    const step = cardUse
      ? {
          ccPermissionCCUsedApprovalStatus: outcome,
          ccPermissionUsedDecidedBy: me,
          ccPermissionUsedDecidedTS: sql<Date>`now()`,
          ccPermissionUsedReason: decision.reason,
          ...(both ? overLimitStep : {}),
        }
      : overLimitStep;
    const after = await tx
      .updateTable("tblCCPermission")
      .set({
        ...step,
        ccPermissionVersion: before.ccPermissionVersion + 1,
        ...(approved ? { ccPermissionApprovalCode: approvalCode() } : {}),
      })
      .where("ccPermissionID", "=", ccPermissionID)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, actor, "update", REQUEST, [{ before, after }]);
    const told: Told[] = [];
    if (approved)
      told.push({
        ...aboutRequest(after, me),
        empID: after.empID,
        kind: "requestApproved",
        detail: after.ccPermissionApprovalCode,
      });
    else if (outcome === DENIED)
      told.push({ ...aboutRequest(after, me), empID: after.empID, kind: "requestDenied", detail: decision.reason });
    else if (cardUse && after.ccPermissionOverLimitApprovalStatus === PENDING && after.ccPermissionOverLimit === 1) {
      // The holder said yes to a request over the limit: now it waits for an over-limit approver.
      told.push(...waitingFor(await overLimitApprovers(tx, after.empID), after.empID, after));
    }
    await notify(tx, told);
    return after as unknown as RequestRow;
  });
}
