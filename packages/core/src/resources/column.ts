import { z } from "zod";
import { INT4 } from "../constants.js";
import { checkField, checkRule, type RuleSpec } from "../validation.js";

/** How a column is stored, which decides what values a where may compare it with. */
export type ColumnType = "integer" | "text" | "timestamp";

export interface Column {
  type: ColumnType;
  nullable: boolean;
  /** What a client may write into it (insert and update). */
  schema: z.ZodType;
  /** May be left out of an insert: the database supplies a default or null. */
  optional: boolean;
  /** Filled by the database (identity key): never written by clients. */
  generated?: true;
  /** Set by the server on every write, whatever the client sent. */
  serverOwned?: "signedInEmployee" | "now";
  /** Searchable with LIKE by a table's search box. */
  searchable?: true;
  /** Never returned, filtered, searched nor sorted on (a secret): it may only be written. */
  hidden?: true;
  /** The field name the rule messages use (the column's own name when absent). */
  label?: string;
  /** The form rules of spec 5 a written value must pass (the web app's forms run the same). */
  rules?: readonly RuleSpec[];
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A date or date and time as the calls send them: ISO 8601, or with a space for the T. */
export function isTimestampText(text: string): boolean {
  return TIMESTAMP.test(text) && !Number.isNaN(Date.parse(text.length === 10 ? text : text.replace(" ", "T")));
}
const timestampSchema = z.string().refine(isTimestampText, "is not a date and time");

interface Options {
  nullable?: boolean;
  optional?: boolean;
  searchable?: boolean;
  label?: string;
  rules?: readonly RuleSpec[];
}

function make(type: ColumnType, base: z.ZodType, options: Options): Column {
  const nullable = options.nullable ?? false;
  const column: Column = {
    type,
    nullable,
    schema: nullable ? base.nullable() : base,
    optional: options.optional ?? nullable,
  };
  if (options.searchable) column.searchable = true;
  if (options.label) column.label = options.label;
  if (options.rules?.length) column.rules = options.rules;
  return column;
}

/** Column builders: a resource declares its columns with these, once. */
export const col = {
  /** The identity key of a table. */
  id: (): Column => ({ ...make("integer", z.number().int().positive(), {}), generated: true, optional: true }),
  integer: (options: Options & { min?: number; max?: number } = {}) =>
    make(
      "integer",
      z
        .number()
        .int()
        .min(options.min ?? INT4.min)
        .max(options.max ?? INT4.max),
      options,
    ),
  /** A 1/0 flag (the spec's permission flags, empActive). */
  flag: (options: Options = {}) => make("integer", z.union([z.literal(0), z.literal(1)]), options),
  text: (maxLength: number, options: Options & { emptyAsNull?: boolean } = {}) => {
    // The length limit is a rule, so its message names the field like every other rule's.
    const text = z.string();
    // The spec stores an empty note text as null.
    const base = options.emptyAsNull ? text.transform((v) => (v.trim() === "" ? null : v)) : text;
    return make("text", base, { ...options, rules: [...(options.rules ?? []), { max: maxLength }] });
  },
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, options: Options = {}) =>
    make("text", z.enum(values), options),
  timestamp: (options: Options = {}) => make("timestamp", timestampSchema, options),
  /** Owned by the server: the signed-in employee, or the time of the write. */
  owner: (): Column => ({ ...make("integer", z.unknown(), {}), serverOwned: "signedInEmployee", optional: true }),
  now: (): Column => ({ ...make("timestamp", z.unknown(), {}), serverOwned: "now", optional: true }),
  /** A secret: written by those who may change the record, never read back by anyone. */
  secret: (maxLength: number, options: Options = {}): Column => ({ ...col.text(maxLength, options), hidden: true }),
} as const;

/** A column's schema for writes: its type, then its rules, with messages in the field's name. */
export function writeSchema(name: string, column: Column): z.ZodType {
  const rules = column.rules;
  if (!rules) return column.schema;
  const label = column.label ?? name;
  const checked = column.schema.superRefine((value, ctx) => {
    const message = checkField(rules, value, label);
    if (message) ctx.addIssue({ code: "custom", message });
  });
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
