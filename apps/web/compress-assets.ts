import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text. Images and fonts are compressed already. */
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const SMALLEST = 1_024;

/**
 * Writes a brotli (`.br`, at its best quality) and a gzip (`.gz`) copy beside each text file of
 * the build, once, at build time: the server sends the one the browser accepts
 * (@fastify/static's preCompressed), never compressing per request.
 */
export function compressAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "office-compress-assets",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile() && TEXT.test(entry.name));
      await Promise.all(
        files.map(async (entry) => {
          const path = join(entry.parentPath, entry.name);
          const bytes = await readFile(path);
          if (bytes.length < SMALLEST) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
