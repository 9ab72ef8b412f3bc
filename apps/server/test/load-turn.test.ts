import { get, type IncomingMessage } from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, tokenOf } from "./support/app.js";
import { dataClient } from "./support/data.js";
import { ENGINES } from "./support/engines.js";
import { listening } from "./support/event-stream.js";

const ROWS = 30_000;

describe.each(ENGINES)("a load's read turn on $name", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let base: string;

  beforeAll(async () => {
    // One read turn on either engine (a pool of 3 keeps 2 connections for light calls), and a
    // short wait, so a read that finds the turn taken answers 503 instead of waiting.
    t = await testApp(engine, { config: { poolSize: 3, poolAcquireTimeoutMs: 300 } });
    // Rows long enough that the answer (about 15 MB) cannot fit in the sockets' buffers.
    await sql`insert into "tblProjectNotes" ("projectID", "empID", "ProjectNotesMinutes", "ProjectNotesDesc", "createdTS")
      select 1, 5, 15, 'turn ' || n || repeat('x', 480), now() from generate_series(1, ${ROWS}) n`.execute(
      t.database.db,
    );
    base = await listening(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps it until its last batch is written, so a reader that stops reading holds only its own turn", async () => {
    const token = await tokenOf(t.app, "admin");
    const where = encodeURIComponent("ProjectNotesDesc LIKE 'turn %'");
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      get(
        `${base}/API/Query/?table=tblProjectNotes&fields=projectNotesID,ProjectNotesDesc&where=${where}&continue=1&rowLimit=${ROWS}`,
        { headers: { authorization: `Bearer ${token}` } },
        resolve,
      ).on("error", reject);
    });
    expect(response.statusCode).toBe(200);
    // The response is not read: the server's batches wait on it, and the turn stays taken.
    const staff = dataClient(t.app, await tokenOf(t.app, "staff"));
    const meanwhile = await staff.query({ table: "tblProject", fields: "projectID", rowLimit: 1 });
    expect(meanwhile.statusCode).toBe(503);

    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const answer = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    expect(answer.data).toHaveLength(ROWS);
    expect(answer.meta.TotalRecords).toBe(ROWS);
    // Written to the end, the load gives its turn back.
    expect((await staff.query({ table: "tblProject", fields: "projectID", rowLimit: 1 })).statusCode).toBe(200);
  });
});
