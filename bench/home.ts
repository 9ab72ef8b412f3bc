/**
 * The daily experience (issue 19), in Debian's Chromium against the built app on a fresh PGlite
 * directory seeded at BENCH_SCALE (default 20: 60,000 projects, a million notes):
 * - Home painted after sign-in: from the Sign in click on the login page to the frame painted
 *   with every block of Home showing its content (no block loading), BENCH_RUNS (default 11)
 *   sign-ins, each in a fresh browser context (nothing cached), as admin and as staff;
 * - Ctrl+K to the palette's first result painted: the first press (which loads the palette's
 *   chunk), then BENCH_RUNS more in the same signed-in page.
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { cpus } from "node:os";
import type { Browser } from "puppeteer-core";
import { launchChromium, startApp } from "./app.js";
import { median } from "./processes.js";

const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const progress = (line: string) => process.stderr.write(`${line}\n`);

/**
 * In-page script (text, so the bundler's helpers stay out of it): from the next click on Sign
 * in until Home shows `blocks` sections with nothing loading in them, and two frames later.
 */
const watchHome = (blocks: number) => `
  window.homePainted = new Promise((resolve) => {
    let start = 0;
    document.addEventListener("click", () => { start = performance.now(); }, { capture: true, once: true });
    const done = () => {
      const sections = document.querySelectorAll("#content section[aria-labelledby]");
      return sections.length === ${blocks} && !document.querySelector('#content [aria-busy="true"]');
    };
    const observer = new MutationObserver(() => {
      if (!start || !done()) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  undefined;`;

async function homeAfterSignIn(browser: Browser, base: string, username: string, blocks: number): Promise<number> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(`${base}/webapp/login`, { waitUntil: "networkidle0" });
  await page.type("input[autocomplete=username]", username);
  await page.type("input[type=password]", "demo");
  await page.evaluate(watchHome(blocks));
  await page.click("button[type=submit]");
  const ms = Number(await page.evaluate("window.homePainted"));
  await context.close();
  return ms;
}

/** In-page script: from the next keydown until the palette lists its first result, and two frames later. */
const WATCH_PALETTE = `
  window.paletteShown = new Promise((resolve) => {
    let start = 0;
    document.addEventListener("keydown", () => { start = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!start || !document.querySelector('[role="dialog"] .mantine-Spotlight-action')) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  undefined;`;

async function paletteFirstResult(browser: Browser, base: string, runs: number): Promise<number[]> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(`${base}/webapp/login`, { waitUntil: "networkidle0" });
  await page.type("input[autocomplete=username]", "staff");
  await page.type("input[type=password]", "demo");
  await page.click("button[type=submit]");
  await page.waitForSelector("#content section[aria-labelledby]");
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.evaluate(WATCH_PALETTE);
    await page.keyboard.down("Control");
    await page.keyboard.press("k");
    await page.keyboard.up("Control");
    times.push(Number(await page.evaluate("window.paletteShown")));
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] .mantine-Spotlight-action'));
  }
  await context.close();
  return times;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${median(times).toFixed(0)} ms (${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)})`;
};

progress(`seeding --scale ${SCALE} and starting the server`);
const app = await startApp("home", 3570, SCALE);
const browser = await launchChromium();
const rows: Array<[string, string, string]> = [];
try {
  // Both see Home's six blocks (staff may view the status dashboard's recent projects and the calendar's Today).
  for (const [username, blocks] of [
    ["admin", 6],
    ["staff", 6],
  ] as const) {
    progress(`home after sign-in as ${username}`);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await homeAfterSignIn(browser, app.base, username, blocks));
    rows.push([`Home painted after sign-in, ${username}, median of ${RUNS} (min–max)`, summary(times), "< 300 ms"]);
  }
  progress("palette");
  // The first press loads the palette's chunk (PaletteShortcut); the later ones open it.
  const [first, ...later] = await paletteFirstResult(browser, app.base, RUNS + 1);
  rows.push([
    "Ctrl+K → first result painted, the first press (loads the palette)",
    `${first?.toFixed(0)} ms`,
    "< 100 ms",
  ]);
  rows.push([`Ctrl+K → first result painted, the next ${RUNS}, median (min–max)`, summary(later), "< 100 ms"]);
} finally {
  await browser.close();
  await app.close();
}
console.log(`Scale ${SCALE}, PGlite, ${cpus().length} × ${cpus()[0]?.model}\n`);
console.log("| measure | result | aim |\n| --- | --- | --- |");
for (const [measure, result, aim] of rows) console.log(`| ${measure} | ${result} | ${aim} |`);
