import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "../test/fake-api";
import { REFRESH_AFTER_MS, refreshIfDue, useTokenRefresh } from "./token-refresh";
import { tokenStore } from "./token-store";

/** A token as the server signs it, as far as the browser reads one: its times. */
function tokenAt(issuedMs: number, name = "t"): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  const iat = Math.floor(issuedMs / 1000);
  return `${part({ alg: "HS256" })}.${part({ iat, exp: iat + 28_800, name })}.signature`;
}

function serverRefreshing() {
  const api = installFakeApi();
  const issued: string[] = [];
  api.on("GET", "/authenticate/refreshtoken", () => {
    const token = tokenAt(Date.now(), `fresh-${issued.length}`);
    issued.push(token);
    return { token, expire: Math.floor(Date.now() / 1000) + 28_800 };
  });
  return { api, issued };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the session's token through a working day", () => {
  it("is refreshed once it is half an hour old, by one call however many ask together", async () => {
    const { api, issued } = serverRefreshing();
    tokenStore.set(tokenAt(Date.now() - REFRESH_AFTER_MS - 1000));
    await Promise.all([refreshIfDue(), refreshIfDue(), refreshIfDue()]);
    expect(api.callsTo("/authenticate/refreshtoken")).toHaveLength(1);
    expect(tokenStore.get()).toBe(issued[0]);
    // The new token is fresh: asked again, nothing is sent.
    await refreshIfDue();
    expect(api.callsTo("/authenticate/refreshtoken")).toHaveLength(1);
  });

  it("is not refreshed while it is new", async () => {
    const { api } = serverRefreshing();
    const token = tokenAt(Date.now() - REFRESH_AFTER_MS + 60_000);
    tokenStore.set(token);
    await refreshIfDue();
    expect(api.callsTo("/authenticate/refreshtoken")).toHaveLength(0);
    expect(tokenStore.get()).toBe(token);
  });

  it("is refreshed by one tab: a tab that waited for the others' lock finds the token new and sends nothing", async () => {
    const { api } = serverRefreshing();
    tokenStore.set(tokenAt(Date.now() - REFRESH_AFTER_MS - 1000));
    // Another tab holds the lock, and refreshes the shared token before letting go.
    const byOtherTab = tokenAt(Date.now(), "other tab");
    vi.stubGlobal("navigator", {
      ...navigator,
      locks: {
        request: async (_name: string, work: () => Promise<void>) => {
          tokenStore.set(byOtherTab);
          return work();
        },
      },
    });
    await refreshIfDue();
    expect(api.callsTo("/authenticate/refreshtoken")).toHaveLength(0);
    expect(tokenStore.get()).toBe(byOtherTab);
  });

  it("is left as it is when the refresh is refused, and not brought back after a sign-out meanwhile", async () => {
    const { api } = serverRefreshing();
    const old = tokenAt(Date.now() - REFRESH_AFTER_MS - 1000);
    tokenStore.set(old);
    api.fail({ path: "/authenticate/refreshtoken" }, { status: 401, times: 1 });
    await expect(refreshIfDue()).resolves.toBeUndefined();
    expect(tokenStore.get()).toBe(old);
    // Signed out while the refresh was on its way: the answer is not stored.
    const held = api.hang({ path: "/authenticate/refreshtoken" });
    const refreshing = refreshIfDue();
    await waitFor(() => expect(held.waiting).toBe(1));
    tokenStore.clear();
    held.release();
    await refreshing;
    expect(tokenStore.get()).toBeNull();
  });

  it("is refreshed when the user acts in the shell: a key, a click", async () => {
    const { api, issued } = serverRefreshing();
    tokenStore.set(tokenAt(Date.now() - REFRESH_AFTER_MS - 1000));
    renderHook(() => useTokenRefresh());
    expect(api.callsTo("/authenticate/refreshtoken")).toHaveLength(0);
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    await waitFor(() => expect(tokenStore.get()).toBe(issued[0]));
  });
});
