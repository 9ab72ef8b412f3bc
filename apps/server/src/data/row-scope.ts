import type { Resource, Where } from "@office/core";
import { type RawBuilder, sql } from "kysely";
import { type Actor, may, requireReach } from "./actor.js";
import { compileWhere } from "./compile.js";

/*
 * Which rows of a resource a caller reaches, for each action: the one place the data service
 * narrows rows by who is asking. Query, Totals, Update, Delete and Uploads all take their
 * conditions from here; the resource declarations in core say which rule applies.
 */

/**
 * The rows a caller may read: the where's, only their own where the resource says so (`ownRows`),
 * and only those visible to them where its rows are some people's (`visibleTo`).
 */
export function readableRows(def: Resource, where: Where | null, actor: Actor): RawBuilder<unknown> {
  const parts = where ? [compileWhere(where, def)] : [];
  // A system actor has no rows of its own: it sees everything.
  if (def.ownRows && actor.kind === "employee") parts.push(sql`${sql.ref(def.ownRows)} = ${actor.empID}`);
  const visible = def.visibleTo;
  if (visible && actor.kind === "employee") {
    const { table, key, member } = visible.members;
    // Qualified: the members' table names its own columns as the row does (empID).
    parts.push(sql`(${sql.ref(visible.column)} = ${visible.everybody} or ${sql.ref(visible.author)} = ${actor.empID}
      or ${sql.ref(def.key)} in (select ${sql.ref(`${table}.${key}`)} from ${sql.table(table)}
        where ${sql.ref(`${table}.${member}`)} = ${actor.empID}))`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * The rows a caller may change or delete (or attach a file to): the readable ones, narrowed to
 * the values the resource lets be written (`writableRows`), and to the caller's own where their
 * reach is only their own (`requireReach`: the resource keeps rows for their authors; with
 * `orOwnerOf`, the owners of what the rows belong to reach them too).
 */
export function writableRows(
  def: Resource,
  where: Where | null,
  actor: Actor,
  reach: "all" | "own",
): RawBuilder<unknown> {
  const rows = def.writableRows;
  const scope = rows
    ? sql`${readableRows(def, where, actor)} and ${sql.ref(rows.column)} in (${sql.join(rows.values)})`
    : readableRows(def, where, actor);
  const author = def.authorWrites;
  if (!author || actor.kind !== "employee" || reach === "all") return scope;
  const mine = sql`${sql.ref(author.column)} = ${actor.empID}`;
  const owner = author.orOwnerOf;
  if (!owner) return sql`${scope} and ${mine}`;
  // Qualified: a name the owner's table lacked would otherwise be the row's own column.
  const owned = sql`${sql.ref(owner.column)} in (select ${sql.ref(`${owner.table}.${owner.key}`)}
    from ${sql.table(owner.table)} where ${sql.ref(`${owner.table}.${owner.owner}`)} = ${actor.empID})`;
  return sql`${scope} and (${mine} or ${owned})`;
}

/** How an update of these fields is scoped for this caller. */
export interface UpdateScope {
  /** Where only the caller's own row may change, the where may name only these columns. */
  isColumn?: (name: string) => boolean;
  /** The rows the update reaches. */
  rows(where: Where | null): RawBuilder<unknown>;
}

/**
 * An update's reach. With the change permission, the writable rows the where matches; without
 * it, an employee may still change the resource's self-service fields (`selfService`) of their
 * own row, naming in the where only the row's key unless they may view the table. Settled from
 * the field names alone, before the where or the values are read: a caller without rights gets
 * the same refusal for a real column and a made-up one, so the answer tells nothing of what exists.
 */
export function updateScope(def: Resource, fieldNames: readonly string[], actor: Actor): UpdateScope {
  const self = def.selfService;
  const selfOnly = self !== undefined && fieldNames.length > 0 && fieldNames.every((n) => self.fields.includes(n));
  if (!selfOnly || actor.kind !== "employee" || may(actor, def.access.change, "change")) {
    const reach = requireReach(actor, def, "change");
    return { rows: (where) => writableRows(def, where, actor, reach) };
  }
  const own = sql`${sql.ref(self.column)} = ${actor.empID}`;
  return {
    ...(may(actor, def.access.view, "view") ? {} : { isColumn: (name: string) => name === self.column }),
    rows: (where) => sql`${writableRows(def, where, actor, "own")} and ${own}`,
  };
}
