import {
  ACTIVE,
  GRANTS,
  type NotificationKind,
  notificationText,
  RESOURCES,
  recordHref,
  recordTarget,
  type ToldOfChanges,
} from "@office/core";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";

/** One notification to write: to whom, what, and what it is about. */
export interface Told {
  empID: number;
  kind: NotificationKind;
  byEmpID: number | null;
  tableName?: string;
  count?: number;
  about?: unknown;
  detail?: unknown;
  href?: string | null;
}

/** Writes notifications in the caller's transaction: they are told only of what happened. */
export async function notify(tx: Kysely<DB>, told: readonly Told[]): Promise<void> {
  const rows = told.map((t) => ({
    empID: t.empID,
    kind: t.kind,
    byEmpID: t.byEmpID,
    tableName: t.tableName ?? null,
    count: t.count ?? 1,
    about: notificationText(t.about),
    detail: notificationText(t.detail),
    href: t.href ?? null,
  }));
  if (rows.length > 0) await tx.insertInto("notification").values(rows).execute();
}

/**
 * The active over-limit approvers (core's grant), but `except` (the requester, who never
 * decides their own request): each is told a request waits for them.
 */
export async function overLimitApprovers(tx: Kysely<DB>, except: number): Promise<number[]> {
  const grant = GRANTS.overLimitApprovers;
  const { rows } = await sql<{ empID: number }>`
    select distinct p."empID" from "tblPermission" p join "tblEmployee" e on e."empID" = p."empID"
    where p."permissionPageID" = ${grant.page} and p."permissionView" = 1
      and e."empActive" = ${sql.lit(ACTIVE.code.active)}
      and p."empID" <> ${except}`.execute(tx);
  return rows.map((row) => row.empID);
}

/** Where a row told of leads: the record it opens (a note's project), else its own record while it is there. */
function hrefOf(table: string, told: ToldOfChanges, row: Record<string, unknown>, removed: boolean): string | null {
  const opens = told.opens;
  if (opens) {
    const target = recordTarget(opens.table);
    const id = row[opens.key];
    return target && id !== null && id !== undefined ? recordHref(target, id) : null;
  }
  const target = recordTarget(table);
  const key = RESOURCES.get(table)?.key;
  return !removed && target && key ? recordHref(target, row[key]) : null;
}

/**
 * Tells each owner of rows someone else changed or removed (a resource's `toldOfChanges`):
 * one notification per owner for the write, however many of their rows it reached, so a
 * bulk change is one line in their list.
 */
export async function tellOwners(
  tx: Kysely<DB>,
  byEmpID: number | null,
  table: string,
  told: ToldOfChanges,
  removed: boolean,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  const byOwner = new Map<number, Array<Record<string, unknown>>>();
  for (const row of rows) {
    const owner = row[told.owner];
    if (typeof owner !== "number" || owner === byEmpID) continue;
    // Pushed in place: a bulk write of thousands of one owner's rows is one pass, not a copy per row.
    const own = byOwner.get(owner);
    if (own) own.push(row);
    else byOwner.set(owner, [row]);
  }
  await notify(
    tx,
    [...byOwner].map(([empID, own]) => {
      const [first] = own as [Record<string, unknown>];
      const one = own.length === 1;
      return {
        empID,
        kind: removed ? "recordRemoved" : "recordChanged",
        byEmpID,
        tableName: table,
        count: own.length,
        about: one ? first[told.about] : null,
        href: one ? hrefOf(table, told, first, removed) : null,
      };
    }),
  );
}
