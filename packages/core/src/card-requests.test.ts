import { describe, expect, it } from "vitest";
import { cardLabel, requestState } from "./card-requests.js";

const row = (used: number, over: number, overLimit: 0 | 1) => ({
  ccPermissionCCUsedApprovalStatus: used,
  ccPermissionOverLimitApprovalStatus: over,
  ccPermissionOverLimit: overLimit,
});

describe("where a card request stands", () => {
  it("waits for the holder first, then (over the limit) for an over-limit approver", () => {
    expect(requestState(row(0, 1, 0))).toBe("waitingForHolder");
    expect(requestState(row(0, 0, 1))).toBe("waitingForHolder");
    expect(requestState(row(1, 0, 1))).toBe("waitingForOverLimit");
  });

  it("is approved once every step it needs is, and denied at the first step that denies it", () => {
    expect(requestState(row(1, 1, 0))).toBe("approved");
    expect(requestState(row(1, 1, 1))).toBe("approved");
    expect(requestState(row(2, 1, 0))).toBe("denied");
    expect(requestState(row(2, 0, 1))).toBe("denied");
    expect(requestState(row(1, 2, 1))).toBe("denied");
  });

  it("names a card by its name and last four digits", () => {
    expect(cardLabel({ ccName: "Fleet Card", ccLastFour: "4218" })).toBe("Fleet Card ••4218");
  });
});
