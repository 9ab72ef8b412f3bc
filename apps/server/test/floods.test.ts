import { OPERATIONS, PAGES } from "@office/core";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { VERSION_CHECK_MS } from "../src/auth/session.js";
import { WRITE_STEP_LINES } from "../src/credit-cards/statements.js";
import { currentCaller } from "../src/db/caller.js";
import { cardOf, employeeWithLogin } from "./support/cards.js";
import { until, useTestApp } from "./support/context.js";
import type { DataClient } from "./support/data.js";
import { setPermissions } from "./support/db.js";
import { ENGINES } from "./support/engines.js";

/*
 * Floods, small and fast, beside a colleague (admin) who searches: whoever floods, with no
 * account, one account or several, admin's searches are answered (no 503) and, on PGlite's one
 * connection, their statements come after the statement in progress, not after the flood.
 * bench/floods.ts measures the same floods at scale.
 */

const ADMIN = "emp:1";
const FLOODER = "198.51.100.7";
/**
 * Others' turns on the connection (runs of one caller's statements: a transaction is a few)
 * that may end between admin's asking and admin's statement: the one in progress, those that
 * end while admin's call crosses the event loop to the pool, and on a machine loaded enough
 * that others have waited a second, one each of those (they go first, pglite-pool.ts). Before
 * the turns were fair, a flood of note writers let 11 and more end first, or answered 503.
 */
const IN_PROGRESS = 6;
/**
 * The same for a flood of several accounts: each of them may have waited a second and go first
 * once. Five note writers came to 7 once on a loaded CI machine (the one in progress, one that
 * ended as admin's call crossed the event loop, five that had waited), and to 8 once (two ended
 * as it crossed); unfair turns were 11 and more.
 */
const IN_PROGRESS_OF = (accounts: number) => Math.max(IN_PROGRESS, accounts + 3);

interface Logged {
  caller: string;
  text: string;
}

/** Keeps `connections` calls in flight until `work` ends; counts the answers by status. */
async function during(
  connections: number,
  call: (i: number) => Promise<{ statusCode: number }>,
  work: (statuses: Map<number, number>) => Promise<void>,
) {
  const calls = flood(connections, call);
  try {
    // Under way first: every connection answered once (its sessions read, its caller known).
    await until(() => [...calls.statuses.values()].reduce((sum, n) => sum + n, 0) >= connections, {
      timeout: 30_000,
    });
    await work(calls.statuses);
  } finally {
    await calls.stop();
  }
  return calls.statuses;
}

function flood(connections: number, call: (i: number) => Promise<{ statusCode: number }>) {
  const statuses = new Map<number, number>();
  let running = true;
  let sent = 0;
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      const { statusCode } = await call(sent++);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
  });
  return {
    statuses,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.each(ENGINES)("floods beside a colleague's searches on $name", (engine) => {
  const log: Logged[] = [];
  // Called with each statement as it ends, when a test wants to act at a moment of another's work.
  let onStatement: ((text: string) => void) | undefined;
  const t = useTestApp(engine, {
    // Each statement, with whom it ran for, in the order they ended (one at a time on PGlite).
    engine: {
      onStatement: (text) => {
        log.push({ caller: currentCaller().key, text });
        onStatement?.(text);
      },
    },
    // The server's own session checks: from memory, changes heard by notification.
    config: { sessions: { versionCheckMs: VERSION_CHECK_MS } },
  });
  const { admin } = t;
  // Signed in ahead: a sign-in's statements among admin's would count as others' turns.
  beforeAll(() => admin.token());

  /**
   * Admin's calls while the flood runs, a project search and EmployeeInfo in turn: each answered
   * 200; on PGlite, each call's statement ends after at most what was in progress of the others'
   * (the flood was one caller among two, not a queue to wait behind).
   */
  async function adminSearches(times = 3, turns = IN_PROGRESS) {
    const calls = [
      {
        marker: "vwProjectSearch",
        send: () =>
          admin.query({
            table: "vwProjectSearch",
            fields: "projectID,projectName",
            where: "projectName LIKE '%a%'",
            rowLimit: 50,
          }),
      },
      {
        marker: '"authAccount" as "a"',
        send: () => admin.call("GET", "/API/EmployeeInfo/"),
      },
    ];
    // One call unmeasured first: admin's session, forgotten when a test changed someone's
    // permissions (its flood's accounts), is read again there, not among the measured statements.
    expect((await admin.call("GET", "/API/EmployeeInfo/")).statusCode).toBe(200);
    for (let i = 0; i < times; i++) {
      for (const { marker, send } of calls) {
        const asked = log.length;
        expect((await send()).statusCode).toBe(200);
        if (engine.name !== "pglite") continue;
        const mine = log.findIndex((entry, at) => at >= asked && entry.caller === ADMIN && entry.text.includes(marker));
        expect(mine).toBeGreaterThanOrEqual(asked);
        const others = log.slice(asked, mine).filter((entry) => entry.caller !== ADMIN);
        const runs = others.filter((entry, at) => at === 0 || others[at - 1]?.caller !== entry.caller);
        expect(runs.length).toBeLessThanOrEqual(turns);
      }
    }
  }

  it("sign-in attempts with made-up usernames from one address: refused from memory past its limit", async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/API/Authenticate/",
        payload: { username: `nobody${i}`, password: "guess" },
        remoteAddress: FLOODER,
      });
    const statuses = await during(20, attempt, async (statuses) => {
      await adminSearches();
      // And once the address is over its limit.
      await until(() => (statuses.get(429) ?? 0) > 0);
      await adminSearches(1);
    });
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    // Over its limit, the address's attempts cost no statement at all.
    const before = log.length;
    for (let i = 0; i < 20; i++) expect((await attempt(1_000 + i)).statusCode).toBe(429);
    expect(log.slice(before).filter((entry) => entry.caller === `ip:${FLOODER}`)).toEqual([]);
  });

  it("an account without rights calling EmployeeInfo on 20 connections", async () => {
    const call = () => t.noperm.call("GET", "/API/EmployeeInfo/");
    const statuses = await during(20, call, () => adminSearches());
    expect([...statuses.keys()]).toEqual([200]);
  });

  it("five colleagues logging notes as fast as they can", async () => {
    const writers = await Promise.all(
      ["Writer1", "Writer2", "Writer3", "Writer4", "Writer5"].map(async (name) => {
        const empID = await employeeWithLogin(t.db, name, null);
        await setPermissions(t.db, empID, [{ page: 9, add: 1 }]);
        const writer = t.as(name.toLowerCase());
        await writer.token();
        return writer;
      }),
    );
    const note = (i: number) =>
      (writers[i % writers.length] as (typeof writers)[number]).insert("tblProjectNotes", {
        projectID: 1,
        ProjectNotesMinutes: 15,
        projectNoteCategory: 105,
        ProjectNotesDesc: `flood ${i}`,
      });
    const statuses = await during(10, note, () => adminSearches(3, IN_PROGRESS_OF(writers.length)));
    expect([...statuses.keys()]).toEqual([200]);
  });

  let finance: Promise<{ client: DataClient; ccID: number }> | undefined;
  /** A finance user (change on card approvals) and a card of theirs, made once. */
  const financeCard = () => {
    finance ??= (async () => {
      const empID = await employeeWithLogin(t.db, "Finance", null);
      await setPermissions(t.db, empID, [{ page: PAGES.creditCardApprovals, view: 1, change: 1 }]);
      const client = t.as("finance");
      await client.token();
      return { ccID: await cardOf(t.db, empID, "5000.00"), client };
    })();
    return finance;
  };
  let statement = 0;
  /** Imports a statement of its own: `count` new charges. */
  const importStatement = async (count: number) => {
    const { client, ccID } = await financeCard();
    const n = statement++;
    const lines = Array.from(
      { length: count },
      (_, i) => `2026-11-02,Flood ${n}-${i},${(1 + (i % 90)).toFixed(2)},F-${n}-${i}`,
    );
    return client.operation(OPERATIONS.importStatement, {
      ccID,
      fileName: "s.csv",
      preview: false,
      csv: ["Date,Description,Amount,Reference", ...lines].join("\n"),
    });
  };

  it("statement imports from one account on four connections", async () => {
    const importOne = () => importStatement(500);
    const first = await importOne();
    expect(first.statusCode, first.body).toBe(200);
    const statuses = await during(4, importOne, () => adminSearches());
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 429)).toEqual([]);
  });

  it("an import's transaction: a colleague's search runs between its steps, and no read sees part of it", async () => {
    const { ccID } = await financeCard();
    const lines = 3 * WRITE_STEP_LINES;
    const chargesNow = () =>
      admin.query({ table: "tblCCCharge", fields: "ccChargeID", where: `ccID = ${ccID}`, rowLimit: 1 });
    const before = (await chargesNow()).json().meta.TotalRecords;
    let asked: Array<Promise<{ statusCode: number; json: () => { meta: { TotalRecords: number } } }>> = [];
    onStatement = (text) => {
      // At the import's first step: a search, and a count of the card's charges.
      if (!text.startsWith('insert into "tblCCCharge"') || asked.length > 0) return;
      asked = [
        admin.query({ table: "vwProjectSearch", fields: "projectID", where: "projectName LIKE '%a%'", rowLimit: 50 }),
        chargesNow(),
      ];
    };
    try {
      const imported = await importStatement(lines);
      expect(imported.statusCode, imported.body).toBe(200);
    } finally {
      onStatement = undefined;
    }
    const [search, count] = await Promise.all(asked);
    expect(search?.statusCode).toBe(200);
    // Before the import, or after it: never a step of it.
    expect([before, before + lines]).toContain(count?.json().meta.TotalRecords);
    if (engine.name !== "pglite") return;
    // PGlite's one connection served the search between the import's steps, not after it.
    const searched = log.findLastIndex((entry) => entry.caller === ADMIN && entry.text.includes("vwProjectSearch"));
    const lastStep = log.findLastIndex((entry) => entry.text.startsWith('insert into "tblCCCharge"'));
    expect(searched).toBeLessThan(lastStep);
  });

  describe("searches that take long", () => {
    const SLOW = "ProjectNotesDesc LIKE '%q%u%i%e%t%'";
    beforeAll(async () => {
      await sql`insert into "tblProjectNotes" ("projectID", "empID", "ProjectNotesMinutes", "ProjectNotesDesc", "createdTS")
        select 1, 5, 15, 'slow ' || n || repeat(' abcdefgh', 20), now() from generate_series(1, 20000) n`.execute(t.db);
    });
    /**
     * The flooders' answers other than a result, a 429 (past their turns) or a 503 (their own
     * read past its budget, or its wait, which a machine loaded by the rest of the suite can
     * stretch a slow search to): what matters is the colleague, whose searches adminSearches checks.
     */
    const unexpected = (statuses: Map<number, number>) =>
      [...statuses.keys()].filter((status) => status !== 200 && status !== 429 && status !== 503);
    const slowRead = (client: DataClient) =>
      client.query({
        table: "tblProjectNotes",
        fields: "projectNotesID",
        where: SLOW,
        rowLimit: 1,
        continue: 1,
      });

    it("from one account on six connections", async () => {
      const statuses = await during(
        6,
        () => slowRead(t.staff),
        () => adminSearches(),
      );
      // Six at once is more than the account may run: the rest wait, or are refused with 429.
      expect(unexpected(statuses)).toEqual([]);
    });

    it("from three accounts on two connections each", async () => {
      const readers = await Promise.all(
        ["Reader1", "Reader2", "Reader3"].map(async (name) => {
          const empID = await employeeWithLogin(t.db, name, null);
          await setPermissions(t.db, empID, [{ page: 35, view: 1 }]);
          const reader = t.as(name.toLowerCase());
          await reader.token();
          return reader;
        }),
      );
      const statuses = await during(
        6,
        (i) => slowRead(readers[i % readers.length] as DataClient),
        () => adminSearches(),
      );
      expect(unexpected(statuses)).toEqual([]);
    });

    it("loads of every note on two connections", async () => {
      const loads = flood(2, () =>
        t.staff.query({
          table: "tblProjectNotes",
          fields: "projectNotesID",
          rowLimit: 20_000,
          continue: 1,
        }),
      );
      await adminSearches();
      await loads.stop();
      expect([...loads.statuses.keys()]).toEqual([200]);
    });
  });
});
