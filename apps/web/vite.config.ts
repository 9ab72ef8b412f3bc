import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compressAssets } from "./compress-assets";
import { trimStyles } from "./trim-styles";

const server = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  base: "/webapp/",
  plugins: [react(), trimStyles(), compressAssets()],
  resolve: {
    // Core's sources, and its entry of tracking numbers (a chunk of the pages that take them).
    alias: [
      {
        find: /^@office\/core\/tracking$/,
        replacement: fileURLToPath(new URL("../../packages/core/src/shipping/tracking.ts", import.meta.url)),
      },
      {
        find: /^@office\/core$/,
        replacement: fileURLToPath(new URL("../../packages/core/src/index.ts", import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { "/API": server, "/authenticate": server },
  },
  // Maps are written but named in no bundle: the server gives them to signed-in callers only
  // (docs/decisions.md), so the TypeScript source is not public.
  build: { outDir: "dist", emptyOutDir: true, sourcemap: "hidden" },
});
