/**
 * Fair under floods (issue 32): what another signed-in user (admin) gets while a flood runs —
 * their project searches, as the header's dropdown sends them, and a light call (GET
 * /API/EmployeeInfo/), each timed one call at a time, side by side — quiet, then during each of
 * these for BENCH_SECONDS (default 20):
 * - sign-ins: no account, 20 connections of POST /API/Authenticate/ with made-up usernames from
 *   one address;
 * - EmployeeInfo: noperm's GET /API/EmployeeInfo/ on 50 connections;
 * - note writers: 10 accounts, each inserting time notes (POST /API/Insert/) on a connection;
 * - costliest where, 1 account: a count of the notes under core's costliestWhere, 10 connections;
 * - costliest where, 5 accounts: the same, 2 connections each;
 * - 100,000-row loads of notes (`continue`), one account on 2 connections;
 * - statement imports: a finance user importing a 10,000-line statement (every line new) into
 *   one card, 4 connections.
 * The accounts are made through the API as admin (processes.ts, makeAccounts) and all signed in
 * before the first flood: after the sign-in flood the address is over its limit for 15 minutes.
 * One server per engine takes every flood in turn, each once the server has settled (admin's
 * calls answer fast again: a flood's calls in flight run on after its clients are gone).
 *
 * Prints one Markdown row per engine and flood. Its last column is the bench's own event-loop
 * delay (autocannon runs in this process): a large one means the generator itself held the
 * timed calls. On PostgreSQL (DATABASE_URL, or an already seeded BENCH_SEEDED_URL) and PGlite,
 * the demo company at BENCH_SCALE (default 14) or, for PGlite, BENCH_PGLITE_SCALE
 * (processes.ts, onSeededEngines). BENCH_FLOODS=signins,notes,… runs some floods only.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { costliestWhere } from "@office/core";
import autocannon from "autocannon";
import { tokenOf } from "./app.js";
import {
  api,
  BENCH_PASSWORD,
  BIG_LOAD_PATH,
  bearer,
  countsText,
  FINANCE_PAGES,
  makeAccounts,
  noteCountPath,
  onSeededEngines,
  type Probe,
  percentile,
  probe,
  projectSearchPath,
  SEARCH_TERMS,
  STAFF_PAGES,
  startServer,
  statementCsv,
  stop,
  timedCall,
} from "./processes.js";

const scale = Number(process.env.BENCH_SCALE ?? 14);
const pgliteScale = Number(process.env.BENCH_PGLITE_SCALE ?? scale);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const only = process.env.BENCH_FLOODS?.split(",");
const QUIET_SECONDS = 5;
const STATEMENT_LINES = 10_000;
const PORT = 3403;
const base = `http://127.0.0.1:${PORT}`;
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** Who floods: the accounts and what they use, made and signed in before the first flood. */
interface Cast {
  noperm: string;
  writers: string[];
  heavy: string[];
  loader: string;
  finance: string;
  ccID: number;
  projectID: number;
}

/** Connections of one client, all of one account (none: anonymous), sending `request` over and over. */
interface Crowd {
  token?: string;
  connections: number;
  request: autocannon.Request;
}

const json = { "content-type": "application/json" };
/** A POST whose body is made anew for every request (fresh usernames, fresh statement lines). */
const posting = (path: string, body: () => unknown): autocannon.Request => ({
  method: "POST",
  path,
  headers: json,
  setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
});

let made = 0;
const HEAVIEST = noteCountPath(costliestWhere("ProjectNotesDesc"));

const FLOODS: Array<{ key: string; name: string; crowds: (cast: Cast) => Crowd[] }> = [
  {
    key: "signins",
    name: "sign-ins, made-up usernames, no account, 20 connections",
    crowds: () => [
      {
        connections: 20,
        request: posting("/API/Authenticate/", () => ({ username: `nobody${made++}`, password: "guess-again" })),
      },
    ],
  },
  {
    key: "info",
    name: "noperm's EmployeeInfo, 50 connections",
    crowds: (cast) => [{ token: cast.noperm, connections: 50, request: { method: "GET", path: "/API/EmployeeInfo/" } }],
  },
  {
    key: "notes",
    name: "10 note writers, 1 connection each",
    crowds: (cast) =>
      cast.writers.map((token) => ({
        token,
        connections: 1,
        request: posting("/API/Insert/", () => ({
          table: "tblProjectNotes",
          fields: { projectID: cast.projectID, ProjectNotesMinutes: 15, ProjectNotesDesc: `Flood note ${made++}` },
        })),
      })),
  },
  {
    key: "where1",
    name: "costliest where, 1 account, 10 connections",
    crowds: (cast) => [{ token: cast.heavy[0], connections: 10, request: { method: "GET", path: HEAVIEST } }],
  },
  {
    key: "where5",
    name: "costliest where, 5 accounts, 2 connections each",
    crowds: (cast) =>
      cast.heavy.slice(1).map((token) => ({ token, connections: 2, request: { method: "GET", path: HEAVIEST } })),
  },
  {
    key: "loads",
    name: "100,000-row loads, 1 account, 2 connections",
    crowds: (cast) => [{ token: cast.loader, connections: 2, request: { method: "GET", path: BIG_LOAD_PATH } }],
  },
  {
    key: "imports",
    name: `${STATEMENT_LINES.toLocaleString("en-US")}-line statement imports, 4 connections`,
    crowds: (cast) => [
      {
        token: cast.finance,
        connections: 4,
        request: posting("/API/CreditCard/Statements", () => ({
          ccID: cast.ccID,
          fileName: "flood.csv",
          csv: statementCsv(STATEMENT_LINES, `F${made++}`),
          preview: false,
        })),
      },
    ],
  },
];

/** Every crowd at once for `seconds`: the flood's answers by status, and its clients' timeouts and other errors. */
async function unleash(crowds: Crowd[]): Promise<Record<string, number>> {
  const results = await Promise.all(
    crowds.map((crowd) =>
      autocannon({
        url: base,
        connections: crowd.connections,
        duration: seconds,
        // A statement import or a load may take many seconds: a slow answer is not the client's error.
        timeout: 60,
        headers: crowd.token ? bearer(crowd.token) : {},
        requests: [crowd.request],
      }),
    ),
  );
  const counts: Record<string, number> = {};
  const add = (key: string, n: number) => {
    if (n > 0) counts[key] = (counts[key] ?? 0) + n;
  };
  for (const result of results) {
    for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) add(status, count ?? 0);
    add("timeout", result.timeouts);
    add("error", result.errors - result.timeouts);
  }
  return counts;
}

/** Admin's searches (the fragments in turn) and light calls, side by side until `until`. */
const watch = (admin: Record<string, string>, until: number) =>
  Promise.all([
    probe(base, SEARCH_TERMS.map(projectSearchPath), admin, until),
    probe(base, ["/API/EmployeeInfo/"], admin, until),
  ]);

/**
 * Waits until what a flood left running is done: admin's search and light call each answer 200
 * within 250 ms three rounds in a row (at most a minute, then measures anyway).
 */
async function settle(admin: Record<string, string>): Promise<void> {
  const started = Date.now();
  const fast = async (path: string) => {
    const { ms, status } = await timedCall(base, path, admin);
    return status === "200" && ms < 250;
  };
  for (let inARow = 0; inARow < 3 && Date.now() - started < 60_000; ) {
    const both = await Promise.all([fast(projectSearchPath(SEARCH_TERMS[0] as string)), fast("/API/EmployeeInfo/")]);
    inARow = both.every(Boolean) ? inARow + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  progress(`  settled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const columns = (p: Probe) => {
  const { 503: unavailable = 0, ...others } = p.failures;
  return [
    p.ms.length,
    percentile(p.ms, 0.5).toFixed(0),
    percentile(p.ms, 0.99).toFixed(0),
    Math.max(...p.ms).toFixed(0),
    unavailable,
    countsText(others),
  ].join(" | ");
};

/** The accounts of every flood, made and signed in; a card for the finance user; a project to note time on. */
async function castFor(adminToken: string): Promise<Cast> {
  const signIn = (account: { username: string }) => tokenOf(base, account.username, BENCH_PASSWORD);
  const staff = await makeAccounts(base, adminToken, "flood", 17, STAFF_PAGES);
  const [finance] = await makeAccounts(base, adminToken, "finance", 1, FINANCE_PAGES);
  if (!finance) throw new Error("no finance account");
  const tokens: string[] = [];
  for (const account of staff) tokens.push(await signIn(account));
  const { id: ccID } = await api<{ id: number }>(base, adminToken, "POST", "/API/Insert/", {
    table: "tblCC",
    fields: { ccName: "Flood statements", ccLastFour: "4242", empID: finance.empID, ccMonthlyLimit: 10000 },
  });
  const found = await api<{ data: Array<{ projectID: number }> }>(
    base,
    adminToken,
    "GET",
    projectSearchPath(SEARCH_TERMS[0] as string),
  );
  return {
    noperm: await tokenOf(base, "noperm"),
    writers: tokens.slice(0, 10),
    heavy: tokens.slice(10, 16),
    loader: tokens[16] as string,
    finance: await signIn(finance),
    ccID,
    projectID: found.data[0]?.projectID ?? 1,
  };
}

async function measure(engine: string, env: Record<string, string>) {
  const app = await startServer(env, PORT);
  try {
    const adminToken = await tokenOf(base, "admin");
    const admin = bearer(adminToken);
    progress(`${engine}: making the flood's accounts`);
    const cast = await castFor(adminToken);
    const [search, light] = await watch(admin, Date.now() + QUIET_SECONDS * 1000);
    console.log(`| ${engine} | none (quiet, ${QUIET_SECONDS} s) | ${columns(search)} | ${columns(light)} | — | — |`);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    for (const flood of FLOODS.filter((f) => !only || only.includes(f.key))) {
      await settle(admin);
      progress(`${engine}: ${flood.name}`);
      lag.reset();
      lag.enable();
      const [answers, [search, light]] = await Promise.all([
        unleash(flood.crowds(cast)),
        watch(admin, Date.now() + seconds * 1000),
      ]);
      lag.disable();
      const lagP99 = (lag.percentile(99) / 1e6).toFixed(0);
      console.log(
        `| ${engine} | ${flood.name} | ${columns(search)} | ${columns(light)} | ${countsText(answers)} | ${lagP99} |`,
      );
    }
  } finally {
    await stop(app);
  }
}

console.log(
  `floods: admin's project searches and EmployeeInfo, one call at a time, beside each flood for ${seconds} s (scale ${scale}, PGlite ${pgliteScale})

| engine | flood | searches | p50 ms | p99 ms | max ms | 503 | other not 200 | light calls | p50 ms | p99 ms | max ms | 503 | other not 200 | the flood's answers | bench's loop delay p99 ms |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
);
await onSeededEngines({ postgres: scale, pglite: pgliteScale }, measure);
