/**
 * The searchable table in Chromium, on Notes / time search (50,000 time notes at scale 1):
 * time from a search to its first rendered row and to every row, for about 1,000 and about
 * 20,000 rows (a range of days logged); from Yes (load all 50,000) to the first row; frames
 * while scrolling 20,000 rows; the Excel export of 20,000 rows.
 * Prints a Markdown table for bench/RESULTS.md.
 */
import type { Page } from "puppeteer-core";
import { launchChromium, signIn, startApp } from "./app.js";
import { median } from "./processes.js";

const app = await startApp("table", 3501);
const { base } = app;
const rows: Array<[string, string, string]> = [];
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** How many notes were logged since an ISO date (the API's total). */
async function notesSince(token: string, day: string): Promise<number> {
  const url = new URL(`${base}/API/Query/`);
  for (const [k, v] of Object.entries({ table: "tblProjectNotes", fields: "projectNotesID", rowLimit: "1" }))
    url.searchParams.set(k, v);
  url.searchParams.set("where", `createdTS >= '${day}'`);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { meta: { TotalRecords: number } }).meta.TotalRecords;
}

/** The latest day from which at most `count` notes were logged, and how many. */
async function daySince(token: string, count: number): Promise<[string, number]> {
  let [low, high] = [0, 400];
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if ((await notesSince(token, isoDaysAgo(mid))) <= count) low = mid;
    else high = mid;
  }
  return [isoDaysAgo(low), await notesSince(token, isoDaysAgo(low))];
}

const isoDaysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function clear(page: Page, selector: string) {
  await page.click(selector, { count: 3 });
  await page.keyboard.press("Backspace");
}

const firstRow = 'table[aria-label="Time notes"] tbody tr[tabindex]';

/** Opens the page fresh and answers the >20,000 question; milliseconds from the answer to a row. */
async function openAndAnswer(page: Page, answer: "Yes" | "No"): Promise<number> {
  // The live event stream stays open: the network is never quite idle on a signed-in page.
  await page.goto(`${base}/webapp/project/pn`, { waitUntil: "networkidle2" });
  const button = await page.waitForSelector(`::-p-aria(${answer}[role="button"])`);
  const start = performance.now();
  await button?.click();
  if (answer === "Yes") await page.waitForSelector(firstRow, { timeout: 60_000 });
  return performance.now() - start;
}

/**
 * Milliseconds from the last keystroke of a Logged From date to the search's first row, and to
 * all of its rows (the export waits for them).
 */
async function rangeMs(page: Page, from: string, expected: string): Promise<[number, number]> {
  const box = '::-p-aria(From[role="textbox"])';
  await clear(page, box);
  await page.type(box, from.slice(0, -1));
  const start = performance.now();
  await page.type(box, from.slice(-1));
  await page.waitForFunction(
    `Array.from(document.querySelectorAll("p")).some((p) => p.textContent === ${JSON.stringify(expected)}) && document.querySelector(${JSON.stringify(firstRow)})`,
    { timeout: 30_000, polling: "mutation" },
  );
  const first = performance.now() - start;
  await page.waitForFunction(
    `Array.from(document.querySelectorAll("button")).some((b) => b.textContent === "Export to Excel" && !b.disabled)`,
    { timeout: 60_000, polling: "mutation" },
  );
  return [first, performance.now() - start];
}

/** Milliseconds from the search text's last keystroke to its first row, less the 500 ms pause. */
async function searchMs(page: Page, term: string, expected: string): Promise<number> {
  const box = 'input[aria-label="Search Time notes"]';
  await clear(page, box);
  await page.type(box, term);
  const start = performance.now();
  // Text, not a function: the bundler's helpers would not exist in the page.
  await page.waitForFunction(
    `Array.from(document.querySelectorAll("p")).some((p) => p.textContent === ${JSON.stringify(expected)}) && document.querySelector(${JSON.stringify(firstRow)})`,
    { timeout: 30_000 },
  );
  return performance.now() - start - 500;
}

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  const token = await signIn(page, base, "admin");

  progress("search");
  await openAndAnswer(page, "No");
  const searches: number[] = [];
  for (let i = 0; i < 5; i++) {
    searches.push(await searchMs(page, "drawings", "3,022 records"));
    await clear(page, 'input[aria-label="Search Time notes"]');
    await page.waitForSelector('::-p-aria(Load every record?[role="dialog"])', { timeout: 30_000 });
    await page.keyboard.press("Escape");
  }
  rows.push([
    "search → first row, 3,022 of 50,000 notes (after the 500 ms pause), median of 5",
    `${median(searches).toFixed(0)} ms`,
    "—",
  ]);

  for (const size of [1_000, 20_000]) {
    progress(`range of about ${size}`);
    const [day, count] = await daySince(token, size);
    const firsts: number[] = [];
    const alls: number[] = [];
    for (let i = 0; i < 5; i++) {
      await openAndAnswer(page, "No");
      const [first, all] = await rangeMs(page, usDate(day), `${count.toLocaleString("en-US")} records`);
      firsts.push(first);
      alls.push(all);
    }
    rows.push([
      `search by days logged → first row, ${count.toLocaleString("en-US")} notes, median of 5`,
      `${median(firsts).toFixed(0)} ms`,
      size === 20_000 ? "< 300 ms" : "—",
    ]);
    rows.push([
      `search by days logged → every row loaded, ${count.toLocaleString("en-US")} notes, median of 5`,
      `${median(alls).toFixed(0)} ms`,
      "—",
    ]);
  }

  progress("all rows");
  const loads: number[] = [];
  for (let i = 0; i < 3; i++) loads.push(await openAndAnswer(page, "Yes"));
  rows.push([
    "Yes → first row, all 50,000 notes, median of 3",
    `${median(loads).toFixed(0)} ms`,
    "< 300 ms for 20,000",
  ]);

  progress("scroll");
  const [day20k, count20k] = await daySince(token, 20_000);
  await openAndAnswer(page, "No");
  await rangeMs(page, usDate(day20k), `${count20k.toLocaleString("en-US")} records`);
  await page.locator('input[aria-label="Rows per page"]').click();
  await (await page.waitForSelector('::-p-aria(All rows[role="option"])'))?.click();
  await page.waitForSelector(firstRow);
  const frames = (await page.evaluate(`new Promise((resolve) => {
    const scroller = document.querySelector("[data-table-scroll]");
    const times = [];
    let last = performance.now();
    const step = () => {
      const now = performance.now();
      times.push(now - last);
      last = now;
      scroller.scrollTop += 400;
      if (times.length < 600 && scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight) requestAnimationFrame(step);
      else resolve(times.slice(1));
    };
    requestAnimationFrame(step);
  })`)) as number[];
  const dropped = frames.filter((t) => t > 1000 / 60 + 8).length;
  rows.push([
    `scrolling ${count20k.toLocaleString("en-US")} rows, 400 px a frame: frames, median frame time, frames over 25 ms`,
    `${frames.length}, ${median(frames).toFixed(1)} ms, ${dropped}`,
    "no dropped frames",
  ]);

  progress("export");
  const client = await browser.target().createCDPSession();
  await client.send("Browser.setDownloadBehavior", {
    behavior: "allow",
    downloadPath: app.dataDir,
    eventsEnabled: true,
  });
  const done = new Promise<void>((resolve) =>
    client.on("Browser.downloadProgress", (event) => {
      if (event.state === "completed") resolve();
    }),
  );
  const exportButton = await page.waitForSelector('::-p-aria(Export to Excel[role="button"])');
  const start = performance.now();
  await exportButton?.click();
  await done;
  rows.push([
    `Excel export of ${count20k.toLocaleString("en-US")} notes, click → file saved`,
    `${((performance.now() - start) / 1000).toFixed(2)} s`,
    "< 3 s for 20,000",
  ]);
} finally {
  await browser.close();
  await app.close();
}

console.log("| measure | result | aim |\n| --- | --- | --- |");
for (const [measure, result, aim] of rows) console.log(`| ${measure} | ${result} | ${aim} |`);
