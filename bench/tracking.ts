/**
 * The tracking run (issue 36), measured as a user gets it: 5,000 open parcels (half UPS, half
 * FedEx) tracked against local fakes of the carriers' APIs that answer in 60–140 ms and hold
 * FedEx's allowance (1,400 calls per 10 s, a 429 past it): the run's time, the server's peak
 * memory, and what a colleague waits meanwhile (a project search and the shipments list, one
 * call every 50 ms; aim p99 < 250 ms). Then a project's Shipments tab with 200 parcels (its
 * first page with the total through the API, and the page in Chromium as a desktop and as a
 * phone shows it), and the recognition of pasted text: 10,000 lines holding 500
 * numbers (the most taken at once), and 10,000 numbers refused. On the engines BENCH_ENGINES
 * names (both by default), the demo company at scale 1. Prints Markdown for bench/RESULTS.md.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { OPERATIONS } from "@office/core";
import { readPastedTrackingNumbers } from "@office/core/tracking";
import { fedexNumber, upsNumber } from "../apps/server/src/db/seed/demo-shipments.js";
import { fakeCarriers } from "../apps/server/test/support/fake-carriers.js";
import { launchChromium, signIn } from "./app.js";
import {
  api,
  bearer,
  demoToken,
  median,
  onSeededEngines,
  type Probe,
  percentile,
  probe,
  projectSearchPath,
  queryPath,
  root,
  startServer,
  stop,
  timedCall,
} from "./processes.js";

const PARCELS = Number(process.env.BENCH_PARCELS ?? 5_000);
const ON_ONE_PROJECT = 200;
const PORT = 3560;
const FEDEX_CALLS = 1_400;
const FEDEX_WINDOW_MS = 10_000;
const progress = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stats = (ms: number[]) => `${median(ms).toFixed(1)} / ${percentile(ms, 0.99).toFixed(1)} ms`;

/** Peak resident memory of a process (Linux: VmHWM), in MB. */
function peakMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
}

const rows: string[] = [];

async function main() {
  const fake = await fakeCarriers();
  // Latency as a carrier's, and FedEx's allowance held: past it, a 429 asking to wait a second.
  const fedexCalls: number[] = [];
  let refused = 0;
  fake.answer(async (call) => {
    await sleep(60 + Math.random() * 80);
    if (call.carrier !== "FEDEX" || call.kind !== "track") return undefined;
    const now = Date.now();
    while (fedexCalls.length && (fedexCalls[0] as number) <= now - FEDEX_WINDOW_MS) fedexCalls.shift();
    if (fedexCalls.length >= FEDEX_CALLS) {
      refused++;
      return { status: 429, headers: { "retry-after": "1" }, json: { errors: [{ code: "TOO.MANY.REQUESTS" }] } };
    }
    fedexCalls.push(now);
    return undefined;
  });
  const { ups, fedex } = fake.settings();
  const carrierEnv = {
    UPS_CLIENT_ID: ups.clientId,
    UPS_CLIENT_SECRET: ups.clientSecret,
    UPS_API_URL: ups.baseUrl,
    FEDEX_CLIENT_ID: fedex.clientId,
    FEDEX_CLIENT_SECRET: fedex.clientSecret,
    FEDEX_API_URL: fedex.baseUrl,
    TRACKING_DEMO: "0",
    JOBS_RUNNER: "false",
    TRACKING_WAIT_MS: "600000",
    CARRIER_TIMEOUT_MS: "15000",
  };
  try {
    await onSeededEngines({ postgres: 1, pglite: 1 }, async (engine, env) => {
      const base = `http://127.0.0.1:${PORT}`;
      const server = await startServer({ ...env, ...carrierEnv }, PORT);
      try {
        const admin = await demoToken(base, "admin");
        const staff = await demoToken(base, "staff");
        progress(`${engine}: adding ${PARCELS} open parcels`);
        const added = await addParcels(base, admin);
        const pid = server.pid as number;
        const before = peakMb(pid);
        // A colleague's searches, and the shipments list, while the run goes on.
        let running = true;
        const run = (async () => {
          const started = performance.now();
          const answer = await api<{ asked: number; updated: number; failed: number }>(
            base,
            admin,
            "GET",
            OPERATIONS.trackShipments.path,
          );
          running = false;
          return { ms: performance.now() - started, answer };
        })();
        const probes: Probe[] = [];
        const until = Date.now() + 600_000;
        const watch = async (paths: string[], token: string) => {
          const result: Probe = { ms: [], failures: {} };
          while (running && Date.now() < until) {
            const one = await probe(base, paths, bearer(token), Date.now() + 1_000);
            result.ms.push(...one.ms);
            Object.assign(result.failures, one.failures);
          }
          probes.push(result);
        };
        const searches = ["Oak Hill", "Medical", "Library", "Harbor", "Roof"].map((term) => projectSearchPath(term));
        const list = [queryPath({ table: "vwShipmentList", order: "createdTS DESC", rowLimit: "50" })];
        const [{ ms, answer }] = await Promise.all([run, watch(searches, staff), watch(list, admin)]);
        const peak = peakMb(pid);
        rows.push(
          `| ${engine} | tracking run over ${added} open parcels (UPS one a call, FedEx 30) | ${(ms / 1000).toFixed(1)} s; ${answer.asked} asked, ${answer.updated} updated, ${answer.failed} failed; FedEx 429s ${refused} | server peak ${before.toFixed(0)} → ${peak.toFixed(0)} MB |`,
        );
        rows.push(
          `| ${engine} | meanwhile, a colleague's project search (${probes[0]?.ms.length} calls) | p50 / p99 ${stats(probes[0]?.ms ?? [])} | failures ${JSON.stringify(probes[0]?.failures)} |`,
        );
        rows.push(
          `| ${engine} | meanwhile, the shipments list's first page (${probes[1]?.ms.length} calls) | p50 / p99 ${stats(probes[1]?.ms ?? [])} | failures ${JSON.stringify(probes[1]?.failures)} |`,
        );
        const tab = queryPath({
          table: "vwShipmentList",
          where: "projectID = 1",
          order: "createdTS DESC",
          rowLimit: "50",
        });
        const times: number[] = [];
        for (let i = 0; i < 120; i++) {
          const { ms: one, status, text } = await timedCall(base, tab, bearer(admin));
          if (status !== "200") throw new Error(`${status}: ${text.slice(0, 200)}`);
          if (i >= 20) times.push(one);
        }
        rows.push(
          `| ${engine} | a project's Shipments tab, ${ON_ONE_PROJECT} parcels: first 50 with the total | p50 / p99 ${stats(times)} | 100 calls after 20 |`,
        );
        for (const profile of PROFILES) {
          const loads = await tabInBrowser(base, profile);
          rows.push(
            `| ${engine} | the project's page opened on its Shipments tab in Chromium, ${profile.name}: its parcels' count and first rows shown | median ${median(loads).toFixed(0)} ms, p90 ${percentile(loads, 0.9).toFixed(0)} ms | ${loads.length} loads after 1, cached |`,
          );
        }
      } finally {
        await stop(server);
      }
    });
  } finally {
    await fake.close();
  }
  recognition();
  console.log(
    `Tracking run (issue 36), ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
  );
  console.log("| engine | what | figures | notes |\n|---|---|---|---|");
  for (const row of rows) console.log(row);
}

/** A desktop, and a phone's screen and layout with its CPU four times slower (Lighthouse's mobile profile). */
const PROFILES = [
  { name: "desktop 1440×900", width: 1440, height: 900, device: "desktop", cpu: 1 },
  { name: "phone 390×844, CPU ÷4", width: 390, height: 844, device: "mobile", cpu: 4 },
] as const;

/** Milliseconds from navigating to the project's Shipments tab to its count and first parcel on screen. */
async function tabInBrowser(base: string, profile: (typeof PROFILES)[number]): Promise<number[]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: profile.width, height: profile.height });
    await page.setCookie({ name: "device", value: profile.device, url: base });
    await signIn(page, base, "admin");
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpu });
    // Any of the project's parcels on screen: its first rows are some of them.
    const numbers = Array.from({ length: ON_ONE_PROJECT }, (_, i) => numberOf(i));
    const ms: number[] = [];
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      await page.goto(`${base}/webapp/project/de?id=1&tab=shipments`, { waitUntil: "domcontentloaded" });
      await page.waitForFunction(
        (all: string[]) => {
          const text = document.body.innerText;
          return /\d[\d,]* records/.test(text) && all.some((number) => text.includes(number));
        },
        { timeout: 60_000 },
        numbers,
      );
      if (i > 0) ms.push(performance.now() - started);
    }
    return ms;
  } finally {
    await browser.close();
  }
}

/** The i-th parcel's number: UPS and FedEx in turn, each valid with its check digit. */
const numberOf = (i: number) =>
  i % 2 === 0 ? upsNumber(`999BB1${String(100_000_000 + i)}`) : fedexNumber(String(80_000_000_000 + i * 7));

/** Open parcels: 200 on project 1, the rest spread over the demo's projects; UPS and FedEx in turn. */
async function addParcels(base: string, token: string): Promise<number> {
  let next = 0;
  let added = 0;
  const one = async () => {
    for (;;) {
      const i = next++;
      if (i >= PARCELS) return;
      const ups = i % 2 === 0;
      const fields = {
        projectID: i < ON_ONE_PROJECT ? 1 : 1 + (i % 2_900),
        trackingNumber: numberOf(i),
        carrier: ups ? "UPS" : "FEDEX",
        deliveryType: 1,
        shippedDate: day(-2),
        promisedDate: day(3),
      };
      await api(base, token, "POST", "/API/Insert/", { table: "tblShipment", fields });
      added++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, one));
  return added;
}

/**
 * Reading pasted text in the browser's place: a packing slip of 10,000 lines with 500 numbers
 * among them (the most added at once; the text within the 200,000 characters taken), and
 * 10,000 numbers refused.
 */
function recognition() {
  const lines: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    lines.push(
      i % 20 === 0
        ? `Package ${i / 20}: ${i % 40 === 0 ? upsNumber(`999AA1${String(100_000_000 + i)}`) : fedexNumber(String(70_000_000_000 + i))}`
        : "Handle with care",
    );
  }
  const text = lines.join("\n");
  const time = (what: () => unknown) => {
    const ms: number[] = [];
    for (let i = 0; i < 11; i++) {
      const started = performance.now();
      what();
      ms.push(performance.now() - started);
    }
    return median(ms.slice(1));
  };
  const read = readPastedTrackingNumbers(text);
  const found = read.ok ? read.numbers.length : 0;
  rows.push(
    `| Node (the browser's work) | 10,000 pasted lines holding ${found} numbers (${(text.length / 1024).toFixed(0)} kB): every number found with its carrier | median ${time(() => readPastedTrackingNumbers(text)).toFixed(1)} ms | 10 runs after 1 |`,
  );
  const many = Array.from({ length: 10_000 }, (_, i) => String(100_000_000_000 + i)).join("\n");
  const refusedMs = time(() => readPastedTrackingNumbers(many));
  rows.push(
    `| Node (the browser's work) | 10,000 numbers pasted at once: refused with its message | median ${refusedMs.toFixed(2)} ms | before any is read |`,
  );
  const assets = join(root, "apps/web/dist/assets");
  const chunk = readdirSync(assets).find((name) => /^tracking-.*\.js$/.test(name));
  if (chunk) {
    const bytes = readFileSync(join(assets, chunk));
    rows.push(
      `| web build | the carriers' formats, a chunk of their own (${chunk.replace(/-[^-]+\.js$/, ".js")}) | ${(statSync(join(assets, chunk)).size / 1024).toFixed(1)} kB, ${(gzipSync(bytes).length / 1024).toFixed(1)} kB gzipped | loaded when a tracking number's box first shows |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
