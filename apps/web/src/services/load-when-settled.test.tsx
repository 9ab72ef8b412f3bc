import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLoadWhenSettled } from "./load-when-settled";

/** A PerformanceObserver the test tells when a resource has finished loading. */
class FakeObserver {
  static current: FakeObserver | undefined;
  disconnected = false;
  constructor(private readonly callback: () => void) {
    FakeObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  /** A chunk or a read finished. */
  finish() {
    this.callback();
  }
}

function Deferred({ load }: { load: () => Promise<unknown> }) {
  useLoadWhenSettled(load);
  return null;
}

describe("a chunk loaded once the page has settled", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    vi.stubGlobal("requestIdleCallback", (run: () => void) => run());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("loads two seconds in at the earliest, and only after the network has been quiet for half a second", () => {
    const load = vi.fn(async () => undefined);
    render(<Deferred load={load} />);
    act(() => vi.advanceTimersByTime(1_999));
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(400));
    // The page is still loading: a read finishes, and the half second starts again.
    act(() => FakeObserver.current?.finish());
    act(() => vi.advanceTimersByTime(400));
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(load).toHaveBeenCalledTimes(1);
    expect(FakeObserver.current?.disconnected).toBe(true);
  });

  it("loads nothing once the page is gone", () => {
    const load = vi.fn(async () => undefined);
    const { unmount } = render(<Deferred load={load} />);
    act(() => vi.advanceTimersByTime(2_200));
    unmount();
    act(() => vi.advanceTimersByTime(5_000));
    expect(load).not.toHaveBeenCalled();
    expect(FakeObserver.current?.disconnected).toBe(true);
  });
});
