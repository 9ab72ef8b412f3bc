/**
 * The directory lists in Chromium (issue 7): time from navigation start to the first data row
 * of /webapp/employee/all (80 employees at any scale) and /webapp/client/all (400 clients per
 * unit of scale), signed in as `admin`, on the demo company at scale 1 and 20 (BENCH_SCALES,
 * comma-separated), BENCH_RUNS runs of each page (default 15) after a warm-up.
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { cpus, totalmem } from "node:os";
import type { Page } from "puppeteer-core";
import { launchChromium, signIn, startApp } from "./app.js";
import { median, percentile } from "./processes.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SCALES = (process.env.BENCH_SCALES ?? "1,20").split(",").map(Number);
const PAGES = [
  { path: "/webapp/employee/all", label: "Employees" },
  { path: "/webapp/client/all", label: "Clients" },
];
const progress = (line: string) => process.stderr.write(`${line}\n`);

interface FirstRow {
  /** Milliseconds from navigation start to the first data row in the document and visible. */
  shown: number;
  /** The same, two animation frames later: the row painted. */
  painted: number;
  /** The table's "N records" as shown with that row. */
  records: string;
  /** When the table's first call (its first page of 50 rows with the total) was sent and answered. */
  sent: number;
  answered: number;
}

/**
 * In-page script, installed before any of the app's: on a directory page, watches every DOM
 * change for the table's first data row. Times are the page's own clock, whose zero is the
 * navigation's start. Text, so the bundler's helpers stay out of it.
 */
const watchFirstRow = `(() => {
  const labels = ${JSON.stringify(Object.fromEntries(PAGES.map((p) => [p.path, p.label])))};
  const label = labels[location.pathname];
  if (!label) return;
  const selector = 'table[aria-label="' + label + '"] tbody tr[tabindex]';
  const observer = new MutationObserver(() => {
    const row = document.querySelector(selector);
    if (!row || !row.checkVisibility()) return;
    const shown = performance.now();
    observer.disconnect();
    const records = Array.from(document.querySelectorAll("p")).find((p) => / records$/.test(p.textContent));
    const call = performance.getEntriesByType("resource").find((e) => e.name.includes("/API/Query/?") && /[?&]rowLimit=50(&|$)/.test(e.name));
    requestAnimationFrame(() => requestAnimationFrame(() => {
      window.benchFirstRow = {
        shown,
        painted: performance.now(),
        records: records ? records.textContent : "?",
        sent: call ? call.startTime : NaN,
        answered: call ? call.responseEnd : NaN,
      };
    }));
  });
  observer.observe(document, { subtree: true, childList: true });
})()`;

/**
 * Loads `path` as a new document and waits for its first row. The live event stream stays open
 * on a signed-in page, so the row does not wait for the network. The next run does: the rest of
 * the list (8,000 clients at scale 20) and the shell's calls are still loading when the first
 * row shows, and the next page's calls would queue behind them on the server (PGlite runs one
 * statement at a time). So the page is left only once at most the stream is in flight.
 */
async function firstRow(page: Page, base: string, path: string): Promise<FirstRow> {
  await page.goto(`${base}${path}`, { waitUntil: "domcontentloaded" });
  const result = (await (
    await page.waitForFunction("window.benchFirstRow", { timeout: 60_000 })
  ).jsonValue()) as FirstRow;
  await page.waitForNetworkIdle({ idleTime: 300, concurrency: 1, timeout: 60_000 });
  return result;
}

const ms = (times: number[]) => `${median(times).toFixed(0)} ms`;
const figures = (times: number[]) => `${median(times).toFixed(0)} ms (p90 ${percentile(times, 0.9).toFixed(0)} ms)`;
const lines: string[] = [];

// Without the back/forward cache: a signed-in page left for another keeps its live stream's
// connection open while cached, and six of them take every connection Chromium allows one
// host, so the seventh load of a page in the same tab would wait for a socket.
const browser = await launchChromium();
try {
  for (const scale of SCALES) {
    progress(`scale ${scale}: seeding and starting`);
    const app = await startApp("directory", 3520, scale);
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1350, height: 940 });
      await signIn(page, app.base, "admin");
      await page.evaluateOnNewDocument(watchFirstRow);
      // Warm-up: the scripts into the HTTP cache, the server's statements and PGlite's pages.
      for (const { path } of PAGES) await firstRow(page, app.base, path);
      const runs = PAGES.map(() => ({
        shown: [] as number[],
        painted: [] as number[],
        sent: [] as number[],
        answered: [] as number[],
        records: new Set<string>(),
      }));
      for (let i = 0; i < RUNS; i++) {
        progress(`scale ${scale}: run ${i + 1} of ${RUNS}`);
        // The two pages in turn, so a slow spell of the machine touches both alike.
        for (const [n, { path }] of PAGES.entries()) {
          const run = await firstRow(page, app.base, path);
          runs[n]?.shown.push(run.shown);
          runs[n]?.painted.push(run.painted);
          runs[n]?.sent.push(run.sent);
          runs[n]?.answered.push(run.answered);
          runs[n]?.records.add(run.records);
        }
      }
      for (const [n, { path }] of PAGES.entries()) {
        const run = runs[n];
        if (!run) continue;
        lines.push(
          `| ${path} | ${scale} | ${[...run.records].join(", ")} | ${ms(run.sent)} → ${ms(run.answered)} | ${figures(run.shown)} | ${figures(run.painted)} |`,
        );
      }
      await page.close();
    } finally {
      await app.close();
    }
  }
} finally {
  await browser.close();
}

console.log(
  `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${new Date().toISOString().slice(0, 10)}; ${RUNS} runs of each page after a warm-up\n`,
);
console.log(
  "| page | scale | table shows | first page of rows asked → answered, medians | navigation → first row visible, median (p90) | → first row painted, median (p90) |\n| --- | --- | --- | --- | --- | --- |",
);
for (const line of lines) console.log(line);
