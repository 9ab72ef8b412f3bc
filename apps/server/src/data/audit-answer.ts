import type { Selectable } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";

export type AuditRow = Selectable<DB["auditLog"]>;
// before and after are the jsonb of rows the audit wrote: objects, or null.
type Image = Record<string, unknown> | null;

/** An audit record as the calls answer it. */
export const auditEntry = (entry: AuditRow) => ({
  ...entry,
  before: entry.before as Image,
  after: entry.after as Image,
  createdTS: new Date(entry.createdTS).toISOString(),
});

const image = z.record(z.string(), z.unknown());

/** An audit record's answer schema (the record's trail, the deleted records, the trail browser). */
export const auditRecord = z.object({
  auditID: z.number().int(),
  empID: z.number().int().nullable(),
  action: z.enum(["insert", "update", "delete", "restore"]),
  tableName: z.string(),
  recordKey: z.string(),
  before: image.nullable(),
  after: image.nullable(),
  createdTS: z.iso.datetime(),
});
