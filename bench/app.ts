/**
 * What the browser benches share: the built server on a fresh PGlite directory (seeded at a
 * given scale), a token for a demo user, Debian's Chromium, and a page signed in through the
 * token in local storage.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { root, seedDemo, startProcess, stop } from "./processes.js";

export interface App {
  base: string;
  /** The fresh data directory (the server's database; benches may drop files in it too). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `node apps/server/dist/main.js` on a fresh PGlite directory, ready: the server seeds the demo
 * company (scale 1) itself; another scale is seeded first by the seed command.
 */
export async function startApp(name: string, port: number, scale = 1): Promise<App> {
  // A server left over on the port would answer for this one.
  const taken = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use`);
  const dataDir = mkdtempSync(join(tmpdir(), `office-bench-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  try {
    if (scale !== 1) await seedDemo({ DATA_DIR: dataDir, DATABASE_URL: "" }, scale);
    const server = await startProcess(
      [join(root, "apps/server/dist/main.js")],
      { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" },
      `${base}/readyz`,
    );
    return {
      base,
      dataDir,
      async close() {
        await stop(server);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function tokenOf(base: string, username: string, password = "demo"): Promise<string> {
  const response = await fetch(`${base}/API/Authenticate/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Debian's Chromium (CHROMIUM_PATH for another), headless, with any further switches. */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", ...args],
  });
}

/** Signs the page in as `username`: every document it loads from now on finds the token (returned). */
export async function signIn(page: Page, base: string, username: string): Promise<string> {
  const token = await tokenOf(base, username);
  await page.evaluateOnNewDocument((t) => localStorage.setItem("office.token", t), token);
  return token;
}
