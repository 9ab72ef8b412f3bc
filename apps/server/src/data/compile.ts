import { type Column, INT4, isTimestampText, moneyText, type Resource, type Value, type Where } from "@office/core";
import { type RawBuilder, sql } from "kysely";
import { AppError } from "../http/app-error.js";

/**
 * Compiles a parsed where into SQL over the resource's own columns. Column names were
 * checked by the parser; here every value is checked against its column's type and bound
 * as a parameter. Nothing of the request's text is pasted into the statement.
 */
export function compileWhere(where: Where, def: Resource): RawBuilder<unknown> {
  const column = (name: string): [Column, RawBuilder<unknown>] => [def.columns[name] as Column, sql.ref(name)];
  switch (where.type) {
    case "and":
    case "or":
      return sql`(${sql.join(
        where.items.map((item) => compileWhere(item, def)),
        where.type === "and" ? sql` and ` : sql` or `,
      )})`;
    case "not":
      return sql`not (${compileWhere(where.item, def)})`;
    case "compare": {
      const [type, ref] = column(where.column);
      const op = where.op === "!=" ? "<>" : where.op;
      return sql`${ref} ${sql.raw(op)} ${bind(type, where.value, where.column)}`;
    }
    case "in": {
      const [type, ref] = column(where.column);
      const values = sql.join(where.values.map((value) => bind(type, value, where.column)));
      return where.negated ? sql`${ref} not in (${values})` : sql`${ref} in (${values})`;
    }
    case "like": {
      const [type, ref] = column(where.column);
      if (type.type !== "text") throw AppError.badRequest(`LIKE needs a text column; ${where.column} is not one.`);
      storable(where.pattern, where.column);
      // LIKE matches without regard to case, as users of the original product expect: in the
      // column's lower-cased copy where the database keeps one.
      if (type.foldedIn) {
        const folded = sql.ref(type.foldedIn);
        return where.negated
          ? sql`${folded} not like lower(${where.pattern})`
          : sql`${folded} like lower(${where.pattern})`;
      }
      return where.negated ? sql`${ref} not ilike ${where.pattern}` : sql`${ref} ilike ${where.pattern}`;
    }
    case "null": {
      const [, ref] = column(where.column);
      return where.negated ? sql`${ref} is not null` : sql`${ref} is null`;
    }
    case "between": {
      const [type, ref] = column(where.column);
      return sql`${ref} between ${bind(type, where.low, where.column)} and ${bind(type, where.high, where.column)}`;
    }
  }
}

function bind(column: Column, value: Value, name: string): RawBuilder<unknown> {
  switch (column.type) {
    case "integer": {
      if (value.kind !== "number" || !/^-?\d+$/.test(value.text)) {
        throw AppError.badRequest(`${name} is compared with a whole number, not ${describe(value)}.`);
      }
      const number = Number(value.text);
      if (number < INT4.min || number > INT4.max)
        throw AppError.badRequest(`${value.text} is out of range for ${name}.`);
      // As an int4, whatever the column's own width: a smallint column compared with 40000 is
      // false, where a parameter typed by the column would not hold the value (22003, a 400).
      return sql`${number}::integer`;
    }
    case "text":
      if (value.kind !== "string")
        throw AppError.badRequest(`${name} is compared with a quoted text, not ${describe(value)}.`);
      storable(value.value, name);
      return sql`${value.value}`;
    case "money": {
      const amount = value.kind === "number" ? moneyText(value.text) : null;
      if (amount === null) throw AppError.badRequest(`${name} is compared with an amount such as 1250.50.`);
      return sql`${amount}::numeric`;
    }
    case "timestamp":
      if (value.kind !== "string" || !isTimestampText(value.value)) {
        throw AppError.badRequest(
          `${name} is compared with a quoted date such as '2026-11-22' or '2026-11-22 13:30:00'.`,
        );
      }
      return sql`${value.value}::timestamptz`;
  }
}

/** A text PostgreSQL can take: the NUL character it cannot hold is refused in the where's words, not its. */
function storable(text: string, name: string) {
  if (text.includes("\u0000"))
    throw AppError.badRequest(`${name} is compared with a text holding NUL, which no text holds.`);
}

function describe(value: Value): string {
  return value.kind === "number" ? `the number ${value.text}` : "a quoted text";
}
