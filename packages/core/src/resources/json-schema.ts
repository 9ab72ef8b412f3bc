import { INT4 } from "../constants.js";
import { RULE_PATTERNS, type RuleSpec } from "../validation.js";
import type { Column, ValueRule } from "./column.js";

/*
 * A column as JSON Schema (2020-12, OpenAPI 3.1's), for the API document: what a row holds, as
 * the server answers it (rowJsonSchema), and what a write may send into it (writeJsonSchema),
 * both from the column's declaration, as its zod schemas are (write-schema.ts, which carries
 * the second as its own document). A request the write schema allows passes the server's
 * checks of the column: a generated request that does not is a fault of one or the other
 * (apps/server/test/api-property.test.ts).
 */

export type JsonSchema = Record<string, unknown>;

/** A pattern's source without its anchors, to place it inside another. */
const inner = (pattern: RegExp) => pattern.source.replace(/^\^/, "").replace(/\$$/, "");

// A year PostgreSQL holds (0001 to 9999; there is no year 0), and the parts of a time of day.
const YEAR = "(?:\\d{3}[1-9]|\\d{2}[1-9]\\d|\\d[1-9]\\d{2}|[1-9]\\d{3})";
const DATE = `${YEAR}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])`;
const TIME = "(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,6})?";
// Offsets of the world's time zones (-12 to +14): PostgreSQL refuses some larger ones.
const OFFSET = "(?:Z|[+-](?:0\\d|1[0-4]):[0-5]\\d)";

/**
 * What a timestamp column takes, as RFC 3339 writes it (the format says the day exists, which
 * the pattern cannot): a day, or a moment with its offset. The server also takes a space for
 * the T and shorter offsets; the document names the form every client writes.
 */
const timestampWritten: JsonSchema = {
  anyOf: [
    { type: "string", format: "date", pattern: `^${DATE}$` },
    { type: "string", format: "date-time", pattern: `^${DATE}T${TIME}${OFFSET}$` },
  ],
};

/**
 * An amount from `min` ("0" or "0.01") to under `below` (a power of ten, MONEY_BELOW): digits
 * with at most 2 decimals, as text or as a JSON number.
 */
function amount(rule: Extract<ValueRule, { kind: "money" }>): JsonSchema {
  const digits = rule.below.length - 1;
  const positive = rule.min !== "0";
  const whole = `[1-9]\\d{0,${digits - 1}}(?:\\.\\d{1,2})?`;
  const cents = positive ? "0\\.(?:[1-9]\\d?|0[1-9])" : "0(?:\\.\\d{1,2})?";
  return {
    type: ["string", "number"],
    pattern: `^(?:${whole}|${cents})$`,
    ...(positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
    exclusiveMaximum: Number(rule.below),
    multipleOf: 0.01,
    description: 'An amount of dollars with at most 2 decimals, read back as text ("1234.50").',
  };
}

/** A pipe list of a list's values (|1|4|), each at most once and in the list's order, or nothing. */
function pipeList(values: readonly string[]): string {
  const escaped = values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const from = (i: number) =>
    `${escaped[i]}\\|${escaped
      .slice(i + 1)
      .map((v) => `(?:${v}\\|)?`)
      .join("")}`;
  return `^(?:\\|(?:${escaped.map((_, i) => from(i)).join("|")}))?$`;
}

function valueJsonSchema(column: Column): JsonSchema {
  const rule = column.value;
  switch (rule.kind) {
    case "key":
      return { type: "integer", minimum: 1, maximum: INT4.max };
    case "integer":
      return { type: "integer", minimum: rule.min, maximum: rule.max };
    case "flag":
      return { type: "integer", enum: [0, 1] };
    case "choice":
      return { type: column.type === "integer" ? "integer" : "string", enum: [...rule.values] };
    case "oneOf":
      return { type: "string", enum: [...rule.values] };
    case "choices":
      return { type: "string", pattern: pipeList(rule.values) };
    case "money":
      return amount(rule);
    case "timestamp":
    case "text":
    case "any":
      return { type: column.type === "integer" ? "integer" : "string" };
  }
}

/** Null too, where the column holds it. */
function orNull(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable) return schema;
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  const type = ([] as unknown[]).concat(schema.type);
  const values = schema.enum as unknown[] | undefined;
  return { ...schema, type: [...type, "null"], ...(values ? { enum: [...values, null] } : {}) };
}

const maxLengthOf = (rules: readonly RuleSpec[]) =>
  rules.reduce<number | undefined>((max, r) => (typeof r === "object" && "max" in r ? r.max : max), undefined);

/** A row's value of the column, as the server answers it (a secret's is never answered). */
export function rowJsonSchema(column: Column): JsonSchema {
  const schema = valueJsonSchema(column);
  if (column.type === "money") {
    // Read back as its decimal text, so no amount passes through a double.
    const { pattern, description } = schema;
    return orNull({ type: "string", pattern, description }, column.nullable);
  }
  if (column.type === "timestamp") {
    // A day is answered as one ("2026-06-15"), a moment with the company's offset.
    const format = column.field?.kind === "date" ? "date" : "date-time";
    return orNull({ type: "string", format }, column.nullable);
  }
  const maxLength = maxLengthOf(column.rules ?? []);
  return orNull({ ...schema, ...(maxLength && column.type === "text" ? { maxLength } : {}) }, column.nullable);
}

// The form rules with a pattern: the value is tested trimmed, and a blank one passes all but required.
const FORMATS: Partial<Record<string, RegExp>> = RULE_PATTERNS;

/** What a text takes by its rules: one pattern (a format's, or else not blank where required) and lengths. */
function textRules(rules: readonly RuleSpec[]): JsonSchema {
  const required = rules.includes("required");
  const format = rules.find((r) => typeof r === "string" && FORMATS[r] !== undefined) as string | undefined;
  const schema: JsonSchema = {};
  for (const r of rules) {
    if (typeof r !== "object") continue;
    if ("max" in r) schema.maxLength = r.max;
    else schema.minLength = r.min;
  }
  const shape = format ? inner(FORMATS[format] as RegExp) : undefined;
  if (shape) schema.pattern = required ? `^(?:${shape})$` : `^(?:${shape}|\\s*)$`;
  else if (required) schema.pattern = "\\S";
  if (required) schema.minLength = Math.max(1, (schema.minLength as number | undefined) ?? 1);
  return schema;
}

/**
 * What a write may send into the column: its type and limits, then its rules (a format's
 * pattern, not blank and not null where required). No text may hold the NUL character, which
 * PostgreSQL cannot store.
 */
export function writeJsonSchema(column: Column): JsonSchema {
  const rules = column.rules ?? [];
  const nullable = column.nullable && !rules.includes("required");
  if (column.type === "timestamp") return orNull(timestampWritten, nullable);
  const schema = valueJsonSchema(column);
  if (column.type === "text" && schema.enum === undefined) {
    // A pipe list's own pattern says more than a rule's.
    const { pattern, ...limits } = textRules(rules);
    Object.assign(schema, limits, { not: { type: "string", pattern: "\\u0000" } });
    if (pattern !== undefined) schema.pattern ??= pattern;
  }
  return orNull(schema, nullable);
}
