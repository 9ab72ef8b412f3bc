import type { Comparison, OrderItem, Value, Where } from "./ast.js";
import { printOrder, printWhere } from "./print.js";

type Scalar = string | number;

function value(v: Scalar): Value {
  if (typeof v === "string") return { kind: "string", value: v };
  if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
  // Plain decimal notation: the grammar has no exponents.
  const text = Number.isInteger(v)
    ? BigInt(v).toString()
    : String(v).includes("e")
      ? v.toFixed(20).replace(/0+$/, "")
      : String(v);
  return { kind: "number", text };
}

/**
 * The typed builder the web app uses to write where texts: values are escaped by the
 * printer, so a term typed by a user can never change the shape of the condition.
 * `C` narrows the column names to a resource's.
 */
export function whereBuilder<C extends string = string>() {
  const compare = (column: C, op: Comparison, v: Scalar): Where => ({ type: "compare", column, op, value: value(v) });
  return {
    eq: (column: C, v: Scalar) => compare(column, "=", v),
    ne: (column: C, v: Scalar) => compare(column, "<>", v),
    lt: (column: C, v: Scalar) => compare(column, "<", v),
    le: (column: C, v: Scalar) => compare(column, "<=", v),
    gt: (column: C, v: Scalar) => compare(column, ">", v),
    ge: (column: C, v: Scalar) => compare(column, ">=", v),
    in: (column: C, values: readonly Scalar[]): Where => ({
      type: "in",
      column,
      negated: false,
      values: values.map(value),
    }),
    notIn: (column: C, values: readonly Scalar[]): Where => ({
      type: "in",
      column,
      negated: true,
      values: values.map(value),
    }),
    like: (column: C, pattern: string): Where => ({ type: "like", column, negated: false, pattern }),
    /** Matches the term anywhere in the column, its own % and _ taken literally. */
    contains: (column: C, term: string): Where => ({
      type: "like",
      column,
      negated: false,
      pattern: `%${escapeLike(term)}%`,
    }),
    isNull: (column: C): Where => ({ type: "null", column, negated: false }),
    isNotNull: (column: C): Where => ({ type: "null", column, negated: true }),
    between: (column: C, low: Scalar, high: Scalar): Where => ({
      type: "between",
      column,
      low: value(low),
      high: value(high),
    }),
    and: (...items: Where[]): Where => (items.length === 1 ? (items[0] as Where) : { type: "and", items }),
    or: (...items: Where[]): Where => (items.length === 1 ? (items[0] as Where) : { type: "or", items }),
    not: (item: Where): Where => ({ type: "not", item }),
    asc: (column: C): OrderItem => ({ column, direction: "ASC" }),
    desc: (column: C): OrderItem => ({ column, direction: "DESC" }),
    print: printWhere,
    printOrder,
  };
}

/** Escapes LIKE's wildcards (and its escape character) in a literal term. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The where text "column = value" (a record by its key, the rows of a parent), escaped by the printer. */
export function whereEquals(column: string, value: Scalar): string {
  return printWhere(whereBuilder().eq(column, value));
}
