/**
 * Selects that search on the server (issue 17), in Chromium: for each, the time from the click
 * that opens it to its first option (its first rows, asked when it opens), and from the call a
 * typed term sends (after the 500 ms pause of spec 5) to the first option that holds the term;
 * the header's project search has only the second. Signed in as `admin` on a fresh PGlite
 * directory with the demo company at BENCH_SCALE (default 20: 60,000 projects, 8,000 clients,
 * 800 master clients), seeded by the seed command. BENCH_RUNS runs of each (default 15), each
 * on a newly loaded page (nothing cached in the app), after one warm-up run of each.
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { cpus, totalmem } from "node:os";
import type { Page } from "puppeteer-core";
import { launchChromium, signIn, startApp, tokenOf } from "./app.js";
import { median, percentile } from "./processes.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SCALE = Number(process.env.BENCH_SCALE ?? 20);
const WAIT_MS = 10_000;
const progress = (line: string) => process.stderr.write(`${line}\n`);

interface Select {
  name: string;
  /** Loads the page and answers the box (with anything the box needs first done). */
  open: (page: Page, base: string) => Promise<void>;
  box: string;
  /** The table or view the box asks. */
  table: string;
  /** Opened, it lists its first rows (a select); without, it only searches what is typed. */
  browse: boolean;
  term: string;
}

const aria = (name: string) => `::-p-aria([name="${name}"][role="textbox"])`;
const load = (path: string) => async (page: Page, base: string) => {
  await page.goto(`${base}${path}`, { waitUntil: "domcontentloaded" });
};

/** A portal order whose client has contacts (found before the runs), opened in its dialog. */
let orderNumber = "";
async function openOrder(page: Page, base: string) {
  await load("/webapp/project/po")(page, base);
  const search = await page.waitForSelector(aria("Search Portal Orders"));
  await search?.type(orderNumber);
  const row = 'table[aria-label="Portal Orders"] tbody tr[tabindex]';
  await page.waitForFunction((s) => document.querySelectorAll(s).length === 1, {}, row);
  await page.click(row);
}

const SELECTS: Select[] = [
  {
    name: "header: project search",
    open: load("/webapp/"),
    box: '::-p-aria([name="Project search"])',
    table: "vwProjectSearch",
    browse: false,
    term: "Riverside Hotel",
  },
  {
    name: "project: Client",
    open: load("/webapp/project/de"),
    box: aria("Client"),
    table: "tblClient",
    browse: true,
    term: "Harbor",
  },
  {
    name: "project: Owner (employees)",
    open: load("/webapp/project/de"),
    box: aria("Owner"),
    table: "vwEmployeeDirectory",
    browse: true,
    term: "Chen",
  },
  {
    name: "client: Master Client",
    open: load("/webapp/client/de"),
    box: aria("Master Client"),
    table: "tblMasterClient",
    browse: true,
    term: "Group",
  },
  {
    name: "portal order: Contact (within its client)",
    open: openOrder,
    box: aria("Contact"),
    table: "tblClientContact",
    browse: true,
    term: ".",
  },
  {
    name: "notes search: Project",
    open: load("/webapp/project/pn"),
    box: aria("Project"),
    table: "vwProjectSearch",
    browse: true,
    term: "Granite Bay",
  },
];

/**
 * In-page script, installed before any of the app's: `benchOption(table, term, since)` resolves,
 * once a call to `table` sent after `since` (with `term` in its where, when given) is answered,
 * at the first visible option (holding the term) on the page's clock; null after WAIT_MS. The
 * last pointerdown and input are noted as the starts. Text, so the bundler's helpers stay out.
 */
const watcher = `(() => {
  addEventListener("pointerdown", () => { window.benchPointer = performance.now(); }, true);
  addEventListener("input", () => { window.benchInput = performance.now(); }, true);
  window.benchOption = (table, term, since) => new Promise((resolve) => {
    const call = () => performance.getEntriesByType("resource").find((e) => {
      if (!e.name.includes("/API/Query/?") || e.startTime < since || e.responseEnd === 0) return false;
      const params = new URL(e.name).searchParams;
      return params.get("table") === table && (!term || (params.get("where") || "").includes(term));
    });
    const check = () => {
      const answered = call();
      if (!answered) return;
      const option = Array.from(document.querySelectorAll('[role="listbox"] [role="option"]')).find(
        (o) => o.checkVisibility() && (!term || o.textContent.includes(term)));
      if (!option) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve({ shown: performance.now(), sent: answered.startTime, answered: answered.responseEnd });
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, ${WAIT_MS});
    check();
  });
})()`;

interface Shown {
  shown: number;
  sent: number;
  answered: number;
}

// No option in time (NaN survives no trip out of the page, so it is put in here).
const NONE: Shown = { shown: Number.NaN, sent: Number.NaN, answered: Number.NaN };

interface Run {
  /** Opening: from the click to the first option, and its call's time on the network. */
  opened?: { shown: number; call: number };
  /** Typing: from the call sent to the first option with the term, the call, and from the last key. */
  typed: { shown: number; call: number; afterKey: number };
}

/** One run of a select: the page loaded, the box opened (if it lists), then the term typed. */
async function run(page: Page, base: string, select: Select): Promise<Run> {
  await select.open(page, base);
  const box = await page.waitForSelector(select.box, { visible: true });
  if (!box) throw new Error(`${select.name}: no box`);
  // Until the page's own calls are answered, a select's call would queue behind them on PGlite.
  await page.waitForNetworkIdle({ idleTime: 200, concurrency: 1, timeout: 60_000 });
  const now = () => page.evaluate(() => performance.now());
  let opened: Run["opened"];
  const since = await now();
  if (select.browse) {
    const shown = page.evaluate((t, s) => window.benchOption(t, "", s), select.table, since);
    await box.click();
    const result = (await shown) ?? NONE;
    const start = await page.evaluate(() => window.benchPointer);
    opened = { shown: result.shown - start, call: result.answered - result.sent };
  } else {
    await box.click();
  }
  const typing = page.evaluate((t, term, s) => window.benchOption(t, term, s), select.table, select.term, await now());
  // A box that holds a value shows its name: typed over, not after.
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.type(select.term);
  const result = (await typing) ?? NONE;
  const lastKey = await page.evaluate(() => window.benchInput);
  return {
    ...(opened ? { opened } : {}),
    typed: { shown: result.shown - result.sent, call: result.answered - result.sent, afterKey: result.shown - lastKey },
  };
}

declare global {
  interface Window {
    benchPointer: number;
    benchInput: number;
    benchOption: (table: string, term: string, since: number) => Promise<Shown | null>;
  }
}

const figures = (times: number[]) => {
  const done = times.filter(Number.isFinite);
  if (done.length === 0) return "no option";
  const missed = times.length - done.length;
  return `${median(done).toFixed(0)} ms (p90 ${percentile(done, 0.9).toFixed(0)} ms)${missed ? `, ${missed} runs no option in ${WAIT_MS / 1000} s` : ""}`;
};
const ms = (times: number[]) =>
  times.some(Number.isFinite) ? `${median(times.filter(Number.isFinite)).toFixed(0)} ms` : "—";

progress(`scale ${SCALE}: seeding and starting`);
const started = performance.now();
const app = await startApp("selects", 3560, SCALE);
progress(`ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
const browser = await launchChromium();
const lines: string[] = [];
try {
  const token = await tokenOf(app.base, "admin");
  const orders = await fetch(
    `${app.base}/API/Query/?table=tblPortalOrder&fields=portalOrderNumber&where=${encodeURIComponent("contactID IS NOT NULL")}&order=portalOrderID&rowLimit=1`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  orderNumber =
    ((await orders.json()) as { data: Array<{ portalOrderNumber: string }> }).data[0]?.portalOrderNumber ?? "";
  const page = await browser.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  await signIn(page, app.base, "admin");
  await page.evaluateOnNewDocument(watcher);
  for (const select of SELECTS) await run(page, app.base, select);
  const runs = SELECTS.map(() => [] as Run[]);
  for (let i = 0; i < RUNS; i++) {
    progress(`run ${i + 1} of ${RUNS}`);
    // Each select in turn, so a slow spell of the machine touches all alike.
    for (const [n, select] of SELECTS.entries()) runs[n]?.push(await run(page, app.base, select));
  }
  for (const [n, select] of SELECTS.entries()) {
    const r = runs[n] ?? [];
    const opened = r.flatMap((x) => (x.opened ? [x.opened] : []));
    const open = select.browse ? `${figures(opened.map((x) => x.shown))} (call ${ms(opened.map((x) => x.call))})` : "—";
    const typed = r.map((x) => x.typed);
    lines.push(
      `| ${select.name} | ${open} | "${select.term}" | ${figures(typed.map((x) => x.shown))} (call ${ms(typed.map((x) => x.call))}) | ${ms(typed.map((x) => x.afterKey))} |`,
    );
  }
} finally {
  await browser.close();
  await app.close();
}

console.log(
  `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${new Date().toISOString().slice(0, 10)}; scale ${SCALE}; ${RUNS} runs of each select after a warm-up\n`,
);
console.log(
  "| select | click → first option, median (p90) | typed | call sent → first option with the term, median (p90) | last key → that option (with the 500 ms pause), median |\n| --- | --- | --- | --- | --- |",
);
for (const line of lines) console.log(line);
