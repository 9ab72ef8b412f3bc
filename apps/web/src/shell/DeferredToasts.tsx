import { useNotifications } from "@mantine/notifications";
import { type ComponentType, useCallback, useEffect, useState } from "react";
import { useLoadWhenSettled } from "../services/load-when-settled";

const loadToasts = async () => (await import("./Toasts")).Toasts;

/**
 * The toasts' container, which no first paint shows: with its transitions and scroll lock it
 * weighed 7 KB gzipped on every first load (bench/RESULTS.md, issue 19). It loads once the page
 * has settled, or at once when a toast is shown before (the store keeps it until the container
 * is there). A load that fails (offline) is tried again by the next toast.
 */
export function DeferredToasts() {
  const { notifications: shown } = useNotifications();
  const [settled, setSettled] = useState(false);
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useLoadWhenSettled(useCallback(async () => setSettled(true), []));
  const toasts = shown.length;
  useEffect(() => {
    if (Loaded || !(settled || toasts > 0)) return;
    let live = true;
    loadToasts().then(
      (component) => live && setLoaded(() => component),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [settled, toasts, Loaded]);
  return Loaded ? <Loaded /> : null;
}
