import * as all from "./all.js";
import type { Resource } from "./resource.js";

export * from "./all.js";
export * from "./column.js";
export * from "./form.js";
export * from "./json-schema.js";
export * from "./resource.js";
export { CARD_REQUEST_FIELDS } from "./tblCCPermission.js";
export * from "./write-schema.js";

/** Every resource the data service serves, by the name the calls use. */
export const RESOURCES: ReadonlyMap<string, Resource> = new Map(
  Object.values(all).map((def) => [def.name, def as unknown as Resource]),
);

/**
 * Tables of the server's own that no resource serves but views read: the files attached to
 * records, the company's settings and each person's notifications. A change through their calls changes those views too.
 */
export const SERVER_TABLES = ["upload", "appSetting", "notification", "jobRun"] as const;

const readersOf = (table: string) =>
  [...RESOURCES.values()].filter((def) => def.reads?.includes(table)).map((def) => def.name);

/**
 * The resources whose rows a write to a table changes: the table and the views that read it,
 * then each table the database changes with it (by trigger, or with a delete by cascade) and
 * the views that read that one.
 */
export function changedByWriteTo(table: string): string[] {
  const def = RESOURCES.get(table);
  const also = [...(def?.changes ?? []), ...(def?.cascades ?? []).map((cascade) => cascade.table)];
  return [...new Set([table, ...readersOf(table), ...also.flatMap((other) => [other, ...readersOf(other)])])];
}
