import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const core = fileURLToPath(new URL("packages/core/src/index.ts", import.meta.url));
const tracking = fileURLToPath(new URL("packages/core/src/shipping/tracking.ts", import.meta.url));

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
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/test/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            "apps/web/*.test.ts",
            "scripts/*.test.ts",
          ],
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
