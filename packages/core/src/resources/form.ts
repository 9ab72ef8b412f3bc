import {
  formatDateTime,
  formatMinutes,
  formatMoney,
  formatUsDate,
  formatUsPhone,
  parsePipeList,
  parseUsDate,
} from "../formats.js";
import { lookupLabel } from "../lookups/enumerations.js";
import { checkRule, type FormRules, type RuleSpec } from "../validation.js";
import type { Column } from "./column.js";
import type { Resource, ResourceDef } from "./resource.js";

/**
 * A record form derived from a resource's declaration: which fields, their rules (the
 * column's, plus what typing text into them needs), and the way between a stored row and the
 * text a form holds. Pages name the fields; everything else comes from the columns.
 */
export interface RecordForm<K extends string> {
  names: readonly K[];
  columns: Record<K, Column>;
  rules: FormRules<K>;
  /** The values of a new record. */
  empty: Record<K, string>;
  /** A stored row as form text. */
  toForm(row: Record<string, unknown>): Record<K, string>;
  /** Form text as the fields of an insert or update. */
  toFields(values: Record<K, string>): Record<K, unknown>;
}

function columnOf(def: Resource, name: string): Column {
  const column = def.columns[name];
  if (!column) throw new Error(`${def.name} has no column ${name}`);
  return column;
}

/** The rules a typed value needs beyond the column's own: a US date, digits for a number. */
function typingRules(column: Column): RuleSpec[] {
  if (column.field?.kind === "date") return ["date"];
  if (column.type === "integer" && !column.field) return ["number"];
  return [];
}

/** The label a form and a table give a column. */
export const labelOf = (column: Column, name: string) => column.label ?? name;

/** A stored value as the text a form field holds. */
export function formText(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (column.field?.kind === "date") return formatUsDate(String(value).slice(0, 10)) ?? String(value);
  return String(value);
}

/**
 * A form field's text as the value written: empty is null where the column allows null, and
 * left out (undefined) where the database supplies a default instead.
 */
export function storedValue(column: Column, text: string): unknown {
  const blank = text.trim() === "";
  if (blank && column.nullable) return null;
  if (blank && column.optional) return undefined;
  if (column.field?.kind === "date") return parseUsDate(text.trim()) ?? text;
  if (column.type === "integer" && !blank && /^-?\d+$/.test(text.trim())) return Number(text.trim());
  return text;
}

/** A value as a table, an export and a read-only record show it: dates, times, minutes, phones and lookups in words. */
/**
 * Where a value of a contact column leads: a phone number (not a fax) to a call (`tel:` with
 * its digits), an e-mail address (a column with the e-mail rule) to a message (`mailto:`), a
 * website (the url rule, http or https only) to itself, opened in a new tab. Nothing for any
 * other column, or a value its rule would refuse.
 */
export function contactLink(column: Column, value: unknown): { href: string; external: boolean } | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const text = value.trim();
  if (column.field?.kind === "tel") {
    if (column.field.dial === false) return undefined;
    const digits = text.replace(/\D/g, "");
    const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
    return ten.length === 10 ? { href: `tel:+1${ten}`, external: false } : undefined;
  }
  const rules = column.rules ?? [];
  if (rules.includes("email") && checkRule("email", text, "") === null) {
    return { href: `mailto:${text}`, external: false };
  }
  if (rules.includes("url") && checkRule("url", text, "") === null) return { href: text, external: true };
  return undefined;
}

export function displayText(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "";
  switch (column.field?.kind) {
    case "date":
      return formatUsDate(String(value).slice(0, 10)) ?? String(value);
    case "datetime":
      return formatDateTime(String(value)) ?? String(value);
    case "minutes":
      return formatMinutes(Number(value));
    case "money":
      return formatMoney(typeof value === "number" ? value : String(value));
    case "choice":
      if (column.field.shown === "minutes") return formatMinutes(Number(value));
      return lookupLabel(column.field.options, value as number | string);
    case "flag":
      return Number(value) === 1 ? "Yes" : "No";
    case "tel":
      return formatUsPhone(String(value)) ?? String(value);
    case "choices": {
      const options = column.field.options;
      return parsePipeList(String(value))
        .map((item) => lookupLabel(options, Number(item)))
        .join(", ");
    }
    default:
      return String(value);
  }
}

export function recordForm<C extends Record<string, Column>, K extends keyof C & string>(
  def: ResourceDef<C>,
  names: readonly K[],
): RecordForm<K> {
  const columns = {} as Record<K, Column>;
  const rules = {} as FormRules<K>;
  const empty = {} as Record<K, string>;
  for (const name of names) {
    const column = columnOf(def as unknown as Resource, name);
    columns[name] = column;
    rules[name] = { label: labelOf(column, name), rules: [...(column.rules ?? []), ...typingRules(column)] };
    empty[name] = column.initial ?? "";
  }
  return {
    names,
    columns,
    rules,
    empty,
    toForm(row) {
      const values = {} as Record<K, string>;
      for (const name of names) values[name] = formText(columns[name], row[name]);
      return values;
    },
    toFields(values) {
      const fields = {} as Record<K, unknown>;
      for (const name of names) fields[name] = storedValue(columns[name], values[name]);
      return fields;
    },
  };
}
