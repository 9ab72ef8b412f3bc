import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { appOver } from "./support/app.js";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";

const engine = ONE_ENGINE[0];
if (!engine) throw new Error("no engine");

/** A source map, with the source it maps: what nobody signed out may read. */
const MAP = JSON.stringify({ version: 3, sources: ["../src/app.ts"], sourcesContent: ["const secret = 1;"] });

/** The boot shell's inline script (apps/web/index.html). */
const BOOT = "\n  document.documentElement.setAttribute('data-boot', 'desktop');\n";

/** A built web app, its source maps, and a file beside it that no path may reach. */
function builtWebApp(): string {
  const root = mkdtempSync(join(tmpdir(), "office-web-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html><script>${BOOT}</script><script type=module src=/webapp/assets/app.js></script>`,
  );
  writeFileSync(join(root, "assets", "app.js"), "console.log('app')");
  writeFileSync(join(root, "favicon.svg"), "<svg/>");
  writeFileSync(join(root, "assets", "app.js.map"), MAP);
  // The build's compressed copies (compress-assets.ts).
  writeFileSync(join(root, "assets", "app.js.br"), brotliCompressSync("console.log('app')"));
  writeFileSync(join(root, "assets", "app.js.gz"), gzipSync("console.log('app')"));
  writeFileSync(join(root, "favicon.svg.map"), MAP);
  writeFileSync(join(root, "..", "outside.txt"), "not for the web");
  return root;
}

describe("serving the web app", () => {
  const root = builtWebApp();
  const t = useTestApp(engine, { config: { webDist: root } });
  const { staff } = t;

  it("answers every deep link with index.html, never cached", async () => {
    for (const url of [
      "/webapp",
      "/webapp/",
      "/webapp/login",
      "/webapp/project/de?id=12",
      "/webapp/list/notescategories",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toContain("<script");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("sets the device cookie from the user agent when absent, for 7 days, and keeps one that is set", async () => {
    const phone = await t.app.inject({
      method: "GET",
      url: "/webapp/",
      headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" },
    });
    expect(phone.headers["set-cookie"]).toBe("device=MOBILE; Max-Age=604800; Path=/; SameSite=Lax");
    const desktop = await t.app.inject({
      method: "GET",
      url: "/webapp/login",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" },
    });
    expect(desktop.headers["set-cookie"]).toBe("device=DESKTOP; Max-Age=604800; Path=/; SameSite=Lax");
    const chosen = await t.app.inject({
      method: "GET",
      url: "/webapp/",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)", cookie: "a=b; device=MOBILE" },
    });
    expect(chosen.headers["set-cookie"]).toBeUndefined();
    const asset = await t.app.inject({ method: "GET", url: "/webapp/assets/app.js" });
    expect(asset.headers["set-cookie"]).toBeUndefined();
  });

  it("lets the page's own inline script run, by its hash, and no other", async () => {
    const response = await t.app.inject({ method: "GET", url: "/webapp/" });
    const policy = String(response.headers["content-security-policy"]);
    const scripts = policy.split(";").find((directive) => directive.startsWith("script-src"));
    // What a browser computes: the SHA-256 of the script's text, exactly as it stands.
    const hash = createHash("sha256").update(BOOT).digest("base64");
    expect(scripts).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("serves built files, hashed assets for a year", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/webapp/assets/app.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('app')");
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await t.app.inject({ method: "GET", url: "/webapp/favicon.svg" })).statusCode).toBe(200);
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, the file itself to one that does not", async () => {
    const sent = (encoding?: string) =>
      t.app.inject({
        method: "GET",
        url: "/webapp/assets/app.js",
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
    const br = await sent("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe("console.log('app')");
    const gz = await sent("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe("console.log('app')");
    const plain = await sent();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('app')");
    // A copy is no file of the app by its own name.
    expect((await t.app.inject({ method: "GET", url: "/webapp/assets/app.js.br" })).statusCode).toBe(404);
  });

  it("answers 404 for a missing asset instead of the page", async () => {
    expect((await t.app.inject({ method: "GET", url: "/webapp/assets/missing.js" })).statusCode).toBe(404);
  });

  it("never serves a file outside the build", async () => {
    for (const url of [
      "/webapp/../outside.txt",
      "/webapp/%2e%2e/outside.txt",
      "/webapp/..%2foutside.txt",
      "/webapp/assets/../../outside.txt",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.body, url).not.toContain("not for the web");
    }
  });

  it("serves a source map to a signed-in caller only, and tells anyone else nothing of which exist", async () => {
    const map = await staff.call("GET", "/webapp/assets/app.js.map");
    expect(map.statusCode).toBe(200);
    expect(map.body).toBe(MAP);
    expect(map.headers["cache-control"]).toBe("private, no-store");
    const missing = await staff.call("GET", "/webapp/assets/missing.js.map");
    expect(missing.statusCode).toBe(404);
    // Signed out: the same answer for a map that exists and one that does not.
    const signedOut = async (url: string) => {
      const response = await t.app.inject({ method: "GET", url });
      const { requestId: _, path: __, ...body } = response.json();
      return { statusCode: response.statusCode, body };
    };
    const existing = await signedOut("/webapp/assets/app.js.map");
    expect(existing.statusCode).toBe(401);
    expect(await signedOut("/webapp/assets/missing.js.map")).toEqual(existing);
    // A map outside the assets is no file of the app to anyone: the page, as any other path.
    for (const url of ["/webapp/favicon.svg.map", "/webapp/assets/../favicon.svg.map"]) {
      expect((await t.app.inject({ method: "GET", url })).body, url).not.toContain("sourcesContent");
      expect((await staff.call("GET", url)).body, url).not.toContain("sourcesContent");
    }
    // The bundle itself stays public.
    expect((await t.app.inject({ method: "GET", url: "/webapp/assets/app.js" })).statusCode).toBe(200);
  });

  it("tells a signed-in user the configured time-clock address, time zone and board, and nobody else", async () => {
    const config = await staff.call("GET", "/API/AppConfig/");
    expect(config.json()).toEqual({ timeClockUrl: "https://clock.test/", timeZone: "America/New_York", boardID: null });
    expect((await t.app.inject({ method: "GET", url: "/API/AppConfig/" })).statusCode).toBe(401);
  });

  it("sends / to /webapp/", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/webapp/");
  });

  it("says the web app is not built when it is not", async () => {
    const { app, logs } = await appOver(t.testDb, t.database, { webDist: join(root, "nothing-here") });
    const response = await app.inject({ method: "GET", url: "/webapp/login" });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/npm run build/);
    // A deployment's mistake needs a person: an error in the log, not a warning of load.
    const reqId = response.headers["x-request-id"];
    const lines = logs.map((line) => JSON.parse(line) as { reqId?: string; level: number });
    expect(lines.filter((line) => line.reqId === reqId && line.level >= 40).map((line) => line.level)).toEqual([50]);
  });
});
