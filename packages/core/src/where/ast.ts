/** The where language of DESIGN.md as a tree. Parsing, printing and building all meet here. */

export type Value = { kind: "number"; text: string } | { kind: "string"; value: string };

export const COMPARISONS = ["=", "<>", "!=", "<", "<=", ">", ">="] as const;
export type Comparison = (typeof COMPARISONS)[number];

export type Where =
  | { type: "and"; items: Where[] }
  | { type: "or"; items: Where[] }
  | { type: "not"; item: Where }
  | { type: "compare"; column: string; op: Comparison; value: Value }
  | { type: "in"; column: string; negated: boolean; values: Value[] }
  | { type: "like"; column: string; negated: boolean; pattern: string }
  | { type: "null"; column: string; negated: boolean }
  | { type: "between"; column: string; low: Value; high: Value };

export type Predicate = Exclude<Where, { type: "and" | "or" | "not" }>;

export interface OrderItem {
  column: string;
  direction: "ASC" | "DESC";
}

/** Limits that keep a hostile text from costing more than a page of work. */
export const WHERE_LIMITS = {
  maxLength: 10_000,
  maxDepth: 32,
  maxInItems: 1_000,
  maxPredicates: 200,
  maxOrderItems: 8,
  maxFields: 100,
  /**
   * A LIKE pattern's length and its unescaped wildcards: each % makes the matcher try every
   * position again, so '%a%a%…' costs the database seconds per row set (issue 17). A typed
   * search needs two (the term anywhere) and a few words at most.
   */
  maxLikeLength: 200,
  maxLikeWildcards: 8,
  /** LIKEs in one where: a search of five words over four columns is twenty. */
  maxLikes: 32,
} as const;

/**
 * The costliest where these limits admit over one text column: as many LIKEs as allowed, each
 * with every wildcard allowed and matching nothing, so the matcher backtracks through every row.
 * The read budget's test and the noisy-neighbour bench measure against it.
 */
export function costliestWhere(column: string): string {
  const pattern = (i: number) => `%${"x%".repeat(WHERE_LIMITS.maxLikeWildcards - 1)}${i}q`;
  return Array.from({ length: WHERE_LIMITS.maxLikes }, (_, i) => `${column} LIKE '${pattern(i)}'`).join(" OR ");
}

/** The unescaped wildcards (% and _) of a LIKE pattern; a backslash takes the next character literally. */
export function likeWildcards(pattern: string): number {
  let count = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "%" || c === "_") count++;
  }
  return count;
}

/** The columns a where, an order or a field list mentions. */
export function columnsOf(where: Where): string[] {
  switch (where.type) {
    case "and":
    case "or":
      return where.items.flatMap(columnsOf);
    case "not":
      return columnsOf(where.item);
    default:
      return [where.column];
  }
}
