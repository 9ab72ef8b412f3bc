import { ERROR_MESSAGES } from "@office/core";
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable, isOverloaded } from "../src/db/errors.js";
import { classify } from "../src/http/error-handler.js";

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

  it("answers a full disk, ours or the database's, 507: nothing kept, and the administrator to be told", () => {
    for (const code of ["ENOSPC", "EDQUOT", "53100"]) {
      expect(classify(withCode(code)), code).toEqual({ statusCode: 507, message: ERROR_MESSAGES.storageFull });
    }
    // Another shortage of the database's (too many connections) is one of "not now": 503.
    expect(classify(withCode("53300")).statusCode).toBe(503);
  });
});
