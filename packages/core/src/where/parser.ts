import {
  COMPARISONS,
  type Comparison,
  likeWildcards,
  type OrderItem,
  type Value,
  WHERE_LIMITS,
  type Where,
} from "./ast.js";
import { type Token, tokenize, WhereSyntaxError } from "./lexer.js";

const KEYWORDS = new Set(["AND", "OR", "NOT", "IN", "LIKE", "IS", "NULL", "BETWEEN", "ASC", "DESC"]);

export interface ParseOptions {
  /** Whether a name is a column the caller may use; others are refused like unknown ones. */
  isColumn?: (name: string) => boolean;
}

/** Parses a where text; an empty text is no condition (null). */
export function parseWhere(text: string, options: ParseOptions = {}): Where | null {
  const parser = new Parser(text, options);
  if (parser.atEnd()) return null;
  const where = parser.where();
  parser.expectEnd();
  return where;
}

/** Parses an order text: `column [ASC|DESC], …`; an empty text is no order. */
export function parseOrder(text: string, options: ParseOptions = {}): OrderItem[] {
  const parser = new Parser(text, options);
  const items: OrderItem[] = [];
  if (parser.atEnd()) return items;
  do {
    if (items.length === WHERE_LIMITS.maxOrderItems)
      parser.fail(`More than ${WHERE_LIMITS.maxOrderItems} order columns`);
    const column = parser.column();
    const descending = parser.keyword("DESC");
    if (!descending) parser.keyword("ASC");
    items.push({ column, direction: descending ? "DESC" : "ASC" });
  } while (parser.symbol(","));
  parser.expectEnd();
  return items;
}

/** Parses a field list: `*` (every readable column, returned as null) or `column, …`. */
export function parseFields(text: string, options: ParseOptions = {}): string[] | null {
  if (text.trim() === "*") return null;
  const parser = new Parser(text, options);
  const fields: string[] = [];
  do {
    if (fields.length === WHERE_LIMITS.maxFields) parser.fail(`More than ${WHERE_LIMITS.maxFields} fields`);
    const column = parser.column();
    if (!fields.includes(column)) fields.push(column);
  } while (parser.symbol(","));
  parser.expectEnd();
  return fields;
}

class Parser {
  readonly #tokens: Token[];
  #at = 0;
  #depth = 0;
  #predicates = 0;
  #likes = 0;

  constructor(
    text: string,
    private readonly options: ParseOptions,
  ) {
    if (text.length > WHERE_LIMITS.maxLength) {
      throw new WhereSyntaxError(`Text longer than ${WHERE_LIMITS.maxLength} characters`, WHERE_LIMITS.maxLength);
    }
    this.#tokens = tokenize(text);
  }

  get #token(): Token {
    return this.#tokens[this.#at] as Token;
  }

  atEnd() {
    return this.#token.kind === "end";
  }

  fail(message: string, token: Token = this.#token): never {
    throw new WhereSyntaxError(message, token.pos);
  }

  unexpected(expected: string): never {
    const token = this.#token;
    const found =
      token.kind === "end"
        ? "the end"
        : token.kind === "string"
          ? `'${token.value.replaceAll("'", "''")}'`
          : `'${token.text}'`;
    return this.fail(`Expected ${expected} but found ${found}`);
  }

  expectEnd() {
    if (!this.atEnd()) this.unexpected("the end");
  }

  keyword(word: string): boolean {
    const token = this.#token;
    if (token.kind === "word" && token.text.toUpperCase() === word) {
      this.#at++;
      return true;
    }
    return false;
  }

  symbol(text: string): boolean {
    const token = this.#token;
    if (token.kind === "symbol" && token.text === text) {
      this.#at++;
      return true;
    }
    return false;
  }

  column(): string {
    const token = this.#token;
    if (token.kind !== "word" || KEYWORDS.has(token.text.toUpperCase())) return this.unexpected("a column");
    if (this.options.isColumn && !this.options.isColumn(token.text)) this.fail(`Unknown column '${token.text}'`);
    this.#at++;
    return token.text;
  }

  where(): Where {
    return this.#list("OR", () => this.#list("AND", () => this.#unary()));
  }

  #list(word: "AND" | "OR", item: () => Where): Where {
    const items = [item()];
    while (this.keyword(word)) items.push(item());
    if (items.length === 1) return items[0] as Where;
    return word === "AND" ? { type: "and", items } : { type: "or", items };
  }

  #nested<T>(parse: () => T): T {
    if (++this.#depth > WHERE_LIMITS.maxDepth) this.fail(`Nesting deeper than ${WHERE_LIMITS.maxDepth}`);
    const result = parse();
    this.#depth--;
    return result;
  }

  #unary(): Where {
    if (this.keyword("NOT")) return this.#nested(() => ({ type: "not", item: this.#unary() }));
    if (this.symbol("(")) {
      const inner = this.#nested(() => this.where());
      if (!this.symbol(")")) this.unexpected("')'");
      return inner;
    }
    return this.#predicate();
  }

  #predicate(): Where {
    if (++this.#predicates > WHERE_LIMITS.maxPredicates)
      this.fail(`More than ${WHERE_LIMITS.maxPredicates} conditions`);
    const column = this.column();
    const token = this.#token;
    if (token.kind === "symbol" && (COMPARISONS as readonly string[]).includes(token.text)) {
      this.#at++;
      return { type: "compare", column, op: token.text as Comparison, value: this.#value() };
    }
    if (this.keyword("IS")) {
      const negated = this.keyword("NOT");
      if (!this.keyword("NULL")) this.unexpected("NULL");
      return { type: "null", column, negated };
    }
    if (this.keyword("BETWEEN")) {
      const low = this.#value();
      if (!this.keyword("AND")) this.unexpected("AND");
      return { type: "between", column, low, high: this.#value() };
    }
    const negated = this.keyword("NOT");
    if (this.keyword("IN")) return { type: "in", column, negated, values: this.#valueList() };
    if (this.keyword("LIKE")) {
      const pattern = this.#token;
      if (pattern.kind !== "string") return this.unexpected("a quoted pattern");
      if (++this.#likes > WHERE_LIMITS.maxLikes) this.fail(`More than ${WHERE_LIMITS.maxLikes} LIKE conditions`);
      if (pattern.value.length > WHERE_LIMITS.maxLikeLength)
        this.fail(`LIKE pattern longer than ${WHERE_LIMITS.maxLikeLength} characters`, pattern);
      if (likeWildcards(pattern.value) > WHERE_LIMITS.maxLikeWildcards)
        this.fail(`LIKE pattern with more than ${WHERE_LIMITS.maxLikeWildcards} wildcards (% or _)`, pattern);
      this.#at++;
      return { type: "like", column, negated, pattern: pattern.value };
    }
    return this.unexpected(negated ? "IN or LIKE" : "an operator");
  }

  #valueList(): Value[] {
    if (!this.symbol("(")) this.unexpected("'('");
    const values = [this.#value()];
    while (this.symbol(",")) {
      if (values.length === WHERE_LIMITS.maxInItems) this.fail(`More than ${WHERE_LIMITS.maxInItems} values in a list`);
      values.push(this.#value());
    }
    if (!this.symbol(")")) this.unexpected("')'");
    return values;
  }

  #value(): Value {
    const token = this.#token;
    if (token.kind === "number") {
      this.#at++;
      return { kind: "number", text: token.text };
    }
    if (token.kind === "string") {
      this.#at++;
      return { kind: "string", value: token.value };
    }
    return this.unexpected("a number or a quoted text");
  }
}
