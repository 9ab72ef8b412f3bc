import { describe, expect, it } from "vitest";
import { isChunkLoadError, mayReload, reloadForChunk } from "./chunk-reload";

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
});
