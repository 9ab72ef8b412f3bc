import { describe, expect, it } from "vitest";
import { boardErrorMessage, boardQueryText, readBoardQuery } from "./board.js";

describe("the board service's queries (spec 7)", () => {
  it("are read back from their text, whatever its spacing", () => {
    const find = { kind: "find", boardID: "4242", name: "1234" } as const;
    expect(readBoardQuery(boardQueryText(find))).toEqual(find);
    expect(readBoardQuery(boardQueryText(find).replaceAll(" ", "\n   "))).toEqual(find);
    const read = { kind: "read", itemID: "99887766" } as const;
    expect(readBoardQuery(boardQueryText(read))).toEqual(read);
    expect(readBoardQuery(boardQueryText({ kind: "find", boardID: "1", name: "Oak Hill #4 (phase 2)" }))).toEqual({
      kind: "find",
      boardID: "1",
      name: "Oak Hill #4 (phase 2)",
    });
  });

  it("are the only ones: a mutation, other fields, another shape or a name that breaks out is none", () => {
    expect(readBoardQuery("mutation { delete_item (item_id: 1) { id } }")).toBeNull();
    expect(readBoardQuery("query { boards { id name } }")).toBeNull();
    expect(
      readBoardQuery(
        boardQueryText({ kind: "read", itemID: "1" }).replace("column_values { id text }", "creator { email }"),
      ),
    ).toBeNull();
    const breakOut = boardQueryText({ kind: "find", boardID: "1", name: "x" }).replace(
      '["x"]',
      '["x"]}]) { items { id } } boards { id } } # ',
    );
    expect(readBoardQuery(breakOut)).toBeNull();
    expect(readBoardQuery(boardQueryText({ kind: "find", boardID: "1", name: 'a"b' }))).toBeNull();
    expect(readBoardQuery(boardQueryText({ kind: "find", boardID: "1", name: "x".repeat(101) }))).toBeNull();
    expect(readBoardQuery(`${" ".repeat(2_001)}`)).toBeNull();
  });
});

describe("the board service's error (spec 7: errors[0].message)", () => {
  it("is read as a string or as an object's message", () => {
    expect(boardErrorMessage({ errors: [{ message: "Invalid board id" }] })).toBe("Invalid board id");
    expect(boardErrorMessage({ errors: [{ message: { message: "Rate limit exceeded", code: 429 } }] })).toBe(
      "Rate limit exceeded",
    );
    expect(boardErrorMessage({ errors: [{ message: { code: "X" } }] })).toBe('{"code":"X"}');
    expect(boardErrorMessage({ errors: [{}] })).toBe("The board service answered an error without a message");
    expect(boardErrorMessage({ data: {} })).toBeNull();
    expect(boardErrorMessage(null)).toBeNull();
  });
});
