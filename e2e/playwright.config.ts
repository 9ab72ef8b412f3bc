import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = mkdtempSync(join(tmpdir(), "office-e2e-"));
/**
 * Debian's Chromium: its old headless shell (package chromium-headless-shell, the build
 * Playwright itself runs headless) where installed, else the browser (package chromium).
 * Measured on CI's two cores: the whole suite took 43% less CPU in the shell (docs/decisions.md).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Debian's Chromium against the built app on a fresh embedded database with the demo company. */
export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  // One worker: on CI's two cores, two were measured no faster (336 s against 339 s: the
  // browser and the server already use both) and made the live-update tests' timings flaky.
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace costs a fifth of the suite's time; CI keeps none (run with --trace on to get one).
    trace: process.env.CI ? "off" : "retain-on-failure",
    // As a user who asked the system for less motion: no transitions to wait out.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node ../apps/server/dist/main.js",
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // No nightly backup: a suite run between 02:30 and 08:30 in New York would otherwise start one
    // (a slot missed by under six hours runs at start), pausing the embedded database for its dump.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      BACKUP_DAILY_AT: "off",
    },
  },
});
