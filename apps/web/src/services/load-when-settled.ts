import { useEffect } from "react";

/** How long after mounting a deferred chunk loads by itself: the first page's reads come first. */
const SETTLE_MS = 2_000;

/**
 * Loads a chunk that is no part of what a page shows first (the palette, the avatar's panel)
 * once the first page has settled: when the browser is idle, a few seconds in. A failure is
 * left to the moment the chunk is wanted, which loads it again and reports it.
 */
export function useLoadWhenSettled(load: () => Promise<unknown>) {
  useEffect(() => {
    // Safari has no requestIdleCallback: there the timer alone.
    const idle = window.requestIdleCallback ?? ((run: () => void) => run());
    const timer = setTimeout(() => idle(() => void load().catch(() => undefined)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [load]);
}
