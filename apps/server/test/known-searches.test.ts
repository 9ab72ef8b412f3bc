import { RESOURCES, SERVER_TABLES } from "@office/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS_KEPT_UP_TO, KNOWN_FOR_MS, KnownSearches } from "../src/data/known-searches.js";
import { appOver, seededDatabase, tokenOf } from "./support/app.js";
import { until } from "./support/context.js";
import { type DataClient, dataClient } from "./support/data.js";
import { ENGINES, SERVER_ENGINES, type TestDatabase } from "./support/engines.js";

/** Tables the database keeps from others (migration 0009): a view reading one lists those. */
const DERIVED: Record<string, string[]> = { tblProjectActivity: ["tblProjectNotes", "tblProjectStatus", "tblProject"] };

type Built = Awaited<ReturnType<typeof appOver>>;
interface Answer {
  data: Record<string, unknown>[];
  meta: { TotalRecords: number; confirmRequired?: boolean };
}

const vendors = (where: string, offset: number, order = "vendorName") => ({
  table: "tblVendor",
  fields: "vendorID,vendorName,vendorCity",
  where,
  order,
  rowLimit: 5,
  offset,
});

async function read(client: DataClient, params: Record<string, string | number>): Promise<Answer> {
  const response = await client.query(params);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("a search's total and keys, kept by the process (unit)", () => {
  it("forgets a search a minute after it was counted, and the least recently used past its room", () => {
    let now = 0;
    const known = new KnownSearches({ maxSearches: 2, now: () => now });
    known.set("a", { total: 1, snapshot: "1:1:" });
    known.set("b", { total: 2, snapshot: "1:1:" });
    expect(known.get("a")?.total).toBe(1);
    known.set("c", { total: 3, snapshot: "1:1:" });
    expect(known.get("b")).toBeUndefined();
    expect(known.get("a")?.total).toBe(1);
    now = KNOWN_FOR_MS + 1;
    expect(known.get("a")).toBeUndefined();
    expect(known.get("c")).toBeUndefined();
    expect(known.size).toBe(0);
  });

  it("holds the characters of its searches' own keys within its room: long wheres push out the oldest", () => {
    const known = new KnownSearches({ maxChars: 10_000 });
    const long = (name: string) => name.padEnd(4_000, "x");
    for (const name of ["a", "b", "c"]) known.set(long(name), { total: 1, snapshot: "1:1:" });
    expect(known.size).toBe(2);
    expect(known.get(long("a"))).toBeUndefined();
    expect(known.get(long("c"))?.total).toBe(1);
    // Forgotten ones give their room back.
    known.forget(long("b"));
    known.forget(long("c"));
    for (const name of ["d", "e"]) known.set(long(name), { total: 2, snapshot: "1:1:" });
    expect(known.size).toBe(2);
  });

  it("keeps nothing when switched off", () => {
    const known = new KnownSearches({ maxSearches: 0 });
    known.set("a", { total: 1, snapshot: "1:1:" });
    expect(known.enabled).toBe(false);
    expect(known.get("a")).toBeUndefined();
  });
});

describe.each(ENGINES)("searches known to the process on $name", (engine) => {
  let testDb: TestDatabase;
  let kept: Built;
  let fresh: Built;
  let admin: DataClient;
  let adminFresh: DataClient;
  let staff: DataClient;
  let staffFresh: DataClient;
  beforeAll(async () => {
    testDb = await seededDatabase(engine);
    kept = await appOver(testDb);
    // The same database without kept searches: every page counted afresh, the answer to equal.
    fresh = await appOver(testDb, testDb.database, { knownSearches: 0 });
    admin = dataClient(kept.app, await tokenOf(kept.app, "admin"));
    adminFresh = dataClient(fresh.app, await tokenOf(fresh.app, "admin"));
    staff = dataClient(kept.app, await tokenOf(kept.app, "staff"));
    staffFresh = dataClient(fresh.app, await tokenOf(fresh.app, "staff"));
  });
  afterAll(async () => {
    await kept?.app.close();
    await fresh?.app.close();
    await testDb?.dispose();
  });

  /** Every page of the search and one past its end, from both apps: the same answers. */
  async function samePages(client: DataClient, clientFresh: DataClient, params: (offset: number) => object) {
    const first = await read(clientFresh, params(0) as Record<string, string>);
    const pages = Math.ceil(first.meta.TotalRecords / 5) + 1;
    for (let page = 0; page < pages; page++) {
      const asked = params(page * 5) as Record<string, string>;
      expect(await read(client, asked), `page ${page}`).toEqual(await read(clientFresh, asked));
    }
    return first.meta.TotalRecords;
  }

  it("answers every further page of a search as counting it afresh does, without counting again", async () => {
    const used = kept.searches.used;
    const projects = (offset: number, order = "projectName") => ({
      table: "tblProject",
      fields: "projectID,projectName,projectDueDate",
      where: "projectID > 0",
      order,
      rowLimit: 5,
      offset,
    });
    const total = await samePages(admin, adminFresh, projects);
    expect(total).toBeGreaterThan(10);
    expect(total).toBeLessThanOrEqual(KEYS_KEPT_UP_TO);
    // The first page counts, the second finds the keys, the rest (and the page past the end) are read by key.
    expect(kept.searches.used - used).toBeGreaterThanOrEqual(Math.ceil(total / 5) - 1);
    // Another order finds its own keys; the same where's total is known already.
    await samePages(admin, adminFresh, (offset) => projects(offset, "projectDueDate DESC"));
  });

  it("keeps each caller's rows apart: the same where over rows in scope is another search", async () => {
    const notes = (offset: number) => ({
      table: "vwMyProjectNotes",
      fields: "projectNotesID,ProjectNotesMinutes",
      where: "ProjectNotesMinutes > 0",
      order: "projectNotesID",
      rowLimit: 5,
      offset,
    });
    const mine = await samePages(staff, staffFresh, notes);
    const theirs = await samePages(admin, adminFresh, notes);
    expect(mine).toBeGreaterThan(0);
    expect(theirs).not.toBe(mine);
  });

  it("sees a write to what the search reads at the next page, and a write elsewhere does not undo what it knows", async () => {
    const where = "vendorName LIKE '%Known Search%'";
    const page = (offset: number) => vendors(where, offset);
    const add = (name: string) =>
      testDb.database.db
        .insertInto("tblVendor")
        .values({ vendorName: name })
        .returning("vendorID")
        .executeTakeFirstOrThrow();
    for (let i = 0; i < 7; i++) await add(`Known Search ${i}`);
    expect((await read(admin, page(0))).meta.TotalRecords).toBe(7);
    expect((await read(admin, page(5))).data).toHaveLength(2);

    const { vendorID } = await add("Known Search 7");
    expect(await read(admin, page(5))).toEqual(await read(adminFresh, page(5)));
    expect((await read(admin, page(5))).meta.TotalRecords).toBe(8);

    await testDb.database.db
      .updateTable("tblVendor")
      .set({ vendorName: "Another name" })
      .where("vendorID", "=", vendorID)
      .execute();
    expect((await read(admin, page(5))).meta.TotalRecords).toBe(7);
    await testDb.database.db.deleteFrom("tblVendor").where("vendorName", "=", "Known Search 0").execute();
    const after = await read(admin, page(5));
    expect(after).toEqual(await read(adminFresh, page(5)));
    expect(after.meta.TotalRecords).toBe(6);

    // A write to a table no vendor search reads: the next page is still read from what is known.
    const used = kept.searches.used;
    await sql`update "tblProject" set "projectName" = "projectName" where "projectID" = (select min("projectID") from "tblProject")`.execute(
      testDb.database.db,
    );
    expect(await read(admin, page(5))).toEqual(after);
    expect(kept.searches.used).toBe(used + 1);
  });

  it("records the changes of every table a search may read", async () => {
    const { rows } = await sql<{ table: string }>`
      select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = c.relname || '_tableChange'`.execute(testDb.database.db);
    const watched = new Set(rows.map((row) => row.table));
    const read = new Set<string>(SERVER_TABLES);
    for (const def of RESOURCES.values())
      for (const table of def.kind === "table" ? [def.name] : (def.reads ?? [])) read.add(table);
    // And what the database says each view reads, through other views: a view's `reads` must hold it all.
    const { rows: depends } = await sql<{ view: string; table: string }>`
      with recursive uses(view, used) as (
        select v.relname::text, d.refobjid from pg_class v
          join pg_rewrite r on r.ev_class = v.oid
          join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
        where v.relkind = 'v' and d.refobjid <> v.oid
        union
        select uses.view, d.refobjid from uses
          join pg_rewrite r on r.ev_class = uses.used
          join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
        where d.refobjid <> uses.used
      )
      select distinct uses.view, c.relname::text as table from uses join pg_class c on c.oid = uses.used
      where c.relkind in ('r', 'p')`.execute(testDb.database.db);
    for (const { view, table } of depends) {
      const def = RESOURCES.get(view);
      // Kept by the database from the tables it is worked out of, in their writes' transactions.
      for (const source of DERIVED[table] ?? [table])
        if (def) expect(def.reads, `${view} reads ${table}`).toContain(source);
    }
    for (const table of read) expect(watched, table).toContain(table);
  });
});

describe.each(SERVER_ENGINES)("searches known to one process, written by another, on $name", (engine) => {
  let testDb: TestDatabase;
  let one: Built;
  let other: Built;
  beforeAll(async () => {
    testDb = await seededDatabase(engine);
    one = await appOver(testDb);
    other = await appOver(testDb, await testDb.reopen());
  });
  afterAll(async () => {
    await one?.app.close();
    await other?.app.close();
    await testDb?.dispose();
  });

  it("never answers a total older than a write acknowledged by the other process", async () => {
    const reader = dataClient(one.app, await tokenOf(one.app, "admin"));
    const writer = dataClient(other.app, await tokenOf(other.app, "admin"));
    const page = (offset: number) => vendors("vendorName LIKE 'Two Processes%'", offset);
    for (let i = 0; i < 6; i++) {
      expect((await writer.insert("tblVendor", { vendorName: `Two Processes ${i}` })).statusCode).toBe(200);
    }
    expect((await read(reader, page(0))).meta.TotalRecords).toBe(6);
    expect((await read(reader, page(5))).data).toHaveLength(1);
    for (let i = 6; i < 9; i++) {
      expect((await writer.insert("tblVendor", { vendorName: `Two Processes ${i}` })).statusCode).toBe(200);
      const next = await read(reader, page(5));
      expect(next.meta.TotalRecords).toBe(i + 1);
      expect(next.data.map((row) => row.vendorName)).toEqual(
        Array.from({ length: i - 4 }, (_, n) => `Two Processes ${n + 5}`),
      );
    }
  });

  it("forgets everything when its listening connection is lost: the database may have restarted and lost what was written", async () => {
    const reader = dataClient(one.app, await tokenOf(one.app, "admin"));
    await testDb.database.db.insertInto("tblVendor").values({ vendorName: "Gap 1" }).execute();
    await read(reader, vendors("vendorName LIKE 'Gap%'", 0));
    expect(one.searches.size).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'office-listen' and datname = current_database()`.execute(testDb.database.db);
    await until(() => one.searches.size === 0, { timeout: 15_000 });
  });

  it("keeps what it knows while a write is not yet committed, and not a moment after", async () => {
    const reader = dataClient(one.app, await tokenOf(one.app, "admin"));
    const page = (offset: number) => vendors("vendorName LIKE 'In Flight%'", offset);
    const db = testDb.database.db;
    for (let i = 0; i < 6; i++)
      await db
        .insertInto("tblVendor")
        .values({ vendorName: `In Flight ${i}` })
        .execute();
    expect((await read(reader, page(0))).meta.TotalRecords).toBe(6);
    await read(reader, page(5));
    const third = await testDb.reopen();
    const writing = await third.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await connection.insertInto("tblVendor").values({ vendorName: "In Flight 6" }).execute();
      const used = one.searches.used;
      // Not yet committed: what the reader knows still holds, and is used.
      expect((await read(reader, page(5))).meta.TotalRecords).toBe(6);
      expect(one.searches.used).toBe(used + 1);
      await sql`commit`.execute(connection);
      return (await read(reader, page(5))).meta.TotalRecords;
    });
    await third.close();
    expect(writing).toBe(7);
  });
});
