import { describe, expect, it, vi } from "vitest";
import { asCaller } from "../src/db/caller.js";
import { pglitePool } from "../src/db/pglite-pool.js";

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
});
