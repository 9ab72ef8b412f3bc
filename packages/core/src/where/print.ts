import type { OrderItem, Value, Where } from "./ast.js";

/** Prints a tree as where text that parses back to the same tree. */
export function printWhere(where: Where | null): string {
  return where ? print(where) : "";
}

export function printOrder(order: readonly OrderItem[]): string {
  return order.map((item) => `${item.column} ${item.direction}`).join(", ");
}

export function printValue(value: Value): string {
  return value.kind === "number" ? value.text : `'${value.value.replaceAll("'", "''")}'`;
}

function print(where: Where): string {
  switch (where.type) {
    case "and":
    case "or":
      return where.items.map(child).join(where.type === "and" ? " AND " : " OR ");
    case "not":
      return `NOT ${child(where.item)}`;
    case "compare":
      return `${where.column} ${where.op} ${printValue(where.value)}`;
    case "in":
      return `${where.column} ${where.negated ? "NOT IN" : "IN"} (${where.values.map(printValue).join(", ")})`;
    case "like":
      return `${where.column} ${where.negated ? "NOT LIKE" : "LIKE"} ${printValue({ kind: "string", value: where.pattern })}`;
    case "null":
      return `${where.column} IS ${where.negated ? "NOT NULL" : "NULL"}`;
    case "between":
      return `${where.column} BETWEEN ${printValue(where.low)} AND ${printValue(where.high)}`;
  }
}

// Every compound inside another is parenthesised, so the printed text keeps the tree's shape.
function child(where: Where): string {
  return where.type === "and" || where.type === "or" || where.type === "not" ? `(${print(where)})` : print(where);
}
