import { AUDIT_PAGE_ROWS, type AuditPage, type AuditQuery } from "@office/core";
import { type Kysely, sql } from "kysely";
import { type AuditRow, auditEntry } from "../data/audit-answer.js";
import type { DB } from "../db/schema.js";

/**
 * A page of the audit trail browser: every change, newest first, narrowed by table, record,
 * employee, action and days (the company's), read by its indexes (a record's, an employee's, a
 * table's deletes, else the key's order); the next page starts below the last change sent.
 * A delete not followed by a later change of its record can be restored.
 */
export async function auditChanges(db: Kysely<DB>, query: AuditQuery): Promise<AuditPage> {
  const where = [
    query.table !== undefined ? sql`a."tableName" = ${query.table}` : null,
    query.key !== undefined ? sql`a."recordKey" = ${query.key}` : null,
    query.empID !== undefined ? sql`a."empID" = ${query.empID}` : null,
    query.action !== undefined ? sql`a."action" = ${query.action}` : null,
    // A day's text is the company's midnight: the sessions run in its zone.
    query.from !== undefined ? sql`a."createdTS" >= ${query.from}::timestamptz` : null,
    query.to !== undefined ? sql`a."createdTS" < (${query.to}::date + 1)::timestamptz` : null,
    query.before !== undefined ? sql`a."auditID" < ${query.before}` : null,
  ].filter((part) => part !== null);
  const { rows } = await sql<AuditRow & { byName: string | null; restorable: boolean }>`
    select a.*,
      case when e."empID" is not null then e."empFirstName" || ' ' || e."empLastName" end as "byName",
      (a."action" = 'delete' and not exists (select 1 from "auditLog" later where later."tableName" = a."tableName"
        and later."recordKey" = a."recordKey" and later."auditID" > a."auditID")) as "restorable"
    from "auditLog" a left join "tblEmployee" e on e."empID" = a."empID"
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by a."auditID" desc
    limit ${AUDIT_PAGE_ROWS + 1}`.execute(db);
  const page = rows.slice(0, AUDIT_PAGE_ROWS);
  return {
    data: page.map((row) => ({ ...auditEntry(row), byName: row.byName, restorable: row.restorable })),
    next: rows.length > AUDIT_PAGE_ROWS ? (page.at(-1)?.auditID ?? null) : null,
  };
}
