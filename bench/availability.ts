/**
 * The avatar panel and time notes in Chromium: panel open → colleagues' table painted with the
 * demo company's 80 employees and with 2,000; a status change in one browser → seen in another
 * (one server on PGlite, and two server processes on one PostgreSQL when DATABASE_URL is set);
 * the time-note dialog's Insert → the header's hours refreshed.
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { openDatabase } from "../apps/server/dist/db/database.js";
import { median, root, startProcess, stop } from "./processes.js";

const rows: Array<[string, string, string]> = [];
const progress = (line: string) => process.stderr.write(`${line}\n`);
const RUNS = 20;

async function tokenOf(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/API/Authenticate/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo" }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A page signed in as `username` in a browser context of its own, on the home page with its shell loaded. */
async function signedIn(browser: Browser, base: string, username: string): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1400, height: 940 });
  const token = await tokenOf(base, username);
  await page.evaluateOnNewDocument((t) => localStorage.setItem("office.token", t), token);
  await page.goto(`${base}/webapp/`);
  // The avatar names the user's status once the colleagues' list is in.
  await page.waitForSelector('button[aria-label*="availability and settings ("]', { timeout: 30_000 });
  return page;
}

const AVATAR = 'button[aria-label*="availability and settings"]';
const TABLE = 'table[aria-label="Colleagues\' availability"]';

/**
 * In-page script (text, so the bundler's helpers stay out of it): from the next pointer entering
 * the avatar until the table holds `rows` people and two frames later, when it is painted.
 */
const watchPanel = (people: number) => `
  window.panelOpen = new Promise((resolve) => {
    let start = 0;
    document.querySelector(${JSON.stringify(AVATAR)}).addEventListener("mouseover", () => { start = performance.now(); }, { once: true });
    const done = () => {
      const table = document.querySelector(${JSON.stringify(TABLE)});
      return table && table.querySelectorAll('button[aria-label^="About "]').length >= ${people};
    };
    const observer = new MutationObserver(() => {
      if (!start || !done()) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    });
    observer.observe(document.body, { subtree: true, childList: true });
  });
  undefined;`;

/** Milliseconds from hovering the avatar to the painted table, `runs` times (the panel closed between). */
async function panelOpenMs(page: Page, people: number, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.mouse.move(10, 600);
    await page.waitForSelector(TABLE, { hidden: true });
    await page.evaluate(watchPanel(people));
    await page.hover(AVATAR);
    times.push(Number(await page.evaluate("window.panelOpen")));
  }
  await page.mouse.move(10, 600);
  return times;
}

/** The number of people in a user's own department in the availability list. */
async function ownDepartmentSize(base: string, username: string, empDepartment: number): Promise<number> {
  const token = await tokenOf(base, username);
  const url = `${base}/API/Query/?${new URLSearchParams({ table: "vwEmployeeAvailability", fields: "empID", where: `empDepartment = ${empDepartment}` })}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { meta: { TotalRecords: number } }).meta.TotalRecords;
}

/**
 * Milliseconds from a click on the switch in one page to the new status in the other page's
 * table (polled on every mutation there), alternating Break and In.
 */
async function liveChangeMs(from: Page, to: Page, runs: number): Promise<number[]> {
  await to.hover(AVATAR);
  await to.waitForSelector(TABLE);
  // Sam Taylor works in Accounting: open that department in the watching panel.
  await to.evaluate(
    `Array.from(document.querySelectorAll(${JSON.stringify(`${TABLE} button[aria-expanded=false]`)})).find((b) => b.textContent.startsWith("Accounting ("))?.click()`,
  );
  await from.hover(AVATAR);
  await from.waitForSelector(TABLE);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const status = i % 2 === 0 ? "Break" : "In";
    const seen = to.waitForFunction(
      `Array.from(document.querySelectorAll(${JSON.stringify(`${TABLE} tr`)})).some((tr) => tr.cells[0]?.textContent?.startsWith("Taylor, Sam") && tr.cells[2]?.textContent === ${JSON.stringify(status)})`,
      { polling: "mutation", timeout: 10_000 },
    );
    const label = await from.waitForSelector(`::-p-aria(My availability[role="radiogroup"]) ::-p-text(${status})`);
    const start = performance.now();
    await label?.click();
    await seen;
    times.push(performance.now() - start);
  }
  return times;
}

/** Milliseconds from Insert in the time-note dialog to the header's hours showing the new total. */
async function noteToHoursMs(page: Page, runs: number): Promise<number[]> {
  const times: number[] = [];
  const hours = 'button[aria-label^="Logged hours: "]';
  for (let i = 0; i < runs; i++) {
    const before = await page.$eval(hours, (b) => b.getAttribute("aria-label"));
    await (await page.waitForSelector('::-p-aria(Project Notes[role="button"])'))?.click();
    const project = await page.waitForSelector('::-p-aria(Project[role="textbox"])');
    await project?.type("3000");
    await (await page.waitForSelector('[role="option"]'))?.click();
    const charged = await page.waitForSelector("::-p-aria(Charged Time)");
    await charged?.select("15");
    const insert = await page.waitForSelector('::-p-aria(Insert[role="button"])');
    const start = performance.now();
    await insert?.click();
    await page.waitForFunction(
      `document.querySelector(${JSON.stringify(hours)})?.getAttribute("aria-label") !== ${JSON.stringify(before)}`,
      { polling: "mutation", timeout: 10_000 },
    );
    times.push(performance.now() - start);
    await page.waitForSelector('[role="dialog"][aria-modal="true"]', { hidden: true });
  }
  return times;
}

/** Adds employees with view on page 42 (so in the list) across the demo departments, up to `total`. */
async function growCompany(run: (statement: string) => Promise<unknown>, total: number) {
  await run(`insert into "tblEmployee" ("empFirstName", "empLastName", "empActive", "empDepartment",
      "empOfficeExtention", "empOfficeHoursMo", "empOfficeHoursTu", "empOfficeHoursWe", "empOfficeHoursTh",
      "empOfficeHoursFr", "empAvailabilityType", "empAvailabilityTS")
    select 'Bench', 'Person ' || n, 1, 136 + n % 8, (1000 + n)::text,
      '9:00 AM - 5:00 PM', '9:00 AM - 5:00 PM', '9:00 AM - 5:00 PM', '9:00 AM - 5:00 PM', '9:00 AM - 5:00 PM',
      (array['In', 'Break', 'Out'])[1 + n % 3], now() - n * interval '1 minute'
    from generate_series(1, ${total} - (select count(*) from "vwEmployeeAvailability")) n`);
  await run(`insert into "tblPermission" ("empID", "permissionPageID", "permissionView", "permissionAdd",
      "permissionChange", "permissionDel")
    select "empID", 42, 1, 0, 0, 0 from "tblEmployee" e
    where "empFirstName" = 'Bench' and not exists (select 1 from "tblPermission" p where p."empID" = e."empID" and p."permissionPageID" = 42)`);
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${median(times).toFixed(0)} ms (p90 ${sorted[Math.floor(sorted.length * 0.9)]?.toFixed(0)} ms)`;
};

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const dataDir = mkdtempSync(join(tmpdir(), "office-bench-availability-"));
const port = 3510;
const base = `http://127.0.0.1:${port}`;
const pglite = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" };
try {
  // The demo company: 80 employees, some 70 of them in the list.
  let server = await startProcess([join(root, "apps/server/dist/main.js")], pglite, `${base}/readyz`);
  try {
    const admin = await signedIn(browser, base, "admin");
    const own = await ownDepartmentSize(base, "admin", 136);
    progress("panel, demo company");
    rows.push([
      `avatar hovered → colleagues' table painted, demo company (own department ${own} of the list), median of ${RUNS}`,
      summary(await panelOpenMs(admin, own, RUNS)),
      "< 100 ms",
    ]);
    progress("live, one process");
    const staff = await signedIn(browser, base, "staff");
    rows.push([
      `status switched in one browser → seen in another's open panel, one server on PGlite, median of ${RUNS}`,
      summary(await liveChangeMs(staff, admin, RUNS)),
      "< 500 ms",
    ]);
    progress("notes");
    rows.push([
      "time-note dialog Insert → header's hours show the new total, median of 10",
      summary(await noteToHoursMs(staff, 10)),
      "—",
    ]);
    await admin.browserContext().close();
    await staff.browserContext().close();
  } finally {
    await stop(server);
  }

  progress("2,000 employees");
  const database = await openDatabase({
    databaseUrl: undefined,
    dataDir,
    poolSize: 1,
    statementTimeoutMs: 60_000,
    poolAcquireTimeoutMs: 60_000,
    companyTimeZone: "America/New_York",
  });
  await growCompany((statement) => sql.raw(statement).execute(database.db), 2_000);
  await database.close();
  server = await startProcess([join(root, "apps/server/dist/main.js")], pglite, `${base}/readyz`);
  try {
    const admin = await signedIn(browser, base, "admin");
    const own = await ownDepartmentSize(base, "admin", 136);
    rows.push([
      `avatar hovered → colleagues' table painted, 2,000 in the list (own department ${own}), median of ${RUNS}`,
      summary(await panelOpenMs(admin, own, RUNS)),
      "—",
    ]);
    await admin.browserContext().close();
  } finally {
    await stop(server);
  }

  if (process.env.DATABASE_URL) {
    progress("live, two processes on PostgreSQL");
    const name = `office_bench_live_${process.pid}`;
    const adminUrl = process.env.DATABASE_URL;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await run(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const servers = [];
    try {
      for (const p of [3511, 3512]) {
        servers.push(
          await startProcess(
            [join(root, "apps/server/dist/main.js")],
            { PORT: String(p), HOST: "127.0.0.1", DATABASE_URL: url.toString() },
            `http://127.0.0.1:${p}/readyz`,
          ),
        );
      }
      const staff = await signedIn(browser, "http://127.0.0.1:3511", "staff");
      const admin = await signedIn(browser, "http://127.0.0.1:3512", "admin");
      rows.push([
        `status switched in one browser → seen in another's open panel, two server processes on one PostgreSQL, median of ${RUNS}`,
        summary(await liveChangeMs(staff, admin, RUNS)),
        "< 500 ms",
      ]);
    } finally {
      for (const server of servers) await stop(server);
      await run(`drop database if exists ${name} with (force)`);
    }
  }
} finally {
  await browser.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log("| measure | result | aim |\n| --- | --- | --- |");
for (const [measure, result, aim] of rows) console.log(`| ${measure} | ${result} | ${aim} |`);
