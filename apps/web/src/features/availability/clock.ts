import { useEffect, useState } from "react";

/** The server's clock less the browser's, learnt when the live stream opens: durations count from the server's times. */
let offsetMs = 0;

export function setServerClock(serverNow: string) {
  const at = Date.parse(serverNow);
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
}

export const serverNow = () => new Date(Date.now() + offsetMs);

/**
 * The server's time, renewed every second while mounted, so that each duration turns its
 * minute when a whole minute has passed since its own change (rows whose text is the same
 * do not render again).
 */
export function useServerClock(): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
