import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { prepareStatements } from "../src/db/prepared-statements.js";
import { SERVER_ENGINES } from "./support/engines.js";

// Named statements are PostgreSQL's (pg's extended protocol); PGlite runs each statement as sent.
describe.each(SERVER_ENGINES)("prepared statements on $name", () => {
  let pool: pg.Pool | undefined;
  let client: pg.PoolClient | undefined;
  afterEach(async () => {
    client?.release();
    await pool?.end();
  });

  /** A connection of a preparing pool, as Kysely runs it: `query(text, values)`. */
  async function connection(perConnection: number): Promise<pg.PoolClient> {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    prepareStatements(pool, perConnection);
    client = await pool.connect();
    return client;
  }
  const run = async (c: pg.PoolClient, text: string, values: unknown[]) => (await c.query(text, values)).rows;
  /** A text's first run goes unnamed; its second prepares it. */
  const twice = async (c: pg.PoolClient, text: string, values: unknown[]) => {
    await run(c, text, values);
    return run(c, text, values);
  };
  const kept = async (c: pg.PoolClient) =>
    (await c.query("select statement from pg_prepared_statements order by prepare_time")).rows.map(
      (row: { statement: string }) => row.statement,
    );

  it("prepares a text with parameters at its second run, and runs it by name with other values", async () => {
    const c = await connection(10);
    expect(await run(c, "select $1::int + 1 as n", [1])).toEqual([{ n: 2 }]);
    expect(await kept(c)).toEqual([]);
    expect(await run(c, "select $1::int + 1 as n", [41])).toEqual([{ n: 42 }]);
    expect(await kept(c)).toEqual(["select $1::int + 1 as n"]);
  });

  it("leaves a text without parameters unnamed, so several commands in one still run", async () => {
    const c = await connection(10);
    await run(c, "create temporary table t (n int); insert into t values (7)", []);
    expect(await run(c, "select n from t", [])).toEqual([{ n: 7 }]);
    expect(await kept(c)).toEqual([]);
  });

  it("never names a text with a LIKE: its plan is made for each pattern", async () => {
    const c = await connection(10);
    const text = "select count(*)::int as n from (values ('Roof'), ('Oak')) v(s) where s ilike $1";
    for (const pattern of ["%oo%", "%o%", "%oak%", "%r%", "%x%", "%oo%", "%o%"]) await run(c, text, [pattern]);
    expect(await run(c, text, ["%o%"])).toEqual([{ n: 2 }]);
    expect(await kept(c)).toEqual([]);
    // A column named like it is no LIKE.
    await twice(c, 'select $1::int as "likes"', [1]);
    expect(await kept(c)).toEqual(['select $1::int as "likes"']);
  });

  it("keeps the most recently used texts and deallocates the one it drops", async () => {
    const c = await connection(2);
    await twice(c, "select $1::int as a", [1]);
    await twice(c, "select $1::int as b", [2]);
    await run(c, "select $1::int as a", [3]); // used again: b is now the oldest
    await twice(c, "select $1::int as c", [4]); // drops b
    await run(c, "select $1::int as a", [5]); // b is deallocated first
    expect(await kept(c)).toEqual(["select $1::int as a", "select $1::int as c"]);
    // A dropped text is prepared again under a new name when it comes back.
    expect(await twice(c, "select $1::int as b", [6])).toEqual([{ b: 6 }]); // drops c
    expect(await twice(c, "select $1::int as d", [7])).toEqual([{ d: 7 }]); // c goes; drops a
    expect(await kept(c)).toEqual(["select $1::int as a", "select $1::int as b", "select $1::int as d"]);
    await run(c, "select $1::int as d", [8]); // a goes
    expect(await kept(c)).toEqual(["select $1::int as b", "select $1::int as d"]);
  });

  it("deallocates nothing inside a transaction, and what it dropped there once it is over", async () => {
    const c = await connection(1);
    await run(c, "begin", []);
    await run(c, "create temporary table u (n int) on commit drop", []);
    // Each insert's first run, unnamed, inserts nothing (0); its second, prepared, inserts.
    await run(c, "insert into u select $1::int where $1::int > 0", [0]);
    await run(c, "insert into u select $1::int where $1::int > 0", [1]);
    await run(c, "insert into u select $1::int + n from u where $1::int > 0", [0]);
    await run(c, "insert into u select $1::int + n from u where $1::int > 0", [10]); // drops the first insert
    expect(await twice(c, "select n from u where n > $1 order by n", [0])).toEqual([{ n: 1 }, { n: 11 }]);
    expect(await kept(c)).toHaveLength(3);
    await run(c, "commit", []);
    await twice(c, "select $1::int as e", [1]); // the two inserts go; drops the select
    expect(await kept(c)).toEqual(["select n from u where n > $1 order by n", "select $1::int as e"]);
    await run(c, "select $1::int as e", [2]);
    expect(await kept(c)).toEqual(["select $1::int as e"]);
  });

  it("runs a statement gone stale under a schema change again, and prepares it afresh", async () => {
    const c = await connection(10);
    await run(c, "create temporary table v (a int)", []);
    await run(c, "insert into v values (1)", []);
    const named = async () => (await c.query("select name from pg_prepared_statements")).rows.map((r) => r.name);
    expect(await twice(c, "select * from v where a > $1", [0])).toEqual([{ a: 1 }]);
    const before = await named();
    // As a migration of the next version would, on another server: the prepared plan's row changes.
    await run(c, "alter table v add column b int default 2", []);
    expect(await run(c, "select * from v where a > $1", [0])).toEqual([{ a: 1, b: 2 }]);
    expect(await twice(c, "select * from v where a > $1", [0])).toEqual([{ a: 1, b: 2 }]);
    expect(await kept(c)).toEqual(["select * from v where a > $1"]);
    expect(await named()).not.toEqual(before); // the stale one deallocated, the text prepared anew
  });

  it("prepares no text run once, so a flood of new wheres pushes out none of the prepared", async () => {
    const c = await connection(2);
    await twice(c, "select $1::int as kept", [1]);
    for (let i = 0; i < 10; i++) expect(await run(c, `select $1::int as once${i}`, [i])).toEqual([{ [`once${i}`]: i }]);
    expect(await kept(c)).toEqual(["select $1::int as kept"]);
    const named = async () => (await c.query("select name from pg_prepared_statements")).rows.map((r) => r.name);
    const before = await named();
    await run(c, "select $1::int as kept", [2]);
    expect(await named()).toEqual(before);
  });

  it("names nothing when each connection may keep none", async () => {
    const c = await connection(0);
    expect(await twice(c, "select $1::text as s", ["x"])).toEqual([{ s: "x" }]);
    expect(await kept(c)).toEqual([]);
  });
});
