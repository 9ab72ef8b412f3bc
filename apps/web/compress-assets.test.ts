import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressAssets } from "./compress-assets";

/** The build's compressed copies: beside every text file worth it, none beside the rest. */
describe("the build's compressed copies", () => {
  it("writes a brotli and a gzip copy of each text file of a kilobyte or more, and of nothing else", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "office-compress-"));
    mkdirSync(join(outDir, "assets"));
    const script = `console.log(${JSON.stringify("x".repeat(4_000))});`;
    writeFileSync(join(outDir, "assets", "app.js"), script);
    writeFileSync(join(outDir, "assets", "app.css"), `body{color:red}\n`.repeat(200));
    writeFileSync(join(outDir, "assets", "tiny.js"), "export{}");
    writeFileSync(join(outDir, "assets", "logo.png"), Buffer.alloc(4_000, 1));
    writeFileSync(join(outDir, "assets", "app.js.map"), "{}".repeat(1_000));

    const plugin = compressAssets();
    (plugin.configResolved as (config: { build: { outDir: string } }) => void)({ build: { outDir } });
    await (plugin.closeBundle as () => Promise<void>)();

    const at = (name: string) => join(outDir, "assets", name);
    expect(brotliDecompressSync(readFileSync(at("app.js.br"))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(at("app.js.gz"))).toString()).toBe(script);
    expect(readFileSync(at("app.js.br")).length).toBeLessThan(script.length / 10);
    expect(existsSync(at("app.css.br"))).toBe(true);
    for (const name of ["tiny.js.br", "logo.png.br", "logo.png.gz", "app.js.map.br"])
      expect(existsSync(at(name)), name).toBe(false);
  });
});
