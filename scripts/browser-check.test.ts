import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ensureBrowser } from "./browser-check.mjs";
import { root } from "./source-files.js";

/*
 * `npm test` on a machine without the browser says in one line what to install, before any
 * suite starts, instead of failing deep inside the browser suite's first test.
 */

// No npm on the PATH: were the check to let `npm test` go on, its suites could not start.
const run = (script: string, chromium: string) =>
  spawnSync(process.execPath, [join(root, "scripts", script)], {
    cwd: root,
    env: { ...process.env, CHROMIUM_PATH: chromium, PATH: "/nonexistent" },
    encoding: "utf8",
    timeout: 20_000,
  });

describe("the browser check", () => {
  it("passes where the browser is", () => {
    const found = run("browser-check.mjs", process.execPath);
    expect(found.status).toBe(0);
    expect(found.stderr).toBe("");
  });

  it("fails in one line naming what is missing, and npm test starts no suite", () => {
    const missing = "/nowhere/chromium";
    const check = run("browser-check.mjs", missing);
    expect(check.status).toBe(1);
    expect(check.stderr.trim().split("\n")).toEqual([
      `The browser tests need Chromium at CHROMIUM_PATH=${missing}, which is not there.`,
    ]);
    const test = run("side-by-side.mjs", missing);
    expect(test.status).toBe(1);
    expect(test.stderr.trim().split("\n")).toHaveLength(1);
    // Neither suite was started: their lines carry their names.
    expect(test.stdout).not.toMatch(/\[(unit|e2e)/);
  });
});

describe("without Debian's Chromium", () => {
  const nowhere = ["/nowhere/chromium-headless-shell", "/nowhere/chromium"];
  const said = () => vi.mocked(console.error).mock.calls.map((call) => String(call[0]));
  afterEach(() => vi.restoreAllMocks());

  it("installs it where it may, and goes on once it is there", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const installed: string[] = [];
    const install = () => {
      installed.push("chromium");
      return true;
    };
    const saved = process.env.CHROMIUM_PATH;
    delete process.env.CHROMIUM_PATH;
    try {
      expect(ensureBrowser({ browsers: nowhere, canInstall: () => true, install })).toBe(true);
      expect(installed).toEqual(["chromium"]);
      expect(said()).toEqual([]);
      // Where it may not install (not root, no apt-get), or the install fails: one line, what to run.
      expect(ensureBrowser({ browsers: nowhere, canInstall: () => false, install })).toBe(false);
      expect(ensureBrowser({ browsers: nowhere, canInstall: () => true, install: () => false })).toBe(false);
      expect(said()).toEqual([
        "The browser tests need Debian's Chromium: run `sudo apt-get install -y chromium chromium-headless-shell` (or set CHROMIUM_PATH), then npm test.",
        "The browser tests need Debian's Chromium: run `sudo apt-get install -y chromium chromium-headless-shell` (or set CHROMIUM_PATH), then npm test.",
      ]);
      expect(installed).toHaveLength(1);
    } finally {
      if (saved !== undefined) process.env.CHROMIUM_PATH = saved;
    }
  });
});
