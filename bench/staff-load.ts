/**
 * A hundred staff at work (issue 32): BENCH_STAFF (default 100) members of staff, each with an
 * account of their own made beforehand through the administrator's API (processes.ts,
 * makeAccounts), use the app for BENCH_SECONDS (default 60) on each engine. Each signs in at a
 * moment of the first 10 s (people arrive, not all in one millisecond), then, thinking
 * 1–3 s before each call, goes round: search projects (the header's dropdown, a name fragment),
 * open one of the projects found (its record by key), log a time note on it, switch their
 * availability (the next of In, Break, Out), read the inbox count (ExecuteQuery
 * pendingApprovalCount). Prints per call its count, p50, p99 and max, and the answers other
 * than 200 by status. On PostgreSQL (DATABASE_URL, or an already seeded BENCH_SEEDED_URL) and
 * PGlite, the demo company at BENCH_SCALE (default 14) or, for PGlite, BENCH_PGLITE_SCALE
 * (processes.ts, onSeededEngines).
 */
import { AVAILABILITY_TYPES, whereEquals } from "@office/core";
import { tokenOf } from "./app.js";
import {
  type Account,
  BENCH_PASSWORD,
  bearer,
  countsText,
  makeAccounts,
  onSeededEngines,
  type Probe,
  percentile,
  projectSearchPath,
  queryPath,
  record,
  SEARCH_TERMS,
  STAFF_PAGES,
  startServer,
  stop,
  timedCall,
} from "./processes.js";

const scale = Number(process.env.BENCH_SCALE ?? 14);
const pgliteScale = Number(process.env.BENCH_PGLITE_SCALE ?? scale);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const staffCount = Number(process.env.BENCH_STAFF ?? 100);
// Arrivals over the first 10 s (a third of a shorter run).
const RAMP_SECONDS = Math.min(10, seconds / 3);
const THINK_MS = { min: 1_000, max: 3_000 };
const PORT = 3404;
const base = `http://127.0.0.1:${PORT}`;
const progress = (line: string) => process.stderr.write(`${line}\n`);

const CALLS = [
  "sign in",
  "search projects",
  "open a project",
  "log a time note",
  "switch availability",
  "inbox count",
] as const;
type Call = (typeof CALLS)[number];
type Tally = Record<Call, Probe>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

/** One member of staff at work: their account, and what they last found and set. */
interface Worker {
  account: Account;
  headers: Record<string, string>;
  projectID?: number;
  availability: number;
}

/** The round of a member of staff: each step is one call, timed into `tally` under its name. */
const ROUND: Array<[Call, (me: Worker) => [string, string?, unknown?] | undefined]> = [
  ["search projects", () => [projectSearchPath(pick(SEARCH_TERMS))]],
  [
    "open a project",
    (me) =>
      me.projectID === undefined
        ? undefined
        : [queryPath({ table: "tblProject", where: whereEquals("projectID", me.projectID) })],
  ],
  [
    "log a time note",
    (me) =>
      me.projectID === undefined
        ? undefined
        : [
            "/API/Insert/",
            "POST",
            {
              table: "tblProjectNotes",
              fields: { projectID: me.projectID, ProjectNotesMinutes: 15, ProjectNotesDesc: "Site visit, bench" },
            },
          ],
  ],
  [
    "switch availability",
    (me) => {
      me.availability = (me.availability + 1) % AVAILABILITY_TYPES.length;
      return [
        "/API/Update/",
        "POST",
        {
          table: "tblEmployee",
          where: whereEquals("empID", me.account.empID),
          fields: { empAvailabilityType: AVAILABILITY_TYPES[me.availability] },
        },
      ];
    },
  ],
  ["inbox count", () => ["/API/ExecuteQuery/", "POST", { query: "pendingApprovalCount" }]],
];

/** Signs in (again after a think, if refused) until `until`; the token, or none. */
async function signIn(account: Account, tally: Tally, until: number): Promise<string | undefined> {
  while (Date.now() < until) {
    const body = { username: account.username, password: BENCH_PASSWORD };
    const { ms, status, text } = await timedCall(base, "/API/Authenticate/", {}, "POST", body);
    record(tally["sign in"], ms, status);
    if (status === "200") return (JSON.parse(text) as { token: string }).token;
    await think();
  }
  return undefined;
}

/** A member of staff's session: arrives within the ramp, signs in, goes round until `until`. */
async function work(account: Account, tally: Tally, until: number): Promise<void> {
  await sleep(Math.random() * RAMP_SECONDS * 1000);
  const token = await signIn(account, tally, until);
  if (!token) return;
  const me: Worker = { account, headers: bearer(token), availability: 0 };
  for (let step = 0; ; step++) {
    await think();
    if (Date.now() >= until) return;
    const [name, next] = ROUND[step % ROUND.length] as (typeof ROUND)[number];
    const call = next(me);
    if (!call) continue;
    const [path, method, body] = call;
    const { ms, status, text } = await timedCall(base, path, me.headers, method, body);
    record(tally[name], ms, status);
    // The project to open and note time on: one the search found.
    if (name === "search projects" && status === "200") {
      const found = (JSON.parse(text) as { data: Array<{ projectID: number }> }).data;
      if (found.length) me.projectID = pick(found).projectID;
    }
  }
}

async function measure(engine: string, env: Record<string, string>) {
  const app = await startServer(env, PORT);
  try {
    const making = Date.now();
    const accounts = await makeAccounts(base, await tokenOf(base, "admin"), "staff", staffCount, STAFF_PAGES);
    progress(`${engine}: ${staffCount} accounts made in ${((Date.now() - making) / 1000).toFixed(1)} s`);
    progress(`${engine}: ${staffCount} staff at work for ${seconds} s`);
    const tally = Object.fromEntries(CALLS.map((call) => [call, { ms: [], failures: {} }])) as unknown as Tally;
    const until = Date.now() + seconds * 1000;
    await Promise.all(accounts.map((account) => work(account, tally, until)));
    const errors: Record<string, number> = {};
    for (const call of CALLS) {
      const { ms, failures } = tally[call];
      for (const [status, n] of Object.entries(failures)) errors[status] = (errors[status] ?? 0) + n;
      const times = ms.length ? [percentile(ms, 0.5), percentile(ms, 0.99), Math.max(...ms)] : [];
      console.log(
        `| ${engine} | ${call} | ${ms.length} | ${times.map((t) => t.toFixed(0)).join(" | ") || "— | — | —"} | ${countsText(failures)} |`,
      );
    }
    console.log(`| ${engine} | every call, not 200 | | | | | ${countsText(errors)} |`);
  } finally {
    await stop(app);
  }
}

console.log(
  `${staffCount} staff for ${seconds} s, thinking ${THINK_MS.min / 1000}–${THINK_MS.max / 1000} s between calls (scale ${scale}, PGlite ${pgliteScale})

| engine | call | calls | p50 ms | p99 ms | max ms | not 200 |
| --- | --- | --- | --- | --- | --- | --- |`,
);
await onSeededEngines({ postgres: scale, pglite: pgliteScale }, measure);
