import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Component tests share their worker's jsdom and modules (`isolate: false` in vitest.config.ts):
 * a module mocked in one file would stay mocked, or stay real, for the files after it.
 */
const SOURCES = fileURLToPath(new URL("..", import.meta.url));
const MOCKS_A_MODULE = /\bvi\.(do)?mock\(/;

describe("component tests in a shared worker", () => {
  it("mock no module", () => {
    const files = readdirSync(SOURCES, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".test.tsx"));
    expect(files.length).toBeGreaterThan(20);
    const mocking = files.filter((f) => MOCKS_A_MODULE.test(readFileSync(join(SOURCES, f), "utf8")));
    expect(mocking).toEqual([]);
  });
});
