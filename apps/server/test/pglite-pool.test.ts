import { describe, expect, it, vi } from "vitest";
import { asCaller, asRead, lendingBetween } from "../src/db/caller.js";
import { pglitePool } from "../src/db/pglite-pool.js";
import { StatementStoppedError } from "../src/db/pglite-worker-client.js";

const engine = { query: async () => ({ rows: [] }), close: async () => {} };

describe("the PGlite pool's one connection", () => {
  it("goes to callers in turn, so a flood of one caller keeps a quiet one waiting for the lease in progress only", async () => {
    const pool = pglitePool(engine, 60_000);
    const holder = await asCaller({ key: "ip:flood" }, () => pool.connect());
    const order: string[] = [];
    const take = (key: string, name: string, read = false) =>
      asCaller({ key, read }, () =>
        pool.connect().then((client) => {
          order.push(name);
          client.release();
        }),
      );
    // The flood's connections waited first (sign-ins from one address, say); then a colleague asks, then another.
    const waiting = [
      ...Array.from({ length: 5 }, (_, i) => take("ip:flood", `flood ${i}`)),
      take("emp:1", "admin"),
      take("emp:2", "staff's read", true),
    ];
    holder.release();
    await Promise.all(waiting);
    // Each caller that had not had the connection comes before the flood's next statement.
    expect(order.slice(0, 2)).toEqual(["admin", "staff's read"]);
    expect(order.slice(2)).toEqual(["flood 0", "flood 1", "flood 2", "flood 3", "flood 4"]);
    await pool.end();
  });

  it("gives a caller's read, which holds the read gate's turn, before its own statements that came earlier", async () => {
    const pool = pglitePool(engine, 60_000);
    const holder = await asCaller({ key: "emp:other" }, () => pool.connect());
    const order: string[] = [];
    const take = (name: string, read: boolean) =>
      asCaller({ key: "emp:7", read }, () =>
        pool.connect().then((client) => {
          order.push(name);
          client.release();
        }),
      );
    const waiting = [take("session check", false), take("sign-in", false), take("read", true)];
    holder.release();
    await Promise.all(waiting);
    expect(order).toEqual(["read", "session check", "sign-in"]);
    await pool.end();
  });

  it("charges a caller the time it held the connection: one with long leases waits behind those with short ones", async () => {
    const pool = pglitePool(engine, 60_000);
    const hold = async (key: string, ms: number) => {
      const client = await asCaller({ key }, () => pool.connect());
      await new Promise((resolve) => setTimeout(resolve, ms));
      client.release();
    };
    await hold("emp:slow", 50);
    await hold("emp:quick", 1);
    const holder = await asCaller({ key: "emp:other" }, () => pool.connect());
    const order: string[] = [];
    const waiting = ["emp:slow", "emp:quick"].map((key) =>
      asCaller({ key }, () =>
        pool.connect().then((client) => {
          order.push(key);
          client.release();
        }),
      ),
    );
    holder.release();
    await Promise.all(waiting);
    expect(order).toEqual(["emp:quick", "emp:slow"]);
    await pool.end();
  });

  it("gives a statement that has waited a second the next turn, before a caller that came after it", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const pool = pglitePool(engine, 60_000);
      const order: string[] = [];
      const take = (key: string, name: string) =>
        asCaller({ key }, () =>
          pool.connect().then((client) => {
            order.push(name);
            client.release();
          }),
        );
      // A colleague who has held the connection for long already, and a caller who has not.
      const long = await asCaller({ key: "emp:busy" }, () => pool.connect());
      vi.advanceTimersByTime(5_000);
      long.release();
      const holder = await asCaller({ key: "emp:reader" }, () => pool.connect());
      const waiting = [take("emp:busy", "busy colleague")];
      // A read stopped at its budget held the connection for three seconds meanwhile.
      vi.advanceTimersByTime(3_000);
      waiting.push(take("emp:fresh", "fresh caller"));
      holder.release();
      await Promise.all(waiting);
      expect(order).toEqual(["busy colleague", "fresh caller"]);
      await pool.end();
    } finally {
      vi.useRealTimers();
    }
  });

  it("still refuses a caller that waited past the acquisition timeout", async () => {
    const pool = pglitePool(engine, 20);
    const holder = await pool.connect();
    await expect(asCaller({ key: "emp:1" }, () => pool.connect())).rejects.toThrow(/timeout exceeded/);
    holder.release();
    // The connection is lent again after a waiter left.
    const again = await pool.connect();
    again.release();
    await pool.end();
  });

  describe("a transaction that lends its connection between its statements", () => {
    /**
     * An engine that logs each statement it runs, holds those the test says until let go, and
     * knows one view over the lender's table (the catalog's answer for its fence).
     */
    function loggingEngine({ fails = /^$/, stops = /^$/ }: { fails?: RegExp; stops?: RegExp } = {}) {
      const log: string[] = [];
      const held = new Map<string, () => void>();
      let entered = () => {};
      return {
        log,
        held,
        /** Resolves once a statement the test holds has begun. */
        holding: () => new Promise<void>((resolve) => (entered = resolve)),
        query: async (text: string) => {
          log.push(text.includes("pg_depend") ? "the catalog's views over what it writes" : text);
          if (text.includes("pg_depend")) return { rows: [{ relname: "tblCCCharge" }, { relname: "vwCardList" }] };
          if (text.startsWith("hold")) {
            await new Promise<void>((resolve) => {
              held.set(text, resolve);
              entered();
            });
          }
          if (stops.test(text)) throw new StatementStoppedError();
          if (fails.test(text)) throw new Error(`failed: ${text}`);
          return { rows: [] };
        },
        close: async () => {},
      };
    }
    /** What the first gap asks the catalog, under a savepoint: the views over what the transaction writes. */
    const CATALOG = [
      "savepoint office_lent",
      "the catalog's views over what it writes",
      "release savepoint office_lent",
    ];
    /** What the engine runs first: the lender's begin, the catalog at its first gap, its first (held) statement. */
    const OPENING = ["begin", ...CATALOG, "hold insert 1"];
    const statement = (pool: ReturnType<typeof pglitePool>, key: string, text: string, read = false, heavy = false) =>
      asCaller({ key }, async () => {
        const run = async () => {
          const client = await pool.connect();
          try {
            return await client.query(text, []);
          } finally {
            client.release();
          }
        };
        return read ? asRead(run, heavy) : run();
      });
    /** The lender: begins, runs its statements in order, commits. */
    const lender = (pool: ReturnType<typeof pglitePool>, texts: string[]) =>
      asCaller({ key: "emp:importer" }, () =>
        lendingBetween(["tblCCCharge"], async () => {
          const client = await pool.connect();
          try {
            for (const text of ["begin", ...texts, "commit"]) await client.query(text, []);
          } catch (error) {
            await client.query("rollback", []);
            throw error;
          } finally {
            client.release();
          }
        }),
      );

    /**
     * The lender importing in two statements, held in its first while `asking` sends others'
     * statements, then let go: what the engine ran, and the promises of each.
     */
    async function whileImporting(
      options: Parameters<typeof loggingEngine>[0],
      asking: (pool: ReturnType<typeof pglitePool>) => Array<Promise<unknown>>,
    ) {
      const db = loggingEngine(options);
      const pool = pglitePool(db, 60_000);
      const holding = db.holding();
      const importing = lender(pool, ["hold insert 1", "insert 2"]);
      await holding;
      const calls = asking(pool);
      db.held.get("hold insert 1")?.();
      return { db, pool, importing, calls };
    }

    it("serves others' plain selects between them, each under a savepoint; statements that are not wait for its end, first", async () => {
      const { db, pool, importing, calls } = await whileImporting({}, (pool) => [
        statement(pool, "emp:1", 'select * from "tblProject"', true),
        statement(pool, "emp:2", 'insert into "tblProjectNotes" values (1)'),
        statement(pool, "emp:3", 'select * from "tblEmployee"'),
      ]);
      await Promise.all([importing, ...calls]);
      expect(db.log).toEqual([
        ...OPENING,
        "savepoint office_lent",
        'select * from "tblProject"',
        "release savepoint office_lent",
        "savepoint office_lent",
        'select * from "tblEmployee"',
        "release savepoint office_lent",
        "insert 2",
        "commit",
        'insert into "tblProjectNotes" values (1)',
      ]);
      await pool.end();
    });

    it("keeps a select of what it writes, or of a view over it, for its end: nothing it has not committed is read", async () => {
      const { db, pool, importing, calls } = await whileImporting({}, (pool) => [
        statement(pool, "emp:1", 'select * from "vwCardList"', true),
        statement(pool, "emp:2", 'select count(*) from "tblCCCharge"', true),
        statement(pool, "emp:3", "select pg_notify('office', 'x')"),
      ]);
      await Promise.all([importing, ...calls]);
      expect(db.log.slice(0, 7)).toEqual([...OPENING, "insert 2", "commit"]);
      expect(db.log.slice(7).sort()).toEqual(
        ['select * from "vwCardList"', 'select count(*) from "tblCCCharge"', "select pg_notify('office', 'x')"].sort(),
      );
      await pool.end();
    });

    it("keeps a read in a heavy turn for its end: its stop at the budget would end the transaction too", async () => {
      const { db, pool, importing, calls } = await whileImporting({}, (pool) => [
        statement(pool, "emp:1", 'select count(*) from "tblProjectNotes"', true, true),
      ]);
      await Promise.all([importing, ...calls]);
      expect(db.log).toEqual([...OPENING, "insert 2", "commit", 'select count(*) from "tblProjectNotes"']);
      await pool.end();
    });

    it("rolls a lent select that fails back to its savepoint, and the transaction goes on", async () => {
      const { db, pool, importing, calls } = await whileImporting({ fails: /tblProject"$/ }, (pool) => [
        statement(pool, "emp:1", 'select * from "tblProject"', true),
      ]);
      await expect(calls[0]).rejects.toThrow(/failed/);
      await importing;
      expect(db.log).toEqual([
        ...OPENING,
        "savepoint office_lent",
        'select * from "tblProject"',
        "rollback to savepoint office_lent",
        "insert 2",
        "commit",
      ]);
      await pool.end();
    });

    it("ends the transaction when a lent read is stopped at its budget: its statements are refused, its rollback is not sent", async () => {
      const { db, pool, importing, calls } = await whileImporting({ stops: /tblProject"$/ }, (pool) => [
        statement(pool, "emp:1", 'select * from "tblProject"', true),
      ]);
      await expect(calls[0]).rejects.toThrow(StatementStoppedError);
      await expect(importing).rejects.toThrow(/the transaction ended/);
      expect(db.log).toEqual([...OPENING, "savepoint office_lent", 'select * from "tblProject"']);
      // The connection is free again.
      await statement(pool, "emp:2", "select 1");
      await pool.end();
    });

    it("lends nothing when its work does not lend: a select waits for the transaction's end", async () => {
      const db = loggingEngine();
      const pool = pglitePool(db, 60_000);
      const holding = db.holding();
      const plain = asCaller({ key: "emp:writer" }, async () => {
        const client = await pool.connect();
        for (const text of ["begin", "hold insert 1", "insert 2", "commit"]) await client.query(text, []);
        client.release();
      });
      await holding;
      const read = statement(pool, "emp:1", 'select * from "tblProject"', true);
      db.held.get("hold insert 1")?.();
      await Promise.all([plain, read]);
      expect(db.log).toEqual(["begin", "hold insert 1", "insert 2", "commit", 'select * from "tblProject"']);
      await pool.end();
    });
  });
});
