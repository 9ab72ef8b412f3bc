import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { seededDatabase } from "./support/app.js";
import { SERVER_ENGINES } from "./support/engines.js";
import { listeningAt, spawnFixture, tokenOver } from "./support/spawn.js";

/*
 * kill -9 of one of two server processes on one PostgreSQL (issue 38), while ten people write
 * through it: what it acknowledged is kept, once; what it never answered is there at most once;
 * the other process answers on. (bench/load.ts runs the same behind nginx, under 200 people.)
 */
describe.each(SERVER_ENGINES)("kill -9 of one of two server processes on $name", (engine) => {
  it("keeps every note the killed process acknowledged, none twice, and the other serves on", {
    timeout: 120_000,
  }, async () => {
    const testDb = await seededDatabase(engine);
    onTestFinished(() => testDb.dispose());
    const start = async () => {
      const child = spawnFixture("pg-server.ts", { DATABASE_URL: testDb.url });
      onTestFinished(() => {
        if (child.exitCode === null) child.kill("SIGKILL");
      });
      const base = await listeningAt(child);
      return { child, base, token: await tokenOver(base, "staff") };
    };
    const [one, other] = await Promise.all([start(), start()]);
    const run = randomBytes(4).toString("hex");
    /** A note through a process: its number once acknowledged, else undefined (refused, or no answer). */
    const note = async ({ base, token }: { base: string; token: string }, n: number) => {
      try {
        const answer = await fetch(`${base}/API/Insert/`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({
            table: "tblProjectNotes",
            fields: { projectID: 1, ProjectNotesMinutes: 15, ProjectNotesDesc: `killed ${run} ${n}` },
          }),
        });
        return answer.ok ? n : undefined;
      } catch {
        return undefined;
      }
    };

    // Ten writers; the process is killed once 30 notes are acknowledged, the others' in flight.
    const acknowledged: number[] = [];
    let sent = 0;
    let killed = false;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (!killed) {
          const done = await note(one, sent++);
          if (done !== undefined) acknowledged.push(done);
          if (acknowledged.length >= 30 && !killed) {
            killed = true;
            one.child.kill("SIGKILL");
          }
        }
      }),
    );
    expect(await note(other, -1)).toBe(-1);

    const { rows } = await sql<{
      text: string;
      copies: number;
    }>`select "ProjectNotesDesc" as text, count(*)::int as copies
      from "tblProjectNotes" where "ProjectNotesDesc" like ${`killed ${run} %`} group by 1`.execute(testDb.database.db);
    const copies = new Map(rows.map((row) => [row.text, row.copies]));
    for (const n of [...acknowledged, -1]) expect(copies.get(`killed ${run} ${n}`), `note ${n}`).toBe(1);
    expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
    expect(sent).toBeGreaterThan(acknowledged.length);
  });
});
