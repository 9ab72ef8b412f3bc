import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareMoney, moneyLeft } from "./column.js";

// Amounts as the calls send them, from their cents: "0.00" to "999999999.99".
const amount = fc
  .bigInt({ min: 0n, max: 99_999_999_999n })
  .map((c) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`);
const centsOf = (text: string) => BigInt(text.replace(".", ""));

describe("money is computed exactly, never through a floating point", () => {
  it("what is left of a limit is the difference in cents, never below zero", () => {
    fc.assert(
      fc.property(amount, amount, (limit, used) => {
        const left = centsOf(limit) - centsOf(used);
        expect(centsOf(moneyLeft(limit, used))).toBe(left < 0n ? 0n : left);
      }),
    );
    // Where doubles drift: 0.3 - 0.1 is 0.19999999999999998.
    expect(moneyLeft("0.3", "0.1")).toBe("0.20");
    expect(moneyLeft("999999999.99", "999999999.98")).toBe("0.01");
    expect(moneyLeft("5", "7.5")).toBe("0.00");
  });

  it("compares amounts written with one, two or no decimals", () => {
    expect(compareMoney("10", "10.00")).toBe(0);
    expect(compareMoney("10.1", "10.09")).toBe(1);
    expect(compareMoney("0.2", moneyLeft("0.3", "0.1"))).toBe(0);
  });
});
