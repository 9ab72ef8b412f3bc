/** Waits `ms`, or until the signal aborts (then rejects with its reason). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/**
 * A carrier's allowance of calls (FedEx: 1,400 per 10 s), as a sliding window: a call waits
 * until fewer than `calls` were made in the last `perMs`. One per carrier per run: a run is the
 * only caller (one run at a time across every process).
 */
export function rateLimit(calls: number, perMs: number) {
  const made: number[] = [];
  let head = 0;
  return async function take(signal: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (head < made.length && (made[head] as number) <= now - perMs) head++;
      if (head > 4_096) {
        made.splice(0, head);
        head = 0;
      }
      if (made.length - head < calls) {
        made.push(now);
        return;
      }
      await pause((made[head] as number) + perMs - now, signal);
    }
  };
}
