/**
 * Set up before every component test file (vitest.config.ts, project "web"): what jsdom lacks
 * that Mantine measures the page with, and a clean slate after each test (the DOM, the fake
 * server, fake timers, the app's module state: a reported failure, toasts, storage).
 */
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { setDevice } from "../services/device";
import { clearFailure } from "../services/failures";

// findBy… and waitFor wait for a condition up to 5 s, not 1: in CI the component tests run at a
// lower priority beside the browser suite, and a first load there took more than a second.
configure({ asyncUtilTimeout: 5_000 });

// The layout of a desktop browser, whose device cookie the server sets (a test of the phone's sets MOBILE).
beforeEach(() => setDevice("DESKTOP"));

// jsdom lacks what Mantine measures the page with; these answer as a desktop browser would.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  // As a user who asked the system for less motion (the browser tests too): Mantine then opens
  // and closes menus, dialogs and toasts at once instead of waiting out their transitions.
  value: (query: string) => ({
    matches: query.includes("prefers-reduced-motion: reduce"),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
window.HTMLElement.prototype.scrollTo ??= () => {};

// Testing Library's waitFor and findBy* move fake timers on while they wait only when they see
// a `jest` global; this one lets them do it with Vitest's (vi.useFakeTimers()). With real
// timers they wait as usual.
Object.assign(globalThis, {
  jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
});

afterEach(() => {
  cleanup();
  clearFailure();
  notifications.clean();
  notifications.cleanQueue();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});
