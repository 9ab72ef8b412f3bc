import {
  APPROVAL,
  EXCLUDED_PROJECT_STATUS_IDS,
  LOOKUP_GROUPS,
  tblPortalOrder,
  tblProject,
  tblProjectStatus,
} from "@office/core";
import { type Kysely, sql } from "kysely";
import { type Actor, actorEmpID, requireAccess } from "../data/actor.js";
import { audit } from "../data/audit.js";
import { withConstraintMessages } from "../data/constraint-messages.js";
import { insertRow, insertValues } from "../data/write.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";

const PROJECT = tblProject;
const STATUS = tblProjectStatus;
const ORDER = tblPortalOrder;

/**
 * POST /API/PortalOrders/:id/Project: an approved portal order becomes a project, in one
 * transaction: the project (the order's title, number, client and requested date; the caller
 * its owner; its items and notes its description), its first status (the first of the status
 * list that is not one a search leaves out: cancelled, closed, archived), and the order's link
 * to it. Every write is audited; an order becomes one project, and none without such a status.
 */
export async function projectFromOrder(db: Kysely<DB>, portalOrderID: number, actor: Actor): Promise<{ id: number }> {
  requireAccess(actor, tblPortalOrder.access.change, "change", tblPortalOrder.name);
  requireAccess(actor, tblProject.access.add, "add", tblProject.name);
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<Record<string, unknown>>`select * from "tblPortalOrder"
      where "portalOrderID" = ${portalOrderID} for update`.execute(tx);
    const order = rows[0];
    if (!order) throw new AppError(404, `There is no portal order with the id ${portalOrderID}.`);
    if (order.projectID !== null) {
      throw new AppError(409, `Order ${order.portalOrderNumber} is already project ${order.projectID}.`);
    }
    if (order.portalOrderStatus !== APPROVAL.code.approved)
      throw new AppError(409, "Only an approved order becomes a project.");
    const first = await tx
      .selectFrom("tblAppLookup")
      .select("appLookupID")
      .where("appLookupParentID", "=", LOOKUP_GROUPS.projectStatusCodes)
      .where("appLookupID", "not in", EXCLUDED_PROJECT_STATUS_IDS)
      .orderBy("appLookupSort")
      .orderBy("appLookupID")
      .executeTakeFirst();
    if (!first) throw new AppError(409, "The status list has no status a new project may start in.");

    const details = await sql<{ clientCategory: number | null; requested: string | null; items: string | null }>`
      select c."clientCategory",
        to_char(o."portalOrderRequestedDate", 'YYYY-MM-DD') as requested,
        (select string_agg(i."itemQuantity" || ' × ' || i."itemDescription"
            || coalesce(' (' || l."appLookupValue" || ')', ''), E'\\n' order by i."portalOrderItemID")
          from "tblPortalOrderItem" i left join "tblAppLookup" l on l."appLookupID" = i."itemCategory"
          where i."portalOrderID" = o."portalOrderID") as items
      from "tblPortalOrder" o join "tblClient" c on c."clientID" = o."clientID"
      where o."portalOrderID" = ${portalOrderID}`.execute(tx);
    const { clientCategory, requested, items } = details.rows[0] ?? {};
    const description = [items, order.portalOrderNotes].filter(Boolean).join("\n\n").slice(0, 4000);
    const project = await insertRow(
      tx,
      PROJECT,
      insertValues(
        PROJECT,
        {
          projectName: order.portalOrderTitle,
          projectFirstSourceNumber: order.portalOrderNumber,
          projectClientID: order.clientID,
          projectCategory: clientCategory ?? null,
          projectOwnerID: actorEmpID(actor),
          projectDueDate: requested ?? null,
          projectDescription: description,
        },
        actor,
      ),
      actor,
    );
    const projectID = Number(project.projectID);
    await insertRow(
      tx,
      STATUS,
      insertValues(STATUS, { projectID, projectStatusCodeID: first.appLookupID }, actor),
      actor,
    );

    const { rows: after } = await withConstraintMessages(
      ORDER.name,
      sql<Record<string, unknown>>`update "tblPortalOrder"
        set "projectID" = ${projectID} where "portalOrderID" = ${portalOrderID} returning *`.execute(tx),
    );
    await audit(tx, actor, "update", ORDER, [{ before: order, after: after[0] as Record<string, unknown> }]);
    return { id: projectID };
  });
}
