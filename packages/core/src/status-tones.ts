import { EXCLUDED_PROJECT_STATUS_IDS } from "./constants.js";
import type { Tone } from "./lookups/enumerations.js";
import type { Column } from "./resources/column.js";

/**
 * A project status's tone (docs/decisions.md#status-tones). The statuses are an editable list
 * (page 26), so only the closed ones are fixed by the product (56, 66, 194: grey); an open one
 * is read by its words: waiting (on hold, paused) amber, finished work (billing, done) green,
 * the rest under way. A project without a status has none.
 */
export function projectStatusTone(code: unknown, name: unknown): Tone | undefined {
  if ((code === null || code === undefined) && (name === null || name === undefined || name === "")) return undefined;
  if ((EXCLUDED_PROJECT_STATUS_IDS as readonly unknown[]).includes(Number(code))) return "neutral";
  const words = String(name ?? "").toLowerCase();
  if (/\b(closed|cancell?ed|archived)\b/.test(words)) return "neutral";
  if (/\b(hold|paused|waiting|blocked)\b/.test(words)) return "caution";
  if (/\b(billing|billed|done|complete|completed|finished)\b/.test(words)) return "positive";
  return "progress";
}

/** A project's status name, toned by its code in the same row (column `code`), or by its words alone. */
export const projectStatus = (code?: string): NonNullable<Column["status"]> => ({
  ...(code ? { code } : {}),
  tone: (value, codeValue) => projectStatusTone(codeValue, value),
});

/**
 * The tone of a status value in a row: its choice's declared tone (a card's Frozen), or the
 * column's own rule (a project's status). Undefined for a column that is no status.
 */
export function statusTone(column: Column, value: unknown, row: Readonly<Record<string, unknown>>): Tone | undefined {
  if (column.status) return column.status.tone(value, column.status.code ? row[column.status.code] : undefined);
  if (column.field?.kind !== "choice" || value === null || value === undefined) return undefined;
  return column.field.options.find((option) => String(option.value) === String(value))?.tone;
}

/** Whether a column's values are a status (shown as pills): a toned choice, or a declared status. */
export const isStatus = (column: Column): boolean =>
  column.status !== undefined ||
  (column.field?.kind === "choice" && column.field.options.some((option) => option.tone !== undefined));
