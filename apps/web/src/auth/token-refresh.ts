import type { RefreshResponse } from "@office/core";
import { useEffect } from "react";
import { api } from "../api/client";
import { tokenIssuedAt, tokenStore } from "./token-store";

/**
 * A token older than this is refreshed at the user's next action: an active user's token has
 * most of its 8 hours ahead, so a working day never meets the expiry countdown. The session's
 * own end (18 hours after sign-in, the server's) still comes.
 */
export const REFRESH_AFTER_MS = 30 * 60_000;
/** Actions closer together than this look at the token once. */
const CHECK_EVERY_MS = 60_000;
/** The lock the tabs of one browser share, so that one of them refreshes the token they share. */
const LOCK = "office.token-refresh";

const due = (token: string, now: number) => now - (tokenIssuedAt(token) ?? now) >= REFRESH_AFTER_MS;

/** Runs `work` holding the tabs' lock (Web Locks), or at once where the browser has none. */
function acrossTabs(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request(LOCK, () => work()).then(() => {}) : work();
}

let running: Promise<void> | null = null;

/**
 * Refreshes the stored token once it is REFRESH_AFTER_MS old (docs/decisions.md, "Sessions
 * through a working day"): one refresh at a time in a tab, and across the tabs, which share
 * the token in localStorage: a tab that waited for another's refresh finds the token new and
 * sends nothing. A failed refresh changes nothing: the token's own expiry, or the next call's
 * 401 and its countdown, says the rest.
 */
export function refreshIfDue(): Promise<void> {
  const token = tokenStore.get();
  if (running || !token || !due(token, Date.now())) return running ?? Promise.resolve();
  running = acrossTabs(async () => {
    const current = tokenStore.get();
    if (!current || !due(current, Date.now())) return;
    const { token: fresh } = await api<RefreshResponse>("GET", "/authenticate/refreshtoken");
    // Signed out (or in again) meanwhile: that token is not this refresh's to replace.
    if (tokenStore.get() === current) tokenStore.set(fresh);
  })
    .catch(() => {})
    .finally(() => {
      running = null;
    });
  return running;
}

const ACTIONS = ["pointerdown", "keydown"] as const;

/** While the shell shows, the user's actions (a click, a key, coming back to the tab) keep the session's token fresh. */
export function useTokenRefresh(): void {
  useEffect(() => {
    let checked = Number.NEGATIVE_INFINITY;
    const onAction = () => {
      if (document.visibilityState === "hidden" || performance.now() - checked < CHECK_EVERY_MS) return;
      checked = performance.now();
      void refreshIfDue();
    };
    for (const action of ACTIONS) window.addEventListener(action, onAction, { capture: true, passive: true });
    document.addEventListener("visibilitychange", onAction);
    return () => {
      for (const action of ACTIONS) window.removeEventListener(action, onAction, { capture: true });
      document.removeEventListener("visibilitychange", onAction);
    };
  }, []);
}
