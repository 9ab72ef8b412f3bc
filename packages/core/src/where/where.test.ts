import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMPARISONS, costliestWhere, likeWildcards, type Value, WHERE_LIMITS, type Where } from "./ast.js";
import { escapeLike, whereBuilder } from "./build.js";
import { WhereSyntaxError } from "./lexer.js";
import { parseFields, parseOrder, parseWhere } from "./parser.js";
import { printWhere } from "./print.js";

const columns = new Set(["projectID", "projectName", "empID", "createdTS"]);
const isColumn = (name: string) => columns.has(name);
const parse = (text: string) => parseWhere(text, { isColumn });
const refuses = (text: string, message: RegExp) => {
  expect(() => parse(text)).toThrow(WhereSyntaxError);
  expect(() => parse(text)).toThrow(message);
};

describe("parsing where texts", () => {
  it("reads comparisons, lists, patterns, nulls and ranges", () => {
    expect(parse("projectID > 0")).toEqual({
      type: "compare",
      column: "projectID",
      op: ">",
      value: { kind: "number", text: "0" },
    });
    expect(parse("projectName like '%O''Brien%'")).toEqual({
      type: "like",
      column: "projectName",
      negated: false,
      pattern: "%O'Brien%",
    });
    expect(parse("empID not in (1, 2)")).toEqual({
      type: "in",
      column: "empID",
      negated: true,
      values: [
        { kind: "number", text: "1" },
        { kind: "number", text: "2" },
      ],
    });
    expect(parse("projectName IS NOT NULL")).toEqual({ type: "null", column: "projectName", negated: true });
    expect(parse("createdTS BETWEEN '2026-11-22' AND '2026-11-23'")).toMatchObject({
      type: "between",
      low: { value: "2026-11-22" },
      high: { value: "2026-11-23" },
    });
    expect(parse("projectID = -5")).toMatchObject({ value: { kind: "number", text: "-5" } });
  });

  it("binds AND tighter than OR, honours parentheses and NOT", () => {
    expect(parse("empID = 1 OR empID = 2 AND projectID = 3")).toMatchObject({
      type: "or",
      items: [{ type: "compare" }, { type: "and" }],
    });
    expect(parse("(empID = 1 OR empID = 2) AND projectID = 3")).toMatchObject({
      type: "and",
      items: [{ type: "or" }, { type: "compare" }],
    });
    expect(parse("NOT empID = 1")).toMatchObject({ type: "not", item: { type: "compare" } });
  });

  it("treats keywords in any case and an empty text as no condition", () => {
    expect(parse("empID Is NuLl")).toEqual({ type: "null", column: "empID", negated: false });
    expect(parse("  ")).toBeNull();
  });

  it("refuses what is not in the grammar, naming the position and the token", () => {
    refuses("projectID = 1; drop table tblProject", /Unexpected character ";" at position 14/);
    refuses("projectID = 1 -- comment", /at position 15/);
    refuses("projectID = 1 /* c */", /Unexpected character "\/" at position 15/);
    refuses("projectID = 1 UNION SELECT 1", /Expected the end but found 'UNION' at position 15/);
    refuses("projectID IN (SELECT empID FROM tblEmployee)", /Expected a number or a quoted text but found 'SELECT'/);
    refuses("lower(projectName) = 'x'", /Unknown column 'lower'/);
    refuses("projectName(1) = 'x'", /Expected an operator but found '\('/);
    refuses("projectID::text = '1'", /Unexpected character ":"/);
    refuses("projectName = 'open", /Unterminated string at position 15/);
    refuses("(projectID = 1", /Expected '\)' but found the end/);
    refuses("projectID = 1)", /Expected the end but found '\)'/);
    refuses("projectName = \u2019x\u2019", /Unexpected character/);
    refuses('projectName = "x"', /Unexpected character/);
    refuses("projectID = 0x1F", /Unexpected character|Expected/);
    refuses("projectID = 1e9", /Expected|Unexpected/);
    refuses("projectID =", /Expected a number or a quoted text but found the end/);
    refuses("AND = 1", /Expected a column but found 'AND'/);
  });

  it("refuses unknown columns and columns of other tables alike", () => {
    refuses("passwordHash = 'x'", /Unknown column 'passwordHash' at position 1/);
    refuses("projectID = 1 AND tblEmployee.empID = 1", /Unexpected character "\."|Unknown column/);
    refuses("projectid = 1", /Unknown column 'projectid'/);
  });

  it("enforces the limits on length, depth, list size and conditions", () => {
    refuses(`projectName = '${"x".repeat(WHERE_LIMITS.maxLength)}'`, /longer than/);
    refuses(`${"(".repeat(10_000)}projectID = 1${")".repeat(10_000)}`, /longer than|Nesting deeper/);
    refuses(`${"(".repeat(40)}projectID = 1${")".repeat(40)}`, /Nesting deeper than 32/);
    refuses(`${"NOT ".repeat(40)}projectID = 1`, /Nesting deeper than 32/);
    refuses(`projectID IN (${Array.from({ length: 1_001 }, (_, i) => i).join(",")})`, /More than 1000 values/);
    refuses(Array.from({ length: 201 }, () => "projectID = 1").join(" OR "), /More than 200 conditions/);
  });

  it("bounds what a LIKE may cost: its length, its wildcards and how many a where holds", () => {
    const many = `%${"a%".repeat(2_400)}q`;
    refuses(`projectName LIKE '${many}'`, /LIKE pattern longer than 200 characters/);
    refuses(`projectName LIKE '%a%b%c%d%e%f%g%h%'`, /more than 8 wildcards/);
    refuses(`projectName NOT LIKE '${"_".repeat(9)}'`, /more than 8 wildcards/);
    refuses(Array.from({ length: 33 }, () => "projectName LIKE '%a%'").join(" OR "), /More than 32 LIKE/);
    // A typed term's own wildcards are escaped, so they cost nothing and do not count.
    const b = whereBuilder<"projectName">();
    const term = "%_".repeat(20);
    expect(parse(b.print(b.contains("projectName", term)))).toEqual(b.contains("projectName", term));
    expect(parse(`projectName LIKE '${"x".repeat(200)}'`)).toMatchObject({ type: "like" });
    expect(parse(Array.from({ length: 32 }, () => "projectName LIKE '%a%b%c%'").join(" OR "))).toMatchObject({
      type: "or",
    });
    // The costliest where the limits admit is admitted, at every limit it reaches.
    const costliest = parse(costliestWhere("projectName"));
    expect(costliest).toMatchObject({ type: "or", items: expect.any(Array) });
    const likes = costliest?.type === "or" ? costliest.items : [];
    expect(likes).toHaveLength(WHERE_LIMITS.maxLikes);
    for (const like of likes)
      expect(like.type === "like" && likeWildcards(like.pattern)).toBe(WHERE_LIMITS.maxLikeWildcards);
  });
});

describe("order and field lists", () => {
  it("reads directions and refuses unknown columns", () => {
    expect(parseOrder("projectName desc, projectID", { isColumn })).toEqual([
      { column: "projectName", direction: "DESC" },
      { column: "projectID", direction: "ASC" },
    ]);
    expect(parseOrder("", { isColumn })).toEqual([]);
    expect(() => parseOrder("nope", { isColumn })).toThrow(/Unknown column 'nope'/);
    expect(() => parseOrder("projectID; drop", { isColumn })).toThrow(WhereSyntaxError);
    expect(() => parseOrder("projectID sideways", { isColumn })).toThrow(/Expected the end/);
  });

  it("reads fields, * and refuses empty or unknown ones", () => {
    expect(parseFields("projectID, projectName, projectID", { isColumn })).toEqual(["projectID", "projectName"]);
    expect(parseFields("*", { isColumn })).toBeNull();
    expect(() => parseFields("", { isColumn })).toThrow(/Expected a column/);
    expect(() => parseFields("projectID,", { isColumn })).toThrow(/Expected a column/);
    expect(() => parseFields("count(*)", { isColumn })).toThrow(WhereSyntaxError);
  });
});

describe("the builder", () => {
  const w = whereBuilder<"projectID" | "projectName">();

  it("escapes quotes so a typed term cannot change the condition", () => {
    const text = w.print(w.contains("projectName", "x' OR '1'='1"));
    expect(text).toBe("projectName LIKE '%x'' OR ''1''=''1%'");
    expect(parse(text)).toEqual({ type: "like", column: "projectName", negated: false, pattern: "%x' OR '1'='1%" });
  });

  it("escapes LIKE wildcards of a literal term", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });

  it("prints numbers without exponents", () => {
    expect(w.print(w.eq("projectID", 1e21))).toBe("projectID = 1000000000000000000000");
    expect(w.print(w.eq("projectID", 0.5))).toBe("projectID = 0.5");
  });
});

// Trees the grammar can express: compounds have at least two items, as the parser builds them.
const columnArb = fc.constantFrom(...columns);
const valueArb: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => ({ kind: "number" as const, text: String(n) })),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 999 }))
    .map(([a, b]) => ({ kind: "number" as const, text: `${a}.${b}` })),
  fc.string({ unit: "grapheme", maxLength: 12 }).map((value) => ({ kind: "string" as const, value })),
);
const predicateArb: fc.Arbitrary<Where> = fc.oneof(
  fc.record({
    type: fc.constant("compare" as const),
    column: columnArb,
    op: fc.constantFrom(...COMPARISONS),
    value: valueArb,
  }),
  fc.record({
    type: fc.constant("in" as const),
    column: columnArb,
    negated: fc.boolean(),
    values: fc.array(valueArb, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    type: fc.constant("like" as const),
    column: columnArb,
    negated: fc.boolean(),
    // Within the wildcard limit, which has its own test.
    pattern: fc.string({ maxLength: WHERE_LIMITS.maxLikeWildcards }),
  }),
  fc.record({ type: fc.constant("null" as const), column: columnArb, negated: fc.boolean() }),
  fc.record({ type: fc.constant("between" as const), column: columnArb, low: valueArb, high: valueArb }),
);
const whereArb: fc.Arbitrary<Where> = fc.letrec<{ where: Where }>((tie) => ({
  where: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    predicateArb,
    fc.record({ type: fc.constant("and" as const), items: fc.array(tie("where"), { minLength: 2, maxLength: 3 }) }),
    fc.record({ type: fc.constant("or" as const), items: fc.array(tie("where"), { minLength: 2, maxLength: 3 }) }),
    fc.record({ type: fc.constant("not" as const), item: tie("where") }),
  ),
})).where;

describe("properties", () => {
  it("printing then parsing any tree gives the same tree", () => {
    fc.assert(
      fc.property(whereArb, (where) => {
        let depth = 0;
        const measure = (w: Where, d: number): void => {
          depth = Math.max(depth, d);
          if (w.type === "and" || w.type === "or") for (const i of w.items) measure(i, d + 1);
          if (w.type === "not") measure(w.item, d + 1);
        };
        measure(where, 0);
        fc.pre(depth < WHERE_LIMITS.maxDepth);
        expect(parse(printWhere(where))).toEqual(where);
      }),
      { numRuns: 500 },
    );
  });

  it("any text either parses into known columns or is refused with a syntax error", () => {
    const alphabet = fc.constantFrom(
      ..."projectIDName empID=<>!'();,-*/.0123456789 ANDORNOTINLIKEISNULLBETWEEN\"\u2019\u0000%_".split(""),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 60 })), (text) => {
        try {
          const where = parse(text);
          if (where)
            expect(JSON.stringify(where)).not.toMatch(/"column":"(?!projectID"|projectName"|empID"|createdTS")/);
        } catch (error) {
          expect(error).toBeInstanceOf(WhereSyntaxError);
        }
      }),
      { numRuns: 3_000 },
    );
  });
});
