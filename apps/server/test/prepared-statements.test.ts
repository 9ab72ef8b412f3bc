import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { prepareStatements } from "../src/db/prepared-statements.js";
import { SERVER_ENGINES } from "./support/engines.js";

// Named statements are PostgreSQL's (pg's extended protocol); PGlite runs each statement as sent.
describe.each(SERVER_ENGINES)("prepared statements on $name", () => {
  let pool: pg.Pool | undefined;
  afterEach(() => pool?.end());

  /** One connection, so that what it keeps prepared can be read from it. */
  function onePool(perConnection: number): pg.Pool {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    prepareStatements(pool, perConnection);
    return pool;
  }
  const kept = async (p: pg.Pool) =>
    (await p.query("select statement from pg_prepared_statements order by prepare_time")).rows.map(
      (row: { statement: string }) => row.statement,
    );

  it("prepares a text with parameters once, and runs it again by name with other values", async () => {
    const p = onePool(10);
    expect((await p.query("select $1::int + 1 as n", [1])).rows).toEqual([{ n: 2 }]);
    expect((await p.query("select $1::int + 1 as n", [41])).rows).toEqual([{ n: 42 }]);
    expect(await kept(p)).toEqual(["select $1::int + 1 as n"]);
  });

  it("leaves a text without parameters unnamed, so several commands in one still run", async () => {
    const p = onePool(10);
    await p.query("create temporary table t (n int); insert into t values (7)");
    expect((await p.query("select n from t")).rows).toEqual([{ n: 7 }]);
    expect(await kept(p)).toEqual([]);
  });

  it("keeps the most recently used texts and deallocates the one it drops", async () => {
    const p = onePool(2);
    await p.query("select $1::int as a", [1]);
    await p.query("select $1::int as b", [2]);
    await p.query("select $1::int as a", [3]); // used again: b is now the oldest
    await p.query("select $1::int as c", [4]);
    expect(await kept(p)).toEqual(["select $1::int as a", "select $1::int as c"]);
    // A dropped text is prepared again under a new name when it comes back.
    expect((await p.query("select $1::int as b", [5])).rows).toEqual([{ b: 5 }]);
    expect(await kept(p)).toEqual(["select $1::int as c", "select $1::int as b"]);
  });

  it("drops a text inside a transaction without disturbing it", async () => {
    const p = onePool(1);
    const client = await p.connect();
    try {
      await client.query("begin");
      await client.query("create temporary table u (n int) on commit drop");
      await client.query("insert into u values ($1)", [1]);
      await client.query("insert into u select $1::int + n from u", [10]);
      expect((await client.query("select n from u where n > $1 order by n", [0])).rows).toEqual([{ n: 1 }, { n: 11 }]);
      await client.query("commit");
    } finally {
      client.release();
    }
    expect(await kept(p)).toHaveLength(1);
  });

  it("names nothing when each connection may keep none", async () => {
    const p = onePool(0);
    expect((await p.query("select $1::text as s", ["x"])).rows).toEqual([{ s: "x" }]);
    expect(await kept(p)).toEqual([]);
  });
});
