import { afterEach, describe, expect, it, vi } from "vitest";
import { createTokens } from "../src/auth/tokens.js";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const SESSION = { empID: 2, epoch: 0, sid: "6f1c2b4e-0d3a-4f5b-9c7d-8e9f0a1b2c3d" };

describe("tokens", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps a checked token's claims, and still refuses it once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T12:00:00Z"));
    const tokens = await createTokens(SECRET, 60);
    const { token, exp } = await tokens.issue(SESSION);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ ...SESSION, exp });
    expect(await tokens.verify(token)).toEqual(first);
    vi.setSystemTime(new Date("2026-11-26T12:01:01Z"));
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses a changed signature or another secret's token, though a good one was checked before", async () => {
    const tokens = await createTokens(SECRET);
    const { token } = await tokens.issue(SESSION);
    expect(await tokens.verify(token)).not.toBeNull();
    const last = token.at(-2) === "A" ? "B" : "A";
    expect(await tokens.verify(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull();
    const other = await createTokens(`${SECRET}-other`);
    expect(await other.verify(token)).toBeNull();
    const { token: foreign } = await other.issue(SESSION);
    expect(await tokens.verify(foreign)).toBeNull();
  });
});
