import { useEffect } from "react";

/** How long after mounting a deferred chunk loads by itself at the earliest: the first page's reads come first. */
const SETTLE_MS = 2_000;
/** And how long the network must have been quiet by then: no request of the page finished meanwhile. */
const QUIET_MS = 500;

/**
 * Runs `run` once the page is quiet: no resource (a chunk, a read) has finished loading for
 * QUIET_MS, and then when the browser is idle. A slow device or connection still busy with its
 * first page at SETTLE_MS is not given more to load. Returns how to cancel.
 */
function whenQuiet(run: () => void): () => void {
  // Safari has no requestIdleCallback, and a test's DOM may have no PerformanceObserver.
  const idle = window.requestIdleCallback ?? ((callback: () => void) => callback());
  if (typeof PerformanceObserver === "undefined") {
    idle(run);
    return () => undefined;
  }
  let timer = setTimeout(done, QUIET_MS);
  const observer = new PerformanceObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(done, QUIET_MS);
  });
  observer.observe({ type: "resource" });
  function done() {
    observer.disconnect();
    idle(run);
  }
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}

/**
 * Loads a chunk that is no part of what a page shows first (the palette, the avatar's panel,
 * the toasts' container) once the first page has settled: a few seconds in, with the network
 * quiet and the browser idle. A failure is left to the moment the chunk is wanted, which loads
 * it again and reports it.
 */
export function useLoadWhenSettled(load: () => Promise<unknown>) {
  useEffect(() => {
    let cancel: () => void = () => undefined;
    const timer = setTimeout(() => {
      cancel = whenQuiet(() => void load().catch(() => undefined));
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      cancel();
    };
  }, [load]);
}
