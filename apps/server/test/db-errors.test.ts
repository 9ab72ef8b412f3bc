import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable, isOverloaded } from "../src/db/errors.js";

const withCode = (code: string) => Object.assign(new Error("x"), { code });

describe("a database error as the log and the answer see it", () => {
  it("tells our own limits under load from a database that cannot be reached: both answer 503", () => {
    const overloaded = [
      withCode("57014"), // a statement over its timeout
      withCode("55P03"), // a lock over its timeout
      new DatabaseUnavailableError("timeout exceeded when trying to connect"), // PGlite's pool
      new Error("timeout exceeded when trying to connect"), // pg's pool
    ];
    const unreachable = [
      withCode("ECONNREFUSED"),
      withCode("57P01"),
      withCode("08006"),
      new Error("Connection terminated unexpectedly"),
    ];
    for (const error of [...overloaded, ...unreachable]) expect(isDatabaseUnavailable(error), error.message).toBe(true);
    expect(overloaded.map(isOverloaded)).toEqual(overloaded.map(() => true));
    expect(unreachable.map(isOverloaded)).toEqual(unreachable.map(() => false));
    expect(isOverloaded(withCode("23505"))).toBe(false);
  });
});
