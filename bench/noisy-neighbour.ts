/**
 * A noisy neighbour: `staff` sends the heaviest reads the API allows with 10 connections (a
 * million-note count under the longest LIKE the grammar takes, and 100,000-row loads with
 * `continue`), while another user's light call (`admin`'s GET /API/EmployeeInfo/) and
 * /healthz are timed, one at a time, every 50 ms. Prints the light calls' latencies and
 * statuses, and what the neighbour got (200, 429, 503). On PostgreSQL (DATABASE_URL, or an
 * already seeded BENCH_SEEDED_URL) and on PGlite; the demo company at BENCH_SCALE (default 20)
 * or, for PGlite, BENCH_PGLITE_SCALE (default BENCH_SCALE). BENCH_ONLY_COUNT=1 leaves the
 * 100,000-row loads out (the count alone); BENCH_WHERE=heaviest counts under 32 such LIKEs.
 */
import { costliestWhere } from "@office/core";
import autocannon from "autocannon";
import {
  BIG_LOAD_PATH,
  demoToken,
  noteCountPath,
  onSeededEngines,
  type Probe,
  percentile,
  probe,
  startServer,
  stop,
} from "./processes.js";

const scale = Number(process.env.BENCH_SCALE ?? 20);
const pgliteScale = Number(process.env.BENCH_PGLITE_SCALE ?? scale);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3402;
const base = `http://127.0.0.1:${PORT}`;

const tokenOf = (username: string) => demoToken(base, username);

// The most a LIKE may cost: eight wildcards (the grammar's limit). BENCH_WHERE=heaviest: the most a
// where may cost, 32 of them (seconds per call over a large company's notes: the read's budget stops it).
const COSTLIEST_LIKE = "ProjectNotesDesc LIKE '%a%e%i%o%u%r%s%'";
const HEAVIEST_WHERE = costliestWhere("ProjectNotesDesc");
const HEAVY = [
  noteCountPath(process.env.BENCH_WHERE === "heaviest" ? HEAVIEST_WHERE : COSTLIEST_LIKE),
  ...(process.env.BENCH_ONLY_COUNT ? [] : [BIG_LOAD_PATH]),
];

const figures = (p: Probe) =>
  `${p.ms.length} | ${percentile(p.ms, 0.5).toFixed(0)} | ${percentile(p.ms, 0.99).toFixed(0)} | ${Math.max(...p.ms).toFixed(0)} | ${JSON.stringify(p.failures)}`;

async function measure(engine: string, env: Record<string, string>) {
  const app = await startServer(env, PORT);
  try {
    const staff = { authorization: `Bearer ${await tokenOf("staff")}` };
    const admin = { authorization: `Bearer ${await tokenOf("admin")}` };
    const quiet = await probe(base, ["/API/EmployeeInfo/"], admin, Date.now() + 2_000);
    const until = Date.now() + seconds * 1000;
    const noise = autocannon({
      url: base,
      connections: 10,
      duration: seconds,
      headers: staff,
      requests: HEAVY.map((path) => ({ method: "GET" as const, path })),
    });
    const [light, health, heavy] = await Promise.all([
      probe(base, ["/API/EmployeeInfo/"], admin, until),
      probe(base, ["/healthz"], {}, until),
      noise,
    ]);
    const statuses = Object.entries(heavy.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(", ");
    console.log(`| ${engine} | admin's EmployeeInfo, quiet | ${figures(quiet)} | — |`);
    console.log(`| ${engine} | admin's EmployeeInfo, beside the neighbour | ${figures(light)} | ${statuses} |`);
    console.log(`| ${engine} | /healthz, beside the neighbour | ${figures(health)} | ${statuses} |`);
  } finally {
    await stop(app);
  }
}

console.log(
  `noisy neighbour: staff's heaviest reads with 10 connections for ${seconds} s\n\n| engine | timed call | calls | p50 ms | p99 ms | max ms | not 200 | the neighbour's answers |\n| --- | --- | --- | --- | --- | --- | --- | --- |`,
);
await onSeededEngines({ postgres: scale, pglite: pgliteScale }, measure);
