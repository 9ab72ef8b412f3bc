/**
 * The calendar page (issue 35), in Debian's Chromium against the built app on a fresh PGlite
 * directory with the demo company: a month holding 2,000 events (1,500 once, and 500 weekly
 * series that fall in it), Everybody's, made through the API; then, BENCH_RUNS times (default
 * 11), from the click on Next in the month before to the month painted with its occurrences
 * (the server's expansion, the answer and FullCalendar's layout: two frames after nothing
 * loads), at 1440×900 and at a phone's 390×844 on the agenda's week: once the page has read the
 * next range ahead (nothing in flight but the live stream, as when a person looks at a month
 * before moving on), and clicked at once (the read ahead still under way: the server's time is
 * in the figure). Also the calendar route's own chunk, gzipped, as served. Prints Markdown for
 * bench/RESULTS.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "puppeteer-core";
import { launchChromium, signIn, startApp, tokenOf } from "./app.js";
import { api, median, percentile, root } from "./processes.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const AIM_MS = 300;
const MONTH = "2027-06";
const progress = (line: string) => process.stderr.write(`${line}\n`);

const app = await startApp("calendar-view", 3193);
try {
  const token = await tokenOf(app.base, "admin");
  progress(`making ${EVENTS} events …`);
  const make = async (i: number) => {
    const day = String(1 + (i % 28)).padStart(2, "0");
    const hour = String(7 + (i % 11)).padStart(2, "0");
    const series = i < EVENTS / 4;
    await api(app.base, token, "POST", "/API/Calendar/Events", {
      eventTitle: `${series ? "Weekly" : "Meeting"} ${i}`,
      // A series starts in the first week, so each of its four or five Mondays… falls in the month.
      eventStart: `${MONTH}-${series ? String(1 + (i % 7)).padStart(2, "0") : day}T${hour}:00`,
      eventMinutes: 30,
      eventVisibleFor: 2,
      ...(series ? { eventRecurrence: 3, eventRecurrenceUntil: `${MONTH}-30` } : {}),
    });
  };
  // Four at a time: what the server takes from one account without making it wait its turn.
  for (let i = 0; i < EVENTS; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < EVENTS).map(make));

  const browser = await launchChromium();
  /** From the click on Next to the month (or week) `title` painted with its events: two frames after. */
  const nextPainted = async (page: Page, title: string): Promise<number> => {
    await page.evaluate(() => {
      (window as unknown as { clicked: number }).clicked = 0;
      document.addEventListener(
        "click",
        () => {
          (window as unknown as { clicked: number }).clicked = performance.now();
        },
        { capture: true, once: true },
      );
    });
    await page.click('button[aria-label="Next"]');
    await page
      .waitForFunction(
        (wanted) =>
          document.querySelector("#content h2")?.textContent === wanted &&
          document.querySelector('.office-calendar[aria-busy="false"]') !== null &&
          document.querySelector(".office-calendar [role=button], .office-calendar a") !== null,
        { polling: "mutation", timeout: 60_000 },
        title,
      )
      .catch(async (error) => {
        const state = await page.evaluate(() => ({
          url: location.href,
          h2: Array.from(document.querySelectorAll("#content h2"), (h) => h.textContent),
          busy: document.querySelector(".office-calendar")?.getAttribute("aria-busy"),
        }));
        throw new Error(`${title} not painted: ${JSON.stringify(state)}`, { cause: error });
      });
    return page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(performance.now() - (window as unknown as { clicked: number }).clicked),
            ),
          ),
        ),
    );
  };
  const rows: string[] = [];
  const month = { width: 1440, height: 900, view: "month", title: "June 2027" };
  const agenda = { width: 390, height: 844, view: "agenda", title: "June 6 – 12, 2027" };
  for (const screen of [
    { ...month, name: "desktop month (1440×900), Next once the month is shown", readAhead: true },
    { ...agenda, name: "phone agenda week (390×844), Next once the week is shown", readAhead: true },
    { ...month, name: "desktop month, Next at once (the month ahead still being read)", readAhead: false },
    { ...agenda, name: "phone agenda week, Next at once", readAhead: false },
  ]) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: screen.width, height: screen.height });
      await signIn(page, app.base, "admin");
      const before = screen.view === "month" ? "2027-05-15" : "2027-05-30";
      // The page's live stream stays open: "loaded" is the month before shown with its events.
      await page.goto(`${app.base}/webapp/calendar1?view=${screen.view}&date=${before}`);
      await page.waitForFunction(
        () =>
          document.querySelector("#content h2")?.textContent &&
          document.querySelector('.office-calendar[aria-busy="false"]') &&
          document.querySelector(".office-calendar [role=button], .office-calendar a"),
        { timeout: 60_000 },
      );
      if (screen.readAhead) await page.waitForNetworkIdle({ idleTime: 300, concurrency: 1, timeout: 60_000 });
      times.push(await nextPainted(page, screen.title));
      await context.close();
    }
    const runs = times.slice(1);
    rows.push(
      `| ${screen.name} | ${median(runs).toFixed(0)} ms | ${percentile(runs, 0.95).toFixed(0)} ms | ${screen.view === "month" && screen.readAhead ? `< ${AIM_MS} ms` : "—"} |`,
    );
  }
  await browser.close();

  // The route's own chunk and stylesheet as the build made them (CalendarRoute-<hash>.js, .css), gzipped.
  const assets = join(root, "apps/web/dist/assets");
  const own = readdirSync(assets).filter((file) => /^CalendarRoute-[\w-]+\.(js|css)$/.test(file));
  const chunkBytes = own.reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file))).length, 0);
  const chunk = own.join(" and ");

  console.log(
    `Month of 2,000 events (500 weekly series), ${RUNS - 1} runs after one unmeasured; ${cpus().length} × ${cpus()[0]?.model}\n`,
  );
  console.log("| view | median | p95 | aim |\n| --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  console.log(
    `\nThe calendar route's own chunk and stylesheet (${chunk}): ${(chunkBytes / 1024).toFixed(1)} KB gzipped`,
  );
} finally {
  await app.close();
}
