import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";

const core = fileURLToPath(new URL("packages/core/src/index.ts", import.meta.url));
const tracking = fileURLToPath(new URL("packages/core/src/shipping/tracking.ts", import.meta.url));

const NODE_TESTS = [
  "packages/*/src/**/*.test.ts",
  "apps/server/test/**/*.test.ts",
  "apps/web/src/**/*.test.ts",
  "apps/web/*.test.ts",
  "scripts/*.test.ts",
];

/**
 * The node tests that replace a module, a global, the environment or the clock: a replacement
 * outlives its file where files share their modules, so these keep a module graph each.
 */
const STUBBING = ["packages", "apps/server/test", "apps/web", "scripts"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`))
  .filter((file) => file.endsWith(".test.ts") && !/(^|\/)(node_modules|dist)\//.test(file))
  .filter((file) => /\bvi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(/.test(readFileSync(file, "utf8")));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@office\/core\/tracking$/, replacement: tracking },
      { find: /^@office\/core$/, replacement: core },
    ],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Threads rather than processes: the same tests in 12% less time and 14% less CPU on CI's
    // two cores (docs/decisions.md).
    pool: "threads",
    // Every core, not Vitest's default of one fewer: `npm test` runs this suite at a lower
    // priority beside the browser suite, so it takes only what that one leaves, and the whole
    // machine once it is done (on CI's two cores, 301-314 s against 397 s; docs/decisions.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          globalSetup: ["apps/server/test/support/global-setup.ts"],
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...STUBBING],
          // One module graph per worker, not per file: imports were a sixth of the suite's time
          // (docs/decisions.md). The files that mock, stub or fake something run apart, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "node-isolated",
          globalSetup: ["apps/server/test/support/global-setup.ts"],
          include: STUBBING,
        },
      },
      {
        // Components in a DOM (jsdom) with Testing Library; the browser tests keep what needs Chromium.
        extends: true,
        plugins: [react()],
        test: {
          name: "web",
          // One jsdom and module graph per worker, not per file: the suite in 98 s against 166 s
          // (docs/decisions.md). setup.ts resets after each test what a test may leave behind,
          // and no component test mocks a module (a mock would outlive its file).
          isolate: false,
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["apps/web/src/test/setup.ts"],
        },
      },
    ],
  },
});
