import { useNotifications } from "@mantine/notifications";
import { type ComponentType, useEffect, useState } from "react";

const loadToasts = async () => (await import("./Toasts")).Toasts;

/**
 * The toasts' container, which no first paint shows: with its transitions and scroll lock it
 * weighed 7 KB gzipped on every first load (bench/RESULTS.md, issue 19). It loads when the user
 * first presses a key or a pointer (a write, and the toast that tells how it went, follow
 * one), and at once for a toast shown before (a read answered 500: the server is there to send
 * the chunk; the store keeps the toast until the container is there). A load that fails
 * (offline) is tried again by the next toast.
 */
export function DeferredToasts() {
  const { notifications: shown } = useNotifications();
  const [touched, setTouched] = useState(false);
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (touched) return;
    // Until the first touch only: after it, a key or a pointer has nothing left to start.
    const touch = () => setTouched(true);
    window.addEventListener("pointerdown", touch, { once: true });
    window.addEventListener("keydown", touch, { once: true });
    return () => {
      window.removeEventListener("pointerdown", touch);
      window.removeEventListener("keydown", touch);
    };
  }, [touched]);
  const toasts = shown.length;
  useEffect(() => {
    if (Loaded || !(touched || toasts > 0)) return;
    let live = true;
    loadToasts().then(
      (component) => live && setLoaded(() => component),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [touched, toasts, Loaded]);
  return Loaded ? <Loaded /> : null;
}
