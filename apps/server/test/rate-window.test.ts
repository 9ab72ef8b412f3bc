import { describe, expect, it } from "vitest";
import { createRateWindow } from "../src/http/rate-window.js";

/** A window of 100 a minute, counted by the second, on a clock the test moves. */
function windowAt(start = 1_000_000, options: { maxKeys?: number } = {}) {
  let clock = start;
  const window = createRateWindow({ limit: 100, windowMs: 60_000, now: () => clock, ...options });
  return {
    window,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const refused = (taken: ReturnType<ReturnType<typeof createRateWindow>["take"]>) =>
  taken.ok ? undefined : taken.retryAfterMs;

describe("a sliding window of what a key takes", () => {
  it("lets a key take up to its limit in a window, then says how long until a take fits", () => {
    const { window, advance } = windowAt();
    expect(window.take("a", 60).ok).toBe(true);
    advance(20_000);
    expect(window.take("a", 40).ok).toBe(true);
    expect(window.used("a")).toBe(100);
    // 1 more fits once the first 60 stop counting: a minute after the second they were taken in ends.
    expect(refused(window.take("a", 1))).toBe(41_000);
    // 70 more need the 40 gone too.
    expect(refused(window.take("a", 70))).toBe(61_000);
    // Other keys have windows of their own.
    expect(window.take("b", 100).ok).toBe(true);
    advance(40_999);
    expect(window.take("a", 1).ok).toBe(false);
    advance(1);
    expect(window.used("a")).toBe(40);
    expect(window.take("a", 60).ok).toBe(true);
    expect(window.take("a", 1).ok).toBe(false);
  });

  it("never holds more than its limit in any window of its length, however the takes fall", () => {
    const { window, advance } = windowAt(1_234_567);
    const takes: Array<{ at: number; amount: number }> = [];
    let at = 0;
    for (let i = 0; i < 2_000; i++) {
      const amount = 1 + ((i * 7919) % 23);
      if (window.take("a", amount).ok) takes.push({ at, amount });
      const step = (i * 104_729) % 3_000;
      advance(step);
      at += step;
    }
    for (const { at: from } of takes) {
      const inWindow = takes.filter((take) => take.at >= from && take.at < from + 60_000);
      expect(inWindow.reduce((sum, take) => sum + take.amount, 0)).toBeLessThanOrEqual(100);
    }
    expect(takes.length).toBeGreaterThan(100);
  });

  it("takes back what a take gives back, and never more than it took", () => {
    const { window } = windowAt();
    const first = window.take("a", 80);
    const second = window.take("a", 20);
    if (!first.ok || !second.ok) throw new Error("taken");
    expect(window.take("a", 1).ok).toBe(false);
    first.giveBack(30);
    expect(window.used("a")).toBe(70);
    second.giveBack(1_000);
    expect(window.used("a")).toBe(50);
    second.giveBack(5);
    first.giveBack(-10);
    expect(window.used("a")).toBe(50);
    expect(window.take("a", 50).ok).toBe(true);
  });

  it("refuses a take that could never fit", () => {
    expect(() => windowAt().window.take("a", 101)).toThrow(RangeError);
  });

  it("forgets a key with nothing left in its window, and the least recent past its most keys", () => {
    const { window, advance } = windowAt(0, { maxKeys: 3 });
    for (const key of ["a", "b", "c"]) {
      window.take(key, 100);
      advance(10_000);
    }
    expect(window.size()).toBe(3);
    // a's minute ends (a second after its slot's): the next take of anyone forgets it.
    advance(35_000);
    window.take("d", 1);
    expect(window.size()).toBe(3);
    expect(window.used("a")).toBe(0);
    // Past three keys the one that took least recently (b) goes, with what it took.
    window.take("e", 1);
    expect(window.size()).toBe(3);
    expect(window.used("b")).toBe(0);
    expect(window.used("c")).toBe(100);
    // Long idle, all are forgotten at the next take.
    advance(3_600_000);
    window.take("f", 1);
    expect(window.size()).toBe(1);
  });
});
