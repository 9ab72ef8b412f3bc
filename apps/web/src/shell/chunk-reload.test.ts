import { afterEach, describe, expect, it, vi } from "vitest";
import { importPage, isChunkLoadError, mayReload, reloadForChunk, reloadInto } from "./chunk-reload";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

describe("reloading after a chunk failed to load", () => {
  it("recognises the browsers' chunk-load failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /webapp/assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("x is not a function"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("reloads at most once in 60 seconds", () => {
    expect(mayReload(100_000, null)).toBe(true);
    expect(mayReload(100_000, 50_000)).toBe(false);
    expect(mayReload(110_000, 50_000)).toBe(true);
    expect(mayReload(100_000, Number.NaN)).toBe(true);
    // A clock set back must not block reloading for ever.
    expect(mayReload(10_000, 50_000)).toBe(true);
  });

  it("remembers the reload in the tab's storage", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    let reloads = 0;
    expect(reloadForChunk(storage, () => reloads++)).toBe(true);
    expect(reloadForChunk(storage, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
  });

  it("does not reload while the browser is offline, and does once it is back", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    let reloads = 0;
    expect(
      reloadForChunk(
        storage,
        () => reloads++,
        () => false,
      ),
    ).toBe(false);
    expect(reloads).toBe(0);
    expect(
      reloadForChunk(
        storage,
        () => reloads++,
        () => true,
      ),
    ).toBe(true);
    expect(reloads).toBe(1);
  });
});

describe("loading a page's chunk", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadInto(() => undefined);
  });
  const chunkFailure = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /x.js"));
  const browser = () => {
    const location = { assign: vi.fn(), reload: vi.fn() };
    vi.stubGlobal("location", location);
    vi.stubGlobal("sessionStorage", new MemoryStorage());
    return location;
  };

  it("reloads into the address a navigation is opening, once, and then lets the failure stand", async () => {
    const location = browser();
    reloadInto(() => "/webapp/rn");
    void importPage(chunkFailure);
    await Promise.resolve();
    expect(location.assign).toHaveBeenCalledWith("/webapp/rn");
    await expect(importPage(chunkFailure)).rejects.toThrow(/dynamically imported module/);
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("reloads the address shown when no navigation is under way, and passes other failures on", async () => {
    const location = browser();
    void importPage(chunkFailure);
    await Promise.resolve();
    expect(location.reload).toHaveBeenCalledTimes(1);
    await expect(importPage(() => Promise.reject(new TypeError("x is not a function")))).rejects.toThrow("x is not");
    await expect(importPage(async () => "page")).resolves.toBe("page");
  });
});
