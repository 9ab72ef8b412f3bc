import type { Resource } from "@office/core";
import { type RawBuilder, sql } from "kysely";

/**
 * A table's rows as they were at `moment`, replayed from the audit trail (data/audit.ts writes
 * it in the transaction of every change): a row with no entry since is as it is now, unless
 * `created` (a column the server stamps when a row is made, never changed after) says it was
 * made since, by a write the trail does not hold (the seed's); a row with entries since is its
 * first later entry's `before`, and not there at all where that entry has none (an insert, a
 * restore). A row deleted since so comes back from its delete's `before`.
 *
 * The audit's images become rows of the table's own type (`jsonb_populate_record`), and the
 * whole is named as the table, so a where and a grouping over its columns apply unchanged. One
 * probe of the audit's index per table (by name, then key and time, in the order `distinct on`
 * reads them).
 */
export function rowsAsOf(table: Resource, moment: RawBuilder<unknown>, created?: string): RawBuilder<unknown> {
  const name = sql.table(table.name);
  const made = created ? sql`${sql.ref(`t.${created}`)} < ${moment} and` : sql``;
  return sql`(with later as (
      select distinct on (a."recordKey") a."recordKey", a."before"
      from "auditLog" a
      where a."tableName" = ${table.name} and a."createdTS" >= ${moment}
      order by a."recordKey", a."createdTS", a."auditID"
    )
    select t.* from ${name} t
    where ${made} not exists (select 1 from later where later."recordKey" = ${sql.ref(`t.${table.key}`)}::text)
    union all
    select r.* from later cross join lateral jsonb_populate_record(null::${name}, later."before") r
    where later."before" is not null) as ${name}`;
}
