import { type Device, deviceCookie, deviceCookieValue, type Layout, layoutOf } from "@office/core";
import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();

/** The layout of this browser, from the device cookie the server set. */
export function currentLayout(): Layout {
  return layoutOf(deviceCookieValue(document.cookie));
}

/** Switches the layout: the cookie is rewritten (kept 7 days) and the shell follows at once. */
export function setDevice(device: Device): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie of our own, read by the server too; the Cookie Store API is not in every browser we serve.
  document.cookie = deviceCookie(device);
  for (const listener of listeners) listener();
}

export function useLayout(): Layout {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentLayout);
}
