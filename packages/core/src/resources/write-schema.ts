import { z } from "zod";
import { formatPipeList, parsePipeList } from "../formats.js";
import { checkField, checkRule } from "../validation.js";
import { type Column, type ColumnType, compareMoney, isTimestampText, moneyText, type ValueRule } from "./column.js";
import { type JsonSchema, writeJsonSchema } from "./json-schema.js";
import type { Resource } from "./resource.js";

/*
 * The schemas the server checks a write with, built from the columns' declarations. Only the
 * server builds them: in a module of their own, they and zod stay out of the web app's bundle,
 * whose forms check the same rules (validation.ts) without them (docs/decisions.md).
 */

const timestamp = z.string().refine(isTimestampText, "is not a date and time");

function ruleSchema(rule: ValueRule): z.ZodType {
  switch (rule.kind) {
    case "key":
      return z.number().int().positive();
    case "integer":
      return z.number().int().min(rule.min).max(rule.max);
    case "flag":
      return z.union([z.literal(0), z.literal(1)]);
    case "text":
      return rule.emptyAsNull ? z.string().transform((v) => (v.trim() === "" ? null : v)) : z.string();
    case "timestamp":
      return timestamp;
    case "money":
      // The column's rules (currency, currency_not_zero) name a wrong amount in the field's
      // words; this keeps what reaches the database a decimal text within numeric(12,2).
      return z.union([z.string(), z.number()]).transform((value, ctx) => {
        const amount = moneyText(value);
        if (amount !== null && compareMoney(amount, rule.min) >= 0 && compareMoney(amount, rule.below) < 0)
          return amount;
        ctx.addIssue({ code: "custom", message: `is not an amount from $${rule.min} to under $1,000,000,000` });
        return z.NEVER;
      });
    case "choice":
      return z.custom((v) => (rule.values as unknown[]).includes(v), { message: rule.message });
    case "choices":
      return z.string().refine((text) => {
        const items = parsePipeList(text);
        return formatPipeList(rule.values.filter((v) => items.includes(v))) === text;
      }, rule.message);
    case "oneOf":
      return z.enum(rule.values);
    case "any":
      return z.unknown();
  }
}

/**
 * A value of each stored type, whatever a column's rules: what a server-owned column takes, the
 * server replacing it. A value of another type is no value of the column, and is refused.
 */
const OF_TYPE: Record<ColumnType, z.ZodType> = {
  integer: z.custom<number>(Number.isInteger, "is not a whole number"),
  text: z.custom<string>((value) => typeof value === "string", "is not a text"),
  timestamp,
  money: z.custom<string | number>((value) => moneyText(value) !== null, "is not an amount"),
};

/** A column's schema, null too where the column is nullable. */
const orNull = (column: Column, schema: z.ZodType) => (column.nullable ? schema.nullable() : schema);

/** What a column accepts by its type alone (null too where it is nullable). */
export function valueSchema(column: Column): z.ZodType {
  return orNull(column, ruleSchema(column.value));
}

/**
 * A schema whose API document is `json`, where zod's own rendering says less than its checks (a
 * custom rule, a choice of a list) or other than what a client sends (digits read as a number).
 */
export function documented<S extends z.ZodType>(schema: S, json: JsonSchema) {
  return z.unknown().pipe(schema).meta(json);
}

/**
 * A column's schema for writes: its type, then its rules, with messages in the field's name;
 * documented as the column's write JSON Schema, so every body built of columns states them.
 */
export function writeSchema(name: string, column: Column): z.ZodType {
  return documented(checkedWrite(name, column), writeJsonSchema(column));
}

function checkedWrite(name: string, column: Column): z.ZodType {
  const rules = column.rules;
  if (!rules) return valueSchema(column);
  const label = column.label ?? name;
  const byRules = (value: unknown, ctx: z.RefinementCtx) => {
    const message = checkField(rules, value, label);
    if (message) ctx.addIssue({ code: "custom", message });
  };
  // An amount is checked by the spec's rules first, so "12.345" gets "Amount is not `currency`
  // format" rather than the type's words; its type then bounds it and makes it a decimal text.
  if (column.value.kind === "money") return z.unknown().superRefine(byRules).pipe(valueSchema(column));
  const checked = valueSchema(column).superRefine(byRules);
  if (!rules.includes("required")) return checked;
  // A missing required value gets the rule's message, not the type's "expected number".
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const message = checkRule("required", value, label);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .pipe(checked);
}

/** The columns a client may write on insert or update, with their rules. */
function writable(def: Resource, mode: "insert" | "update") {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, column] of Object.entries(def.columns)) {
    if (column.generated) continue;
    if (mode === "update" && column.insertOnly) {
      shape[name] = z.custom(() => false, `${column.label ?? name} cannot be changed`).optional();
      continue;
    }
    // Server-owned values a client sends are accepted and replaced: the product's own calls send
    // some (a note's author, the time of an availability change). One of another type is refused.
    const schema = column.serverOwned ? orNull(column, OF_TYPE[column.type]) : writeSchema(name, column);
    shape[name] = mode === "update" || column.optional || column.serverOwned ? schema.optional() : schema;
  }
  return z.strictObject(shape);
}

/**
 * Built once per resource and kept: every write is checked against it, and zod compiles an
 * object's parser on its first use, which a schema built for each call would pay every time.
 */
type WriteSchema = ReturnType<typeof writable>;
const built = { insert: new WeakMap<Resource, WriteSchema>(), update: new WeakMap<Resource, WriteSchema>() };

function kept(def: Resource, mode: "insert" | "update"): WriteSchema {
  let schema = built[mode].get(def);
  if (!schema) {
    schema = writable(def, mode);
    built[mode].set(def, schema);
  }
  return schema;
}

export const insertSchema = (def: Resource) => kept(def, "insert");
export const updateSchema = (def: Resource) => kept(def, "update");
